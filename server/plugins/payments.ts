import fp from 'fastify-plugin'
import { sandboxGateway, type CardGateway } from '../payments/card.ts'

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments
  }
}

/** Who receives Pix payments: written into every BR Code (D13). */
export interface PixPayee {
  key: string
  merchantName: string
  merchantCity: string
}

export interface Payments {
  /** Charges credit cards: the sandbox by default (D13, P145). */
  card: CardGateway
  pix: PixPayee
}

export interface PaymentsPluginOptions {
  /** Another card gateway than the sandbox (a real acquirer's adapter; tests: one that counts its charges). */
  cardGateway?: CardGateway
}

/**
 * Payments (issue 12): the card gateway, an outside system behind one interface like mail
 * and file storage, and the Pix receiver from the configuration. Pix itself needs no
 * connection here: a BR Code is built locally and the bank's confirmation arrives later
 * (in the demo, from /dev/pix).
 */
export default fp<PaymentsPluginOptions>(
  async (app, options) => {
    if (!options.cardGateway && app.config.production) {
      app.log.warn('card payments go to the sandbox gateway: test cards are approved, no money moves')
    }
    app.decorate('payments', {
      card: options.cardGateway ?? sandboxGateway(),
      pix: { ...app.config.pix },
    } satisfies Payments)
  },
  { name: 'payments', dependencies: ['db'], fastify: '5.x' },
)
