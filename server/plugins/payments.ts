import fp from 'fastify-plugin'
import { sandboxGateway, type CardGateway } from '../areas/payments/card.ts'
import { localPixGateway, type PixGateway } from '../areas/payments/pix.ts'
import { providerCardGateway, providerPixGateway } from '../areas/payments/provider.ts'

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments
  }
}

export interface Payments {
  /** Charges credit cards: the sandbox by default (D13), the provider when configured. */
  card: CardGateway
  /** Makes Pix charges: the local BR Code by default, the provider's when configured. */
  pix: PixGateway
  /** The secret the provider signs its Pix webhook with; null: no provider, every delivery refused. */
  webhookSecret: string | null
}

export interface PaymentsPluginOptions {
  /** Another card gateway than the configured one (tests: one that counts its charges). */
  cardGateway?: CardGateway
}

/**
 * Payments (issue 12): the card gateway and the Pix charges, an outside system behind one
 * interface like mail and file storage. With nothing configured, the sandbox gateway and
 * BR Codes built here (the bank's confirmation comes from /dev/pix in the demo); with
 * PAYMENT_PROVIDER_URL, the provider's adapter for both, its confirmations arriving by the
 * signed webhook (server/areas/payments/webhook-routes.ts).
 */
export default fp<PaymentsPluginOptions>(
  async (app, options) => {
    const provider = app.config.paymentProvider
    if (!provider && !options.cardGateway && app.config.production) {
      app.log.warn('card payments go to the sandbox gateway: test cards are approved, no money moves')
    }
    // Where, never with what: the token and the webhook's secret stay out of the log.
    if (provider) app.log.info({ provider: new URL(provider.url).host }, 'payments go through the payment provider')
    app.decorate('payments', {
      card: options.cardGateway ?? (provider ? providerCardGateway(provider, app.log) : sandboxGateway()),
      pix: provider ? providerPixGateway(provider, app.config.pix) : localPixGateway(app.config.pix),
      webhookSecret: provider?.webhookSecret ?? null,
    } satisfies Payments)
  },
  { name: 'payments', dependencies: ['db'], fastify: '5.x' },
)
