import type { EnglishTestEstado, TentativaEnglishTest } from '../contract/schemas/english-test.ts'
import { localDb, type PendingEnglishAnswer, type PortalDb } from './database.ts'
import { mayWrite } from './sync.ts'

/**
 * The level test on the device (issue 10): the server's last answer, and the answers
 * chosen here that the server has not confirmed yet (offline, or a send that failed). The
 * server's clock decides; the device only keeps what the student did until it is sent.
 */

/** The server's answer to `GET /english-test/`, as it is. */
export async function storeEnglishTest(estado: EnglishTestEstado, { db = localDb, ticket }: { db?: PortalDb; ticket?: number } = {}) {
  if (!(await mayWrite(ticket))) return
  await db.englishTest.put({ key: 'estado', estado, clientAt: Date.now() })
}

/** An attempt the server just answered (started, answers saved, finished) in place of the stored one. */
export async function storeTentativa(tentativa: TentativaEnglishTest, db: PortalDb = localDb) {
  if (!(await mayWrite(undefined))) return
  await db.transaction('rw', db.englishTest, async () => {
    const stored = await db.englishTest.get('estado')
    if (!stored) return
    const estado: EnglishTestEstado = {
      ...stored.estado,
      tentativa,
      agora: tentativa.agora,
      pode_iniciar: false,
      total_questoes: tentativa.questoes.length,
    }
    await db.englishTest.put({ key: 'estado', estado, clientAt: Date.now() })
  })
}

/** Keeps a choice until the server confirms it; a newer choice for the question replaces it. */
export async function keepAnswer(answer: PendingEnglishAnswer, db: PortalDb = localDb) {
  await db.englishTestPending.put(answer)
}

export function pendingAnswers(tentativaId: number, db: PortalDb = localDb): Promise<PendingEnglishAnswer[]> {
  return db.englishTestPending.where('tentativa_id').equals(tentativaId).toArray()
}

/** The server saved `sent`: forget those, but not a choice made again while they travelled. */
export async function confirmAnswers(sent: readonly PendingEnglishAnswer[], db: PortalDb = localDb) {
  await db.transaction('rw', db.englishTestPending, async () => {
    for (const answer of sent) {
      const current = await db.englishTestPending.get([answer.tentativa_id, answer.questao_id])
      if (current?.opcao === answer.opcao) await db.englishTestPending.delete([answer.tentativa_id, answer.questao_id])
    }
  })
}

/** The attempt is finished: what it did not get in time can no longer be saved. */
export async function dropAnswers(tentativaId: number, db: PortalDb = localDb): Promise<number> {
  return db.englishTestPending.where('tentativa_id').equals(tentativaId).delete()
}
