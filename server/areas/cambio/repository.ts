import { and, eq, sql } from 'drizzle-orm'
import type { MoedaEstrangeira } from '../../../src/contract/schemas/cambio.ts'
import type { Conversion } from './conversion.ts'
import type { Db } from '../../db/client.ts'
import { cambioCotacoes, cambioTaxas, type CambioCotacaoRow, type CambioTaxaRow } from './schema.ts'
import { isSerialId } from '../../db/ids.ts'

/** The rows the routes turn into answers. */
export type { CambioCotacaoRow } from './schema.ts'

/** How long a quote can be paid (D30). */
export const QUOTE_VALID_MS = 15 * 60_000

/** The configured rate of one currency (D30), or null when the table has none. */
export async function rateOf(db: Db, moeda: MoedaEstrangeira): Promise<CambioTaxaRow | null> {
  const [row] = await db.select().from(cambioTaxas).where(eq(cambioTaxas.moeda, moeda))
  return row ?? null
}

/** Sets (or replaces) a currency's rate for a day: the school's table, and the demo's seed. */
export async function setRate(db: Db, moeda: MoedaEstrangeira, taxaMilionesimos: number, data: string): Promise<void> {
  await db
    .insert(cambioTaxas)
    .values({ moeda, taxaMilionesimos, data })
    .onConflictDoUpdate({ target: cambioTaxas.moeda, set: { taxaMilionesimos, data } })
}

/** Records the caller's quote at `now`, valid 15 minutes. */
export async function recordQuote(
  db: Db,
  userId: number,
  conversion: Conversion,
  rate: Pick<CambioTaxaRow, 'taxaMilionesimos' | 'data'>,
  now: Date,
): Promise<CambioCotacaoRow> {
  const [row] = await db
    .insert(cambioCotacoes)
    .values({
      userId,
      ...conversion,
      taxaMilionesimos: rate.taxaMilionesimos,
      taxaData: rate.data,
      createdAt: now,
      validaAte: new Date(now.getTime() + QUOTE_VALID_MS),
    })
    .returning()
  return row!
}

/** The caller's quote (D7: another student's is not found). */
export async function studentQuote(db: Db, userId: number, id: number): Promise<CambioCotacaoRow | null> {
  if (!isSerialId(id)) return null
  const [row] = await db
    .select()
    .from(cambioCotacoes)
    .where(and(eq(cambioCotacoes.id, id), eq(cambioCotacoes.userId, userId)))
  return row ?? null
}

/**
 * Dates a quote back `minutes` (its simulation and its end alike), as if simulated that long
 * ago: the tests' clock, and /dev/cambio's for the browser tests. Never in production.
 */
export async function ageQuote(db: Db, id: number, minutes: number): Promise<boolean> {
  if (!isSerialId(id)) return false
  const secs = minutes * 60
  const rows = await db
    .update(cambioCotacoes)
    .set({
      createdAt: sql`${cambioCotacoes.createdAt} - make_interval(secs => ${secs})`,
      validaAte: sql`${cambioCotacoes.validaAte} - make_interval(secs => ${secs})`,
    })
    .where(eq(cambioCotacoes.id, id))
    .returning({ id: cambioCotacoes.id })
  return rows.length > 0
}
