import { api } from '../../../api/api.ts'
import { ApiError } from '../../../api/client.ts'
import { contract } from '../../../api/contract.ts'
import { pontuarTeste, type TestePratica } from '../../../api/schemas/pratica.ts'
import type { PendingPraticaResult } from '../../../db/database.ts'
import { loadLocalData } from '../../../db/local.ts'

/**
 * A finished practice test: scored on the device at once (it works offline, P111), kept in
 * the device's database and sent with its own `Idempotency-Key` until the server confirms
 * it (P113, P115). The coordinator will route `savePracticeResult` through the outbox of
 * D16 (issue 10); until then the signed-in layout sends the pending ones at app start and
 * on `online` (src/app/routes/-components/authenticated-layout.tsx).
 */

export type Resposta = { questao: number; opcao: number }

/** Scores `respostas` on the device, keeps the result and tries to send it now. */
export async function savePracticeResult(turmaId: number, teste: TestePratica, respostas: Resposta[]): Promise<PendingPraticaResult> {
  const score = pontuarTeste(teste.questoes, respostas)
  if (!score) throw new Error('answers do not fit the test')
  const { localDb, mayWrite, syncTicket } = await loadLocalData()
  const ticket = syncTicket()
  const item: PendingPraticaResult = {
    key: crypto.randomUUID(),
    turma_id: turmaId,
    teste_id: teste.id,
    respostas,
    feito_em: new Date().toISOString(),
    ...score,
    estado: 'pendente',
  }
  if (!(await mayWrite(ticket))) return item
  await localDb.praticaResultados.put(item)
  await sendResult(item)
  return item
}

/** One send at a time per result: a second `online` while one is in flight does not double it. */
const inFlight = new Map<string, Promise<void>>()

/**
 * Sends one pending result. Confirmed (201, or 200 for a replay) → "enviado" with the
 * server's result; refused (4xx) → "recusado" with the server's words, kept for the student
 * to see (D16: never dropped silently); no connection or 5xx → stays pending.
 */
function sendResult(item: PendingPraticaResult): Promise<void> {
  const running = inFlight.get(item.key)
  if (running) return running
  const attempt = (async () => {
    const { localDb } = await loadLocalData()
    try {
      const resultado = await api.call(contract.salvarResultadoPratica, {
        params: { id: item.turma_id, x: item.teste_id },
        headers: { 'idempotency-key': item.key },
        body: { respostas: item.respostas, feito_em: item.feito_em },
      })
      await localDb.praticaResultados.update(item.key, { estado: 'enviado', resultado })
      await updateBestScore(item.turma_id, item.teste_id, resultado.melhor_nota)
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 401 &&
        error.status !== 408 &&
        error.status !== 429
      ) {
        await localDb.praticaResultados.update(item.key, { estado: 'recusado', erro: error.message })
      }
      // Otherwise (offline, timeout, 5xx, a 401 that logs out): it stays pending.
    }
  })().finally(() => inFlight.delete(item.key))
  inFlight.set(item.key, attempt)
  return attempt
}

/** The stored content shows the server's best score at once, without waiting for a refresh. */
async function updateBestScore(turmaId: number, testeId: number, melhor: number): Promise<void> {
  const { localDb } = await loadLocalData()
  await localDb.transaction('rw', localDb.pratica, async () => {
    const stored = await localDb.pratica.get(turmaId)
    if (!stored) return
    const testes = stored.pratica.testes.map((teste) => (teste.id === testeId ? { ...teste, melhor_nota: melhor } : teste))
    await localDb.pratica.put({ ...stored, pratica: { ...stored.pratica, testes } })
  })
}

/** Sends every result still pending on this device (oldest first), once it is the signed-in user's. */
export async function sendPendingPracticeResults(): Promise<void> {
  const { localDb, mayWrite, syncTicket } = await loadLocalData()
  if (!(await mayWrite(syncTicket()))) return
  const pending = await localDb.praticaResultados.where('estado').equals('pendente').sortBy('feito_em')
  for (const item of pending) await sendResult(item)
}

/** Removes a result the server refused, once the student has read why. */
export async function dismissPracticeResult(key: string): Promise<void> {
  const { localDb } = await loadLocalData()
  await localDb.praticaResultados.delete(key)
}
