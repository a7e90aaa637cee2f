import type { CotacaoCambio } from '../../contract/schemas/cambio.ts'

/**
 * How long a quote can still be paid on this device. The server decides (D30: 15
 * minutes from `cotada_em`); the screen counts the same length from the moment the answer
 * arrived, so a device whose clock is off still counts the right minutes. Its "válida até"
 * is the server's `valida_ate` in the device's time zone.
 */
export function quoteDeadline(cotacao: Pick<CotacaoCambio, 'cotada_em' | 'valida_ate'>, receivedAt: number): number {
  const validMs = Date.parse(cotacao.valida_ate) - Date.parse(cotacao.cotada_em)
  return receivedAt + Math.max(0, validMs)
}
