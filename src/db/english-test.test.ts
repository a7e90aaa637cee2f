import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import type { EnglishTestEstado, TentativaEnglishTest } from '../contract/schemas/english-test.ts'
import { PortalDb } from './database.ts'
import { freshDatabases } from './fresh-databases.fixture.ts'
import { confirmAnswers, dropAnswers, keepAnswer, pendingAnswers, storeEnglishTest, storeTentativa } from './english-test.ts'
import { claimLocalData, wipeLocalData } from './sync.ts'

/** The level test's device tables: a choice is forgotten only once the server saved that same choice. */

const freshDb = freshDatabases('english-test', (name) => new PortalDb(name))

const tentativa: TentativaEnglishTest = {
  id: 7,
  iniciada_em: '2026-11-23T18:00:00.000Z',
  expira_em: '2026-11-23T18:30:00.000Z',
  finalizada_em: null,
  tempo_esgotado: false,
  agora: '2026-11-23T18:05:00.000Z',
  questoes: [{ id: 1, nivel: 'A1', enunciado: 'My sister ___ a teacher.', opcoes: ['am', 'is', 'are', 'be'] }],
  respostas: [],
  resultado: null,
}
const estado: EnglishTestEstado = {
  total_questoes: 20,
  duracao_minutos: 30,
  refazer_apos_dias: 30,
  tentativa: null,
  pode_iniciar: true,
  pode_refazer_em: null,
  agora: '2026-11-23T18:00:00.000Z',
}

describe('the level test on the device', () => {
  it('keeps the latest choice per question and forgets only what the server confirmed', async () => {
    const db = freshDb()
    await keepAnswer({ tentativa_id: 7, questao_id: 1, opcao: 0 }, db)
    await keepAnswer({ tentativa_id: 7, questao_id: 2, opcao: 3 }, db)
    const sent = await pendingAnswers(7, db)
    // The student changes question 1 while the send travels.
    await keepAnswer({ tentativa_id: 7, questao_id: 1, opcao: 2 }, db)
    await confirmAnswers(sent, db)
    expect(await pendingAnswers(7, db)).toEqual([{ tentativa_id: 7, questao_id: 1, opcao: 2 }])
    expect(await dropAnswers(7, db)).toBe(1)
    expect(await pendingAnswers(7, db)).toEqual([])
  })

  it('puts an attempt the server answered in the stored state, with the device time it arrived', async () => {
    const db = freshDb()
    await storeEnglishTest(estado, { db })
    const before = Date.now()
    await storeTentativa(tentativa, db)
    const stored = await db.englishTest.get('estado')
    expect(stored?.estado).toMatchObject({ tentativa: { id: 7 }, pode_iniciar: false, agora: tentativa.agora })
    expect(stored!.clientAt).toBeGreaterThanOrEqual(before)
  })

  it('is wiped at logout and when another account claims the device', async () => {
    const db = freshDb()
    await claimLocalData(1, db)
    await storeEnglishTest(estado, { db })
    await keepAnswer({ tentativa_id: 7, questao_id: 1, opcao: 1 }, db)
    await claimLocalData(2, db)
    expect(await db.englishTest.count()).toBe(0)
    expect(await db.englishTestPending.count()).toBe(0)
    await storeEnglishTest(estado, { db })
    await wipeLocalData(db)
    expect(await db.englishTest.count()).toBe(0)
  })
})
