import type { FastifyInstance } from 'fastify'
import accountLookupRoutes from './auth/account-lookup-routes.ts'
import activityRoutes from './activities/routes.ts'
import onlineClassRoutes from './online-classes/routes.ts'
import bookRoutes from './books/routes.ts'
import cambioRoutes from './cambio/routes.ts'
import chatRoutes from './chat/routes.ts'
import clubRoutes from './club/routes.ts'
import clubStaffRoutes from './club/staff-routes.ts'
import configRoutes from './config/routes.ts'
import emailVerificationRoutes from './auth/email-verification-routes.ts'
import englishTestRoutes from './english-test/routes.ts'
import instalmentRoutes from './instalments/routes.ts'
import loginRoutes from './auth/login-routes.ts'
import knnUsaRoutes from './overseas-study/routes.ts'
import managerOrderRoutes from './orders/staff-routes.ts'
import passwordRecoveryRoutes from './auth/password-recovery-routes.ts'
import orderRoutes from './orders/routes.ts'
import preInvoiceRoutes from './orders/create-routes.ts'
import practiceRoutes from './practice/routes.ts'
import pushNotificationRoutes from './push/devices-routes.ts'
import pushSendingRoutes from './push/sending-routes.ts'
import referralRoutes from './referral/routes.ts'
import registrationRoutes from './users/registration-routes.ts'
import sessionRoutes from './auth/sessions-routes.ts'
import travelCampaignRoutes from './travel-campaign/routes.ts'
import classRoutes from './classes/routes.ts'
import userRoutes from './users/routes.ts'

/** The portal API (mounted under /api/v1 by the contract, D1): one module per area. */
export default async function portalRoutes(app: FastifyInstance) {
  await app.register(configRoutes)
  await app.register(loginRoutes)
  await app.register(passwordRecoveryRoutes)
  await app.register(userRoutes)
  await app.register(sessionRoutes)
  await app.register(registrationRoutes)
  await app.register(emailVerificationRoutes)
  await app.register(accountLookupRoutes)
  await app.register(classRoutes)
  await app.register(activityRoutes)
  await app.register(onlineClassRoutes)
  await app.register(instalmentRoutes)
  await app.register(orderRoutes)
  await app.register(preInvoiceRoutes)
  await app.register(bookRoutes)
  await app.register(englishTestRoutes)
  await app.register(practiceRoutes)
  await app.register(pushNotificationRoutes)
  await app.register(pushSendingRoutes)
  await app.register(managerOrderRoutes)
  await app.register(clubRoutes)
  await app.register(clubStaffRoutes)
  await app.register(referralRoutes)
  await app.register(travelCampaignRoutes)
  await app.register(chatRoutes)
  await app.register(cambioRoutes)
  await app.register(knnUsaRoutes)
}
