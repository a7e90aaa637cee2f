import { PORTAL_BASE_URL } from '../../../lib/api.ts'
import { pontuarTeste, type TestePratica } from '../../../contract/schemas/pratica.ts'
import type { OutboxItem } from '../../../db/outbox.ts'
import { PRACTICE_RESULT_KIND, type PracticeResultContext } from '../../../db/outbox-kinds.ts'
import { loadOutboxApp } from '../../../db/outbox-live.ts'

/**
 * A finished practice test: scored on the device at once (it works offline) and sent
 * through the outbox of D16 like an activity file: its own database survives logout,
 * the worker sends it on `sync` with the tab closed, leases keep two senders from sending
 * it twice, and its `Idempotency-Key` (the item's id) makes a replay store nothing.
 * It shows in "Envios pendentes" until the server confirmed it.
 */

export type Resposta = { questao: number; opcao: number }

/** Scores `respostas` on the device and queues the result for `ownerId`; it is tried at once. */
export async function savePracticeResult(
  turmaId: number,
  teste: TestePratica,
  respostas: Resposta[],
  ownerId: number,
): Promise<OutboxItem> {
  const score = pontuarTeste(teste.questoes, respostas)
  if (!score) throw new Error('answers do not fit the test')
  const context: PracticeResultContext = { turmaId, testeId: teste.id, titulo: teste.titulo, nota: score.nota }
  const { queueWrite } = await loadOutboxApp()
  return queueWrite({
    kind: PRACTICE_RESULT_KIND,
    baseUrl: PORTAL_BASE_URL,
    params: { id: turmaId, x: teste.id },
    json: { respostas, feito_em: new Date().toISOString() },
    fileName: teste.titulo,
    ownerId,
    context: { ...context },
  })
}
