import type { Db } from '../../db/client.ts'
import { cambioTaxas } from './schema.ts'

/**
 * The demo's rate table (D30): plausible reais per unit, dated the seed's day. A rate
 * already there (the school's) is left as it is.
 */
export const DEMO_RATES = { USD: 5_341_200, EUR: 6_158_700, GBP: 7_023_500 } as const

export async function seedCambio(db: Db, today: string): Promise<void> {
  await db
    .insert(cambioTaxas)
    .values(
      Object.entries(DEMO_RATES).map(([moeda, taxaMilionesimos]) => ({
        moeda: moeda as keyof typeof DEMO_RATES,
        taxaMilionesimos,
        data: today,
      })),
    )
    .onConflictDoNothing()
}
