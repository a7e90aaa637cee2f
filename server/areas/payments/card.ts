import { randomBytes } from 'node:crypto'
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

/** Inclusive ranges of 6-digit BINs. Elo and Hipercard share prefixes with Visa and Mastercard, so they are tried first. */
type BinRanges = readonly (readonly [number, number])[]

const ELO_BINS: BinRanges = [
  [401178, 401179],
  [431274, 431274],
  [438935, 438935],
  [451416, 451416],
  [457393, 457393],
  [457631, 457632],
  [504175, 504175],
  [506699, 506778],
  [509000, 509999],
  [627780, 627780],
  [636297, 636297],
  [636368, 636368],
  [650031, 650033],
  [650035, 650051],
  [650405, 650439],
  [650485, 650538],
  [650541, 650598],
  [650700, 650718],
  [650720, 650727],
  [650901, 650920],
  [651652, 651679],
  [655000, 655019],
  [655021, 655058],
]

const HIPERCARD_BINS: BinRanges = [
  [384100, 384100],
  [384140, 384140],
  [384160, 384160],
  [606282, 606282],
  [637095, 637095],
  [637568, 637568],
  [637599, 637599],
  [637609, 637609],
  [637612, 637612],
]

function inBins(bin: number, ranges: BinRanges): boolean {
  return ranges.some(([from, to]) => bin >= from && bin <= to)
}

/** The brand from the number's first digits (its BIN). */
export function cardBrand(number: string): CardBrand {
  const bin = Number(number.slice(0, 6))
  if (inBins(bin, ELO_BINS)) return 'elo'
  if (inBins(bin, HIPERCARD_BINS)) return 'hipercard'
  if (/^3[47]/.test(number)) return 'amex'
  const four = Number(number.slice(0, 4))
  if (/^5[1-5]/.test(number) || (four >= 2221 && four <= 2720)) return 'mastercard'
  if (number.startsWith('4')) return 'visa'
  return 'outra'
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
