import type { Moeda, MoedaEstrangeira } from '../../../src/contract/schemas/cambio.ts'

/**
 * The câmbio's arithmetic (D30), in integer cents and BigInt so nothing is lost to
 * floating point. The rate is reais per unit in millionths (5,3412 → 5_341_200). Every
 * division rounds half up to the cent: foreign → reais is `valor × taxa / 10⁶`, reais →
 * foreign `valor × 10⁶ / taxa`; IOF is 1.1 % of the reais (half up), and the total is reais
 * + IOF. From reais, the amount typed is what is converted; the IOF is added on top.
 */

/** D30: IOF on buying foreign currency (cash or card), in thousandths: 1.1 %. */
export const IOF_THOUSANDTHS = 11
export const IOF_PERCENT = IOF_THOUSANDTHS / 10

const MILLION = 1_000_000n

/** The rate as reais per unit for an answer's `taxa` (5_341_200 → 5.3412). */
export function ratePerUnit(taxaMilionesimos: number): number {
  return taxaMilionesimos / 1_000_000
}

/** a / b rounded half up, both positive. */
function divideHalfUp(a: bigint, b: bigint): bigint {
  return (a * 2n + b) / (b * 2n)
}

export interface Conversion {
  moeda: MoedaEstrangeira
  deReais: boolean
  valorMoedaCentavos: number
  valorReaisCentavos: number
  iofCentavos: number
  totalCentavos: number
}

/** Converts `valor` cents from `origem` (BRL or the foreign currency) at `taxaMilionesimos`. */
export function convert(moeda: MoedaEstrangeira, origem: Moeda, valor: number, taxaMilionesimos: number): Conversion {
  const deReais = origem === 'BRL'
  const taxa = BigInt(taxaMilionesimos)
  const typed = BigInt(valor)
  const valorReais = deReais ? typed : divideHalfUp(typed * taxa, MILLION)
  const valorMoeda = deReais ? divideHalfUp(typed * MILLION, taxa) : typed
  const iof = divideHalfUp(valorReais * BigInt(IOF_THOUSANDTHS), 1000n)
  return {
    moeda,
    deReais,
    valorMoedaCentavos: Number(valorMoeda),
    valorReaisCentavos: Number(valorReais),
    iofCentavos: Number(iof),
    totalCentavos: Number(valorReais + iof),
  }
}

/** a / b rounded up, both positive. */
function divideUp(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b
}

/**
 * The smallest amount (cents of `origem`) whose conversion is at least one cent of the
 * other side: below it the quote would carry 0 (issue 36 item 4; the table refuses a zero
 * amount). Half up reaches one cent from half a cent: from reais `valor × 10⁶ ≥ taxa / 2`,
 * from the foreign currency `valor × taxa ≥ 10⁶ / 2`. US$ at 5,3412 → R$ 0,03.
 */
export function minimumAmount(origem: Moeda, taxaMilionesimos: number): number {
  const taxa = BigInt(taxaMilionesimos)
  const minimum = origem === 'BRL' ? divideUp(taxa, 2n * MILLION) : divideUp(MILLION, 2n * taxa)
  return Number(minimum > 1n ? minimum : 1n)
}

const SYMBOLS: Readonly<Record<Moeda, string>> = { BRL: 'R$', USD: 'US$', EUR: '€', GBP: '£' }
const CURRENCY_NAMES: Readonly<Record<Moeda, string>> = { BRL: 'real', USD: 'dólar', EUR: 'euro', GBP: 'libra' }

/** "R$ 0,03" (the symbols of the simulator's screen, src/features/cambio/money.ts). */
function writtenAmount(centavos: number, moeda: Moeda): string {
  const inteiro = String(Math.floor(centavos / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${SYMBOLS[moeda]} ${inteiro},${String(centavos % 100).padStart(2, '0')}`
}

/** The 422 of an amount below `minimumAmount`: the minimum, and why. */
export function minimumAmountMessage(origem: Moeda, destino: Moeda, minimum: number): string {
  return `O valor mínimo desta conversão é ${writtenAmount(minimum, origem)}: abaixo disso, não chega a 1 centavo de ${CURRENCY_NAMES[destino]}.`
}
