import { once } from '../../contract/once.ts'
import type { MoedaUsa } from '../../contract/schemas/knn-usa.ts'

// Made on first use (issue 7 TBT).
const FORMATS: Record<MoedaUsa, () => Intl.NumberFormat> = {
  USD: once(() => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'USD' })),
  GBP: once(() => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'GBP' })),
}

/** A class's price in its currency: 350000 USD → "US$ 3.500,00", GBP → "£ 2.900,00". */
export function formatForeign(cents: number, moeda: MoedaUsa): string {
  return FORMATS[moeda]().format(cents / 100)
}

const RATE = once(() => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', maximumFractionDigits: 4 }))

/** Reais per unit: 5.4321 → "R$ 5,4321". */
export function formatRate(taxa: number): string {
  return RATE().format(taxa)
}
