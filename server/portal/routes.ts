import type { FastifyInstance } from 'fastify'
import accountLookupRoutes from './account-lookup.ts'
import atividadeRoutes from './atividades.ts'
import aulaOnlineRoutes from './aula-online.ts'
import bookRoutes from './books.ts'
import cambioRoutes from './cambio.ts'
import chatRoutes from './chat.ts'
import clubRoutes from './club.ts'
import clubGestaoRoutes from './club-gestao.ts'
import configRoutes from './config.ts'
import emailVerificationRoutes from './email-verification.ts'
import englishTestRoutes from './english-test.ts'
import financeiroRoutes from './financeiro.ts'
import loginRoutes from './login.ts'
import knnUsaRoutes from './knn-usa.ts'
import managerOrderRoutes from './manager-orders.ts'
import passwordRecoveryRoutes from './password-recovery.ts'
import pedidoRoutes from './pedidos.ts'
import preInvoiceRoutes from './pre-invoice.ts'
import praticaRoutes from './pratica.ts'
import pushNotificationRoutes from './push-notifications.ts'
import pushSendingRoutes from './push-sending.ts'
import referralRoutes from './referral.ts'
import registrationRoutes from './registration.ts'
import sessionRoutes from './sessions.ts'
import travelCampaignRoutes from './travel-campaigns.ts'
import turmaRoutes from './turmas.ts'
import userRoutes from './users.ts'

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
  await app.register(turmaRoutes)
  await app.register(atividadeRoutes)
  await app.register(aulaOnlineRoutes)
  await app.register(financeiroRoutes)
  await app.register(pedidoRoutes)
  await app.register(preInvoiceRoutes)
  await app.register(bookRoutes)
  await app.register(englishTestRoutes)
  await app.register(praticaRoutes)
  await app.register(pushNotificationRoutes)
  await app.register(pushSendingRoutes)
  await app.register(managerOrderRoutes)
  await app.register(clubRoutes)
  await app.register(clubGestaoRoutes)
  await app.register(referralRoutes)
  await app.register(travelCampaignRoutes)
  await app.register(chatRoutes)
  await app.register(cambioRoutes)
  await app.register(knnUsaRoutes)
}
