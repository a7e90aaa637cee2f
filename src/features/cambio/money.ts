import type { Moeda } from '../../contract/schemas/cambio.ts'
import { formatMoney } from '../../ui/format.ts'
import { unmask } from '../../ui/mask.ts'

/**
 * The money field of the simulator: digits fill from the cents, as a bank app's
 * amount field does ("1" → "0,01", "12345" → "123,45", "123456" → "1.234,56"). The text
 * shown is the only state; cents are read back from it.
 */

/** The most digits the field keeps: 100.000,00 (CAMBIO_VALOR_MAXIMO) has 8; one more lets the server's "máximo" message show. */
const MAX_DIGITS = 9

/** What the field shows for what was typed (any characters; only digits count). */
export function formatMoneyInput(typed: string): string {
  const digits = unmask(typed).replace(/^0+/, '').slice(0, MAX_DIGITS)
  if (digits === '') return ''
  const padded = digits.padStart(3, '0')
  const whole = padded.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${whole},${padded.slice(-2)}`
}

/** The cents the field's text stands for; null while it is empty or zero. */
export function centsFromMoneyInput(shown: string): number | null {
  const digits = unmask(shown)
  const cents = digits === '' ? 0 : Number(digits)
  return cents > 0 ? cents : null
}

/** The field's text for an amount in cents (the quote's own amount, to re-quote it). */
export function moneyInputFromCents(cents: number): string {
  return formatMoneyInput(String(cents))
}

const SYMBOLS: Record<Moeda, string> = { BRL: 'R$', USD: 'US$', EUR: '€', GBP: '£' }

/** "US$ 100,00", "€ 1.234,56", "R$ 534,12": the same digits as formatMoney, the currency's symbol. */
export function formatCurrency(cents: number, moeda: Moeda): string {
  const reais = formatMoney(cents)
  return moeda === 'BRL' ? reais : reais.replace('R$', SYMBOLS[moeda])
}

/** The rate as the server gives it (reais per unit, up to 6 decimals), with at least 4: "5,3412". */
export function formatRate(taxa: number): string {
  const [whole = '0', fraction = ''] = String(taxa).split('.')
  return `${whole},${fraction.padEnd(4, '0')}`
}

/** 1.1 → "1,1". */
export function formatPercent(value: number): string {
  return String(value).replace('.', ',')
}
