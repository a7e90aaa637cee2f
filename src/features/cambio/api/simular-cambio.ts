import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { cambioEndpoints } from '../../../contract/endpoints/cambio.ts'
import type { CotacaoCambio, SimulacaoCambioIn } from '../../../contract/schemas/cambio.ts'

/** A quote and the moment this device received it (its 15 minutes are counted from then). */
export interface CotacaoRecebida {
  cotacao: CotacaoCambio
  receivedAt: number
}

/**
 * Records a quote on the server (D30): online only, never queued or paused (a rate is
 * of its moment), so a call without a connection fails at once and says so.
 */
export async function simularCambio(body: SimulacaoCambioIn): Promise<CotacaoRecebida> {
  const cotacao = await api.call(cambioEndpoints.simularCambio, { body })
  return { cotacao, receivedAt: Date.now() }
}

export function useSimularCambio() {
  return useMutation({ mutationFn: simularCambio, networkMode: 'always' })
}
