import { brCode, crc16 } from './brcode.ts'

/**
 * Pix charges (D13): who makes the BR Code a student pays. The default builds it
 * here with the school's key (a static code carrying our txid), confirmed in the demo from
 * /dev/pix; a payment provider (server/areas/payments/provider.ts) registers the charge and
 * answers its own code, and confirms it later by a signed webhook.
 */

/** Who receives Pix payments: written into every locally built BR Code (D13). */
export interface PixPayee {
  key: string
  merchantName: string
  merchantCity: string
}

export interface PixChargeInput {
  /** Our reference of the charge (25 letters and digits): the provider's txid too. */
  txid: string
  amountCents: number
  /** After this the code is no longer paid. */
  expiresAt: Date
  /** What it pays, as the payer's bank app may show it ("Parcela 3/6"). */
  description: string
}

export interface PixGateway {
  /** `local`: the BR Code built here, confirmed from /dev/pix; `provider`: a PSP's, confirmed by its webhook. */
  readonly kind: 'local' | 'provider'
  /** The "copia e cola" of a new charge; throws when the provider cannot be reached (nothing to show). */
  createCharge(input: PixChargeInput): Promise<string>
}

/** The default (D13): a static BR Code with the school's key and our txid, no network. */
export function localPixGateway(payee: PixPayee): PixGateway {
  return {
    kind: 'local',
    async createCharge(input) {
      return brCode({ ...payee, txid: input.txid, amountCents: input.amountCents })
    },
  }
}

/** Whether `payload` looks like a BR Code a Pix app would read: EMV format 01 first, its CRC16 last. */
export function brCodeChecks(payload: string): boolean {
  if (!/^000201[\x20-\x7e]+6304[0-9A-F]{4}$/.test(payload) || payload.length > 512) return false
  return crc16(payload.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0') === payload.slice(-4)
}

/** What a Pix charge pays, as the payer's bank app shows it. */
export const PIX_DESCRIPTIONS = {
  parcela: 'Parcela do curso',
  pedido: 'Pedido de livros',
  cambio: 'Compra de moeda (câmbio)',
  knnUsa: 'Intercâmbio KNN',
} as const
