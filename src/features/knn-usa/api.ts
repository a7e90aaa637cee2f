import { useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api.ts'
import { knnUsaEndpoints } from '../../contract/endpoints/knn-usa.ts'
import type { KnnUsaRequest, ProgramaUsa, TipoDocumentoUsa } from '../../contract/schemas/knn-usa.ts'
import type { KnnUsaState, PortalDb } from '../../db/database.ts'
import { loadLocalData } from '../../db/local.ts'
import { syncTicket } from '../../db/sync-start.ts'
import { answerAsIs, offlineQueryOptions, useOfflineData, type LocalSnapshot } from '../../db/use-offline-data.ts'

/**
 * KNN Orlando and London by Phenom on the device (issue 14, D28, D29): each programme
 * page's classes, books, documents asked and the student's latest request, fetched together
 * into the programme's sync row and drawn from there, so the page reads offline after a reload.
 */

const SYNC_KEY = { orlando: 'knnUsaOrlando', london: 'knnUsaLondon' } as const satisfies Record<ProgramaUsa, string>

function programaEntity(programa: ProgramaUsa) {
  const key = SYNC_KEY[programa]
  return {
    options: offlineQueryOptions(['offline', key], async (device, show: (answer: KnnUsaState) => void) => {
      const ticket = syncTicket()
      const [turmas, livros, documentos, request] = await Promise.all([
        api.call(knnUsaEndpoints.knnUsaTurmas, { query: { programa } }),
        api.call(knnUsaEndpoints.knnUsaLivros, { query: { programa } }),
        api.call(knnUsaEndpoints.knnUsaDocumentos),
        api.call(knnUsaEndpoints.knnUsaMinhaRequest),
      ])
      const state = { turmas, livros, documentos, request }
      // Drawn now, before the device database has stored it (docs/offline-and-sync.md#a-screen-draws-its-answer-before-the-database-has-it).
      show(state)
      await (await device).storeSyncRow(key, state, { ticket })
    }),
    fromAnswer: answerAsIs,
    read: async (db: PortalDb): Promise<LocalSnapshot<KnnUsaState> | null> => {
      const row = await db.syncState.get(key)
      const value = row?.[key]
      return row && value ? { value, updatedAt: row.updatedAt } : null
    },
  }
}

const ENTITIES = { orlando: programaEntity('orlando'), london: programaEntity('london') }

/** The route loader starts this with `/users/me/` (issue 7). */
export function programaQueryOptions(programa: ProgramaUsa) {
  return ENTITIES[programa].options
}

export function useProgramaUsa(programa: ProgramaUsa) {
  return useOfflineData<KnnUsaState>({ ...ENTITIES[programa], deps: [programa] })
}

/**
 * The request the server just answered goes into both programmes' rows at once (the page
 * shows it without waiting), then both are fetched again (seats left changed too).
 */
export function useRequestAnswered() {
  const queryClient = useQueryClient()
  return async (request: KnnUsaRequest) => {
    const local = await loadLocalData()
    const ticket = local.syncTicket()
    for (const programa of ['orlando', 'london'] as const) {
      const stored = await ENTITIES[programa].read(local.localDb)
      if (stored) await local.storeSyncRow(SYNC_KEY[programa], { ...stored.value, request }, { ticket, now: stored.updatedAt })
    }
    for (const entity of Object.values(ENTITIES)) void queryClient.invalidateQueries({ queryKey: entity.options.queryKey })
  }
}

/** Files in the order `documentos` names them (`documentos[i]` names `files[i]`). */
function filesOf(documentos: readonly TipoDocumentoUsa[], files: Partial<Record<TipoDocumentoUsa, File>>): File[] {
  return documentos.map((tipo) => files[tipo]).filter((file): file is File => file !== undefined)
}

/** A minute per upload at least: documents of 10 MB on a slow line take longer than a plain call. */
const UPLOAD_TIMEOUT_MS = 120_000

/** Sends a request (multipart, online only) with the upload's progress. */
export function sendRequest(
  body: { documentos: TipoDocumentoUsa[] } & Record<string, unknown>,
  files: Partial<Record<TipoDocumentoUsa, File>>,
  onUploadProgress: (fraction: number) => void,
) {
  return api.call(knnUsaEndpoints.knnUsaCriarRequest, {
    body: { knn_usa_request_in: JSON.stringify(body) },
    files: { files: filesOf(body.documentos, files) },
    onUploadProgress,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  })
}

/** Sends again the documents the school asked (`PATCH …/resend-document/`). */
export function resendDocuments(
  requestId: number,
  documentos: TipoDocumentoUsa[],
  files: Partial<Record<TipoDocumentoUsa, File>>,
  onUploadProgress: (fraction: number) => void,
) {
  return api.call(knnUsaEndpoints.knnUsaReenviarDocumentos, {
    params: { id: requestId },
    body: { knn_usa_resend_in: JSON.stringify({ documentos }) },
    files: { files: filesOf(documentos, files) },
    onUploadProgress,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  })
}

export function deleteRequest(requestId: number) {
  return api.call(knnUsaEndpoints.knnUsaExcluirRequest, { params: { id: requestId } })
}

/** What paying an approved request costs today (online only, not kept: the rate is the day's). */
export function useOverseasPayment(requestId: number) {
  return useQuery({
    queryKey: ['knnUsa', 'pagamento', requestId],
    queryFn: () => api.call(knnUsaEndpoints.knnUsaPagamento, { params: { id: requestId } }),
  })
}
