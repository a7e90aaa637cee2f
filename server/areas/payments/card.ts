import { randomBytes } from 'node:crypto'
import creditCardType from 'credit-card-type'
import { brazilDate } from '../../http/tmz.ts'

/**
 * Credit cards (D13): what can be known from the number alone, and the default gateway, a
 * sandbox that validates like a real one and answers test cards by number. A card's
 * number and CVV live only in the request being handled: never stored, never logged.
 */

export const CARD_BRANDS = ['visa', 'mastercard', 'elo', 'amex', 'hipercard', 'outra'] as const
export type CardBrand = (typeof CARD_BRANDS)[number]

/** Texts a student reads when a card is refused (422 before charging, 402 from the gateway). */
export const CARD_TEXTS = {
  invalidNumber: 'Número de cartão inválido.',
  expired: 'Cartão vencido.',
  invalidCvv: 'CVV inválido.',
  declined: 'Cartão recusado pelo banco emissor.',
  insufficientFunds: 'Saldo ou limite insuficiente.',
} as const

/** The Luhn check digit holds (any length; the contract already asks for 13–19 digits). */
export function luhnValid(number: string): boolean {
  if (!/^\d+$/.test(number)) return false
  let sum = 0
  for (let index = 0; index < number.length; index++) {
    let digit = number.charCodeAt(number.length - 1 - index) - 48
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/**
 * The brand from the number's first digits (its BIN), by Braintree's `credit-card-type`, which
 * keeps the Brazilian brands' ranges (Elo, Hipercard, Hiper) up to date as they change:
 * ranges copied by hand age silently (issue 40 item 14). Its most specific match wins (an Elo
 * BIN inside Visa's 4 is Elo). Hiper is Hipercard's own brand; a brand we do not name is `outra`.
 */
export function cardBrand(number: string): CardBrand {
  const [best] = creditCardType(number)
  switch (best?.type) {
    case 'visa':
    case 'mastercard':
    case 'elo':
    case 'hipercard':
      return best.type
    case 'hiper':
      return 'hipercard'
    case 'american-express':
      return 'amex'
    default:
      return 'outra'
  }
}

/** American Express prints 4 digits; the others 3. */
export function cvvFits(brand: CardBrand, cvv: string): boolean {
  return brand === 'amex' ? /^\d{4}$/.test(cvv) : /^\d{3}$/.test(cvv)
}

/** A card is valid through the last day of its expiry month, in Brazil's calendar. */
export function cardExpired(month: number, year: number, now: Date): boolean {
  const [currentYear, currentMonth] = brazilDate(now).split('-').map(Number) as [number, number]
  return year < currentYear || (year === currentYear && month < currentMonth)
}

/** What would make any gateway refuse the card before asking the bank, or null. */
export function cardProblem(card: Pick<CardChargeInput, 'number' | 'expiryMonth' | 'expiryYear' | 'cvv'>, now: Date): string | null {
  if (!luhnValid(card.number)) return CARD_TEXTS.invalidNumber
  if (cardExpired(card.expiryMonth, card.expiryYear, now)) return CARD_TEXTS.expired
  if (!cvvFits(cardBrand(card.number), card.cvv)) return CARD_TEXTS.invalidCvv
  return null
}

export interface CardChargeInput {
  /** Our reference for the charge (the row's txid), so a gateway can de-duplicate. */
  reference: string
  amountCents: number
  /** Card instalments (1 = à vista). */
  installments: number
  /** Each card instalment's amount in cents, `installments` of them adding up to `amountCents` (the last absorbs the rounding). */
  installmentAmountsCents: number[]
  holder: string
  number: string
  expiryMonth: number
  expiryYear: number
  cvv: string
}

export type CardChargeResult = { approved: true; authorization: string } | { approved: false; reason: string }

/** A card payment gateway: one charge, approved with its authorization code or declined with a reason in Portuguese. */
export interface CardGateway {
  charge(input: CardChargeInput): Promise<CardChargeResult>
}

/**
 * The sandbox's test cards: these two are refused with their reason, every other
 * valid number is approved (4111 1111 1111 1111 and 5555 5555 5555 4444 among them).
 */
export const SANDBOX_DECLINES: Readonly<Record<string, string>> = {
  '4000000000000002': CARD_TEXTS.declined,
  '4000000000009995': CARD_TEXTS.insufficientFunds,
}

/**
 * The default gateway (D13): no network, no money. It validates number (Luhn), expiry and
 * CVV as a real gateway would, then answers by the test numbers above.
 */
export function sandboxGateway(now: () => Date = () => new Date()): CardGateway {
  return {
    async charge(input) {
      // Our own mistake, not the card's: a real gateway refuses a split that does not add up.
      const split = input.installmentAmountsCents
      if (split.length !== input.installments || split.reduce((sum, cents) => sum + cents, 0) !== input.amountCents) {
        throw new RangeError('card instalments do not add up to the amount')
      }
      const problem = cardProblem(input, now())
      if (problem) return { approved: false, reason: problem }
      const decline = SANDBOX_DECLINES[input.number]
      if (decline) return { approved: false, reason: decline }
      // Six characters, like the authorization codes acquirers print on receipts.
      return { approved: true, authorization: randomBytes(3).toString('hex').toUpperCase() }
    },
  }
}
