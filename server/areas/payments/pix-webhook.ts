import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { PixRecebido, ResultadoPix } from '../../../src/contract/schemas/pix-webhook.ts'
import type { Db } from '../../db/client.ts'
import { confirmPixCharge, TXID_PATTERN } from './repository.ts'
import { cobrancas } from './schema.ts'

/** "451.00" → 45100, in integers (no float rounding). */
export function centsOf(valor: string): number {
  const [reais, centavos] = valor.split('.') as [string, string]
  return Number(reais) * 100 + Number(centavos)
}

/**
 * One Pix the provider says it received (D13): the charge it names is confirmed through
 * `confirmPixCharge`, the function /dev/pix calls, so a repeated or concurrent delivery pays
 * once. Paid at the bank's time (`horario`), never later than now: a delivery retried after
 * the code's expiry still pays a Pix made in time. What must be refunded (an amount other
 * than the charge's, a code past its time, an instalment already paid) is logged as an error
 * for the school, with the charge's id and never the payer.
 */
export async function receivePix(db: Db, pix: PixRecebido, now: Date, log: FastifyBaseLogger): Promise<ResultadoPix> {
  const [charge] = TXID_PATTERN.test(pix.txid)
    ? await db
        .select({ id: cobrancas.id, valorCentavos: cobrancas.valorCentavos })
        .from(cobrancas)
        .where(and(eq(cobrancas.txid, pix.txid), eq(cobrancas.metodo, 'pix')))
    : []
  const logged = { txid: pix.txid, endToEndId: pix.endToEndId }
  if (!charge) {
    log.warn(logged, 'pix webhook: no charge has this txid, ignored')
    return 'desconhecido'
  }
  const valorCentavos = centsOf(pix.valor)
  if (valorCentavos !== charge.valorCentavos) {
    log.error({ ...logged, cobranca: charge.id, valorCentavos }, 'pix webhook: amount differs from the charge, not confirmed: refund it')
    return 'valor-divergente'
  }
  const at = new Date(Math.min(Date.parse(pix.horario), now.getTime()))
  const result = await confirmPixCharge(db, pix.txid, at)
  if (result.confirmed) {
    if (result.alreadyPaid) log.error({ ...logged, cobranca: charge.id }, 'Pix received for an instalment or order already paid: refund it')
    else log.info({ ...logged, cobranca: charge.id }, 'pix confirmed by the provider')
    return 'confirmado'
  }
  if (result.reason === 'already-confirmed') return 'ja-confirmado'
  if (result.reason === 'expired') {
    log.error({ ...logged, cobranca: charge.id }, 'Pix received after its code expired: refund it')
    return 'expirado'
  }
  return 'desconhecido'
}
