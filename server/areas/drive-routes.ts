import type { FastifyInstance } from 'fastify'
import paymentRoutes from './payments/routes.ts'
import pixWebhookRoutes from './payments/webhook-routes.ts'
import driveUserRoutes from './users/drive-routes.ts'

/** The drive API (billing, password), in this process under DRIVE_BASE_PATH (D1). */
export default async function driveRoutes(app: FastifyInstance) {
  await app.register(driveUserRoutes)
  await app.register(paymentRoutes)
  // The payment provider's Pix confirmations: public, signed.
  await app.register(pixWebhookRoutes)
}
