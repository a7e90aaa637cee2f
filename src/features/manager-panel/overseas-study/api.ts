import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { PANEL_PAGE_SIZE } from '../components/pager.tsx'
import { knnUsaEndpoints } from '../../../contract/endpoints/knn-usa.ts'
import type { ProgramaUsa, StatusRequestUsa, TipoDocumentoUsa } from '../../../contract/schemas/knn-usa.ts'

/**
 * The managers' review of KNN Orlando and London by Phenom requests (issue 14, D28, D31):
 * online only like the rest of the panel, `networkMode: 'online'` and
 * nothing kept on the device (the passport numbers included); every move re-reads the list
 * and the request, whatever the answer (a 409 means the screen was out of date).
 */

const OVERSEAS_KEY = ['manager-panel', 'knn-usa'] as const

export const overseasRequestsQuery = (status: StatusRequestUsa | undefined, programa: ProgramaUsa | undefined, page: number) =>
  queryOptions({
    queryKey: [...OVERSEAS_KEY, 'list', status ?? 'all', programa ?? 'all', page],
    queryFn: () =>
      api.call(knnUsaEndpoints.knnUsaGestaoRequests, {
        query: { status, programa, limit: PANEL_PAGE_SIZE, offset: page * PANEL_PAGE_SIZE },
      }),
    networkMode: 'online',
  })

export const overseasRequestQuery = (id: number) =>
  queryOptions({
    queryKey: [...OVERSEAS_KEY, 'one', id],
    queryFn: () => api.call(knnUsaEndpoints.knnUsaGestaoRequest, { params: { id } }),
    networkMode: 'online',
  })

/** A manager's move on a request, from the status seen (`de`). */
export type OverseasMove =
  | { kind: 'aprovar'; id: number; de: StatusRequestUsa }
  | { kind: 'pedirDocumentos'; id: number; de: StatusRequestUsa; tipos: TipoDocumentoUsa[]; motivo: string }
  | { kind: 'cancelar'; id: number; de: StatusRequestUsa; motivo: string }

function send(move: OverseasMove) {
  const params = { id: move.id }
  switch (move.kind) {
    case 'aprovar':
      return api.call(knnUsaEndpoints.knnUsaAprovar, { params, body: { de: move.de } })
    case 'pedirDocumentos':
      return api.call(knnUsaEndpoints.knnUsaPedirDocumentos, { params, body: { de: move.de, tipos: move.tipos, motivo: move.motivo } })
    case 'cancelar':
      return api.call(knnUsaEndpoints.knnUsaCancelar, { params, body: { de: move.de, motivo: move.motivo } })
  }
}

export function useOverseasMove() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    networkMode: 'online',
    onSettled: () => queryClient.invalidateQueries({ queryKey: OVERSEAS_KEY }),
  })
}

/** A document's bytes, with the session's token (the endpoint answers owners and managers only). */
export const overseasDocument = (requestId: number, documentoId: number) =>
  api.call(knnUsaEndpoints.knnUsaDocumento, { params: { id: requestId, x: documentoId } })
