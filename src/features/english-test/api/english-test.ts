import { api } from '../../../lib/api.ts'
import { ApiError, NetworkError } from '../../../lib/client.ts'
import { englishTestEndpoints } from '../../../contract/endpoints/english-test.ts'
import type { TentativaEnglishTest } from '../../../contract/schemas/english-test.ts'
import type { PendingEnglishAnswer, StoredEnglishTest } from '../../../db/database.ts'
import { loadLocalData, type LocalData } from '../../../db/local.ts'
import { offlineQueryOptions, useLocalQuery, useOfflineData } from '../../../db/use-offline-data.ts'

/**
 * The level test's data (issue 10): the server's answer kept on the device (the
 * screen draws from it, offline too), and the answers chosen here waiting to be sent.
 */

export const englishTestQueryKey = ['offline', 'english-test'] as const

/** What sending the waiting answers came to. */
export type FlushResult = 'sent' | 'nothing' | 'offline' | 'finished' | 'failed'

let flushing: Promise<FlushResult> | null = null
let next: Promise<FlushResult> | null = null

/**
 * Sends every answer of the attempt the server has not confirmed, one call for all of them
 * (the server saves them idempotently: a resend changes nothing). One flush at a time; a
 * call while one travels gets a round of its own after it: the one in flight may have left
 * before the signal came back and end "offline", and "back online" asks only once. An attempt
 * the server has finished (409) can take no more answers: those are dropped, and counted for
 * the result screen.
 */
export function flushAnswers(tentativaId: number): Promise<FlushResult> {
  if (flushing) {
    next ??= flushing.then(() => {
      next = null
      return flushAnswers(tentativaId)
    })
    return next
  }
  flushing = (async (): Promise<FlushResult> => {
    const local = await loadLocalData()
    let result: FlushResult = 'nothing'
    for (;;) {
      const pending = await local.pendingAnswers(tentativaId)
      if (pending.length === 0) return result
      try {
        const tentativa = await api.call(englishTestEndpoints.salvarRespostasEnglishTest, {
          params: { id: tentativaId },
          body: { respostas: pending.map(({ questao_id, opcao }) => ({ questao_id, opcao })) },
        })
        await local.confirmAnswers(pending)
        await local.storeTentativa(tentativa)
        result = 'sent'
      } catch (error) {
        if (error instanceof NetworkError) return 'offline'
        if (error instanceof ApiError && error.status === 409) {
          lostAnswers.set(tentativaId, (lostAnswers.get(tentativaId) ?? 0) + (await local.dropAnswers(tentativaId)))
          return 'finished'
        }
        // 422: the bank changed under the attempt; those choices can never be saved.
        if (error instanceof ApiError && error.status === 422) await local.dropAnswers(tentativaId)
        return 'failed'
      }
    }
  })().finally(() => {
    flushing = null
  })
  return flushing
}

/** Answers chosen offline that the server refused because the attempt had ended (this page's life). */
export const lostAnswers = new Map<number, number>()

/**
 * Attempts this page finished because the timer reached zero: the server may have finished
 * them a moment before its own deadline (the device's clock ran a little ahead).
 */
export const endedByTimer = new Set<number>()

/** Attempts finished on this page whose result has not taken focus yet. */
export const finishedHere = new Set<number>()

/** First the waiting answers, then the server's state of the test, onto the device. */
export async function syncEnglishTest(local: LocalData): Promise<void> {
  const ticket = local.syncTicket()
  const stored = await local.localDb.englishTest.get('estado')
  const open = stored?.estado.tentativa
  if (open && !open.finalizada_em) await flushAnswers(open.id)
  await local.storeEnglishTest(await api.call(englishTestEndpoints.englishTest), { ticket })
}

export const englishTestQueryOptions = offlineQueryOptions(englishTestQueryKey, async (device) => syncEnglishTest(await device))

export function useEnglishTest() {
  return useOfflineData<StoredEnglishTest>({
    options: englishTestQueryOptions,
    read: async (db) => {
      const stored = await db.englishTest.get('estado')
      return stored ? { value: stored, updatedAt: stored.clientAt } : null
    },
  })
}

/** The attempt's answers waiting on this device, live. */
export function usePendingAnswers(tentativaId: number): PendingEnglishAnswer[] | undefined {
  return useLocalQuery((db) => db.englishTestPending.where('tentativa_id').equals(tentativaId).toArray(), [tentativaId])
}

/** Starts (or resumes) the attempt on the server and keeps it on the device. */
export async function startEnglishTest(): Promise<TentativaEnglishTest> {
  const tentativa = await api.call(englishTestEndpoints.iniciarEnglishTest)
  await (await loadLocalData()).storeTentativa(tentativa)
  return tentativa
}

/** Keeps the choice on the device first (nothing is lost offline), then sends it. */
export async function chooseAnswer(answer: PendingEnglishAnswer): Promise<FlushResult> {
  await (await loadLocalData()).keepAnswer(answer)
  return flushAnswers(answer.tentativa_id)
}

/**
 * Sends what waits, then finishes the attempt. 'offline' when either could not reach the
 * server (the answers stay on the device); the finished attempt otherwise.
 */
export async function finishEnglishTest(tentativaId: number): Promise<TentativaEnglishTest | 'offline'> {
  const flushed = await flushAnswers(tentativaId)
  if (flushed === 'offline') return 'offline'
  try {
    const tentativa = await api.call(englishTestEndpoints.finalizarEnglishTest, { params: { id: tentativaId } })
    const local = await loadLocalData()
    finishedHere.add(tentativaId)
    await local.storeTentativa(tentativa)
    lostAnswers.set(tentativaId, (lostAnswers.get(tentativaId) ?? 0) + (await local.dropAnswers(tentativaId)))
    return tentativa
  } catch (error) {
    if (error instanceof NetworkError) return 'offline'
    throw error
  }
}
