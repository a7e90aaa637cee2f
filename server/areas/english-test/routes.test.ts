import { eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { ENGLISH_TEST_MINUTES, ENGLISH_TEST_RETAKE_DAYS } from '../../../src/contract/endpoints/english-test.ts'
import type { EnglishTestEstado, TentativaEnglishTest } from '../../../src/contract/schemas/english-test.ts'
import { score, studentResult, type BankQuestion } from './repository.ts'
import { englishTestRespostas, englishTestTentativas } from './schema.ts'
import { ENGLISH_TEST_BANK } from './seed.ts'
import { createAccount, type TestAccount } from '../../test/accounts.ts'
import { bearer, testAppForFile } from '../../test/app.ts'
import { CHOICE_NOT_IN_QUESTION, QUESTION_NOT_IN_TEST, TEST_FINISHED } from './routes.ts'

/** The level test (issue 10) on the real server and database. */

const API = '/api/v1/english-test'

const t = testAppForFile()

function call(account: TestAccount, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `${API}${url}`,
    headers: bearer(account.token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}
const readState = async (account: TestAccount) => (await call(account, 'GET', '/')).json<EnglishTestEstado>()
async function startAttempt(account: TestAccount): Promise<TentativaEnglishTest> {
  const response = await call(account, 'POST', '/tentativas/')
  expect(response.statusCode, response.body).toBe(201)
  return response.json<TentativaEnglishTest>()
}
const saveAnswers = (account: TestAccount, id: number, respostas: { questao_id: number; opcao: number }[]) =>
  call(account, 'PUT', `/tentativas/${id}/respostas/`, { respostas })
const finishAttempt = (account: TestAccount, id: number) => call(account, 'POST', `/tentativas/${id}/finalizar/`)

/** The bank's right choice for each question of an attempt, by the seed (the client never has it). */
function rightChoices(tentativa: TentativaEnglishTest): Map<number, number> {
  return new Map(
    tentativa.questoes.map((questao) => [questao.id, ENGLISH_TEST_BANK.find((item) => item.enunciado === questao.enunciado)!.correta]),
  )
}

/** Moves an attempt's clock back, as if it had started `minutes` ago. */
async function startedAgo(id: number, minutes: number): Promise<void> {
  const shift = sql`make_interval(mins => ${minutes})`
  await t.db.orm
    .update(englishTestTentativas)
    .set({ iniciadaEm: sql`${englishTestTentativas.iniciadaEm} - ${shift}`, expiraEm: sql`${englishTestTentativas.expiraEm} - ${shift}` })
    .where(eq(englishTestTentativas.id, id))
}

const row = async (id: number) => (await t.db.orm.select().from(englishTestTentativas).where(eq(englishTestTentativas.id, id)))[0]!

describe('the level test', () => {
  it('shows its terms before a start, then starts one attempt with the whole bank, 30 minutes on the server’s clock', async () => {
    const ana = await createAccount(t.app, t.db)
    const before = await readState(ana)
    expect(before).toMatchObject({
      total_questoes: ENGLISH_TEST_BANK.length,
      duracao_minutos: ENGLISH_TEST_MINUTES,
      tentativa: null,
      pode_iniciar: true,
      pode_refazer_em: null,
    })

    const tentativa = await startAttempt(ana)
    expect(tentativa.questoes).toHaveLength(ENGLISH_TEST_BANK.length)
    expect(tentativa.questoes.map((questao) => questao.enunciado)).toEqual(ENGLISH_TEST_BANK.map((questao) => questao.enunciado))
    expect(Date.parse(tentativa.expira_em) - Date.parse(tentativa.iniciada_em)).toBe(ENGLISH_TEST_MINUTES * 60_000)
    expect(tentativa).toMatchObject({ finalizada_em: null, respostas: [], resultado: null })

    // A second start (another tab, another device) answers the same attempt: same clock.
    const again = await call(ana, 'POST', '/tentativas/')
    expect(again.statusCode).toBe(200)
    expect(again.json<TentativaEnglishTest>()).toMatchObject({ id: tentativa.id, expira_em: tentativa.expira_em })
    expect(await readState(ana)).toMatchObject({ pode_iniciar: false, tentativa: { id: tentativa.id } })
  })

  it('makes one attempt when two starts arrive at once', async () => {
    const ana = await createAccount(t.app, t.db)
    const answers = await Promise.all([
      call(ana, 'POST', '/tentativas/'),
      call(ana, 'POST', '/tentativas/'),
      call(ana, 'POST', '/tentativas/'),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 201])
    expect(new Set(answers.map((answer) => answer.json<TentativaEnglishTest>().id)).size).toBe(1)
    expect(await t.db.orm.select().from(englishTestTentativas).where(eq(englishTestTentativas.userId, ana.id))).toHaveLength(1)
  })

  it('never sends a right answer before the attempt is finished', async () => {
    const ana = await createAccount(t.app, t.db)
    const tentativa = await startAttempt(ana)
    const texts = [
      (await call(ana, 'GET', '/')).body,
      (await call(ana, 'POST', '/tentativas/')).body,
      (await saveAnswers(ana, tentativa.id, [{ questao_id: tentativa.questoes[0]!.id, opcao: 0 }])).body,
    ]
    for (const text of texts) {
      expect(text).not.toMatch(/corret|resultado":\{|acertos/)
      const body = JSON.parse(text) as { questoes?: object[]; tentativa?: { questoes: object[] } }
      for (const questao of body.questoes ?? body.tentativa?.questoes ?? [])
        expect(Object.keys(questao).sort()).toEqual(['enunciado', 'id', 'nivel', 'opcoes'])
    }
  })

  it('saves answers as the student goes (the same answers again change nothing), resumes with them, and scores them at the end', async () => {
    const ana = await createAccount(t.app, t.db)
    const tentativa = await startAttempt(ana)
    const certa = rightChoices(tentativa)
    const [q1, q2, q3] = tentativa.questoes
    expect((await saveAnswers(ana, tentativa.id, [{ questao_id: q1!.id, opcao: (certa.get(q1!.id)! + 1) % 4 }])).statusCode).toBe(200)
    // Changed mind on q1, answered q2 right and q3 wrong; sent twice (an outbox replay).
    const batch = [
      { questao_id: q1!.id, opcao: certa.get(q1!.id)! },
      { questao_id: q2!.id, opcao: certa.get(q2!.id)! },
      { questao_id: q3!.id, opcao: (certa.get(q3!.id)! + 1) % 4 },
    ]
    await saveAnswers(ana, tentativa.id, batch)
    const replay = await saveAnswers(ana, tentativa.id, batch)
    expect(replay.statusCode).toBe(200)
    expect(await t.db.orm.select().from(englishTestRespostas).where(eq(englishTestRespostas.tentativaId, tentativa.id))).toHaveLength(3)

    // A reload (or another device) finds the same attempt, clock and answers.
    const resumed = (await readState(ana)).tentativa!
    expect(resumed).toMatchObject({ id: tentativa.id, expira_em: tentativa.expira_em, finalizada_em: null, resultado: null })
    expect(resumed.respostas).toEqual([...batch].sort((a, b) => a.questao_id - b.questao_id))

    const finished = await finishAttempt(ana, tentativa.id)
    expect(finished.statusCode).toBe(200)
    const result = finished.json<TentativaEnglishTest>()
    expect(result.tempo_esgotado).toBe(false)
    expect(result.resultado).toMatchObject({ acertos: 2, total: ENGLISH_TEST_BANK.length, nivel: 'PRE_A1' })
    expect(result.resultado!.corretas).toEqual(
      tentativa.questoes.map((questao) => ({ questao_id: questao.id, opcao: certa.get(questao.id) })),
    )
    expect(await row(tentativa.id)).toMatchObject({ acertos: 2, nivel: 'PRE_A1' })

    // Finishing again answers the same result; answers are refused from now on.
    expect((await finishAttempt(ana, tentativa.id)).json<TentativaEnglishTest>()).toMatchObject({
      finalizada_em: result.finalizada_em,
      resultado: result.resultado,
    })
    const late = await saveAnswers(ana, tentativa.id, [{ questao_id: q3!.id, opcao: certa.get(q3!.id)! }])
    expect(late.statusCode).toBe(409)
    expect(late.json()).toEqual({ detail: TEST_FINISHED })
    expect((await row(tentativa.id)).acertos).toBe(2)
  })

  it('gives the level from the levels reached in order', async () => {
    const ana = await createAccount(t.app, t.db)
    const tentativa = await startAttempt(ana)
    const certa = rightChoices(tentativa)
    // All of A1 and A2, 3 of 4 of B1, all of C1 but 1 of 4 of B2: B1 (C1 needs B2 first).
    const erradas = new Set(['b1-4', 'b2-1', 'b2-2', 'b2-3'])
    const respostas = tentativa.questoes.map((questao, index) => ({
      questao_id: questao.id,
      opcao: erradas.has(ENGLISH_TEST_BANK[index]!.codigo) ? (certa.get(questao.id)! + 1) % 4 : certa.get(questao.id)!,
    }))
    expect((await saveAnswers(ana, tentativa.id, respostas)).statusCode).toBe(200)
    const { resultado } = (await finishAttempt(ana, tentativa.id)).json<TentativaEnglishTest>()
    expect(resultado).toMatchObject({ acertos: 16, nivel: 'B1' })
    expect(resultado!.por_nivel).toEqual([
      { nivel: 'A1', acertos: 4, total: 4 },
      { nivel: 'A2', acertos: 4, total: 4 },
      { nivel: 'B1', acertos: 3, total: 4 },
      { nivel: 'B2', acertos: 1, total: 4 },
      { nivel: 'C1', acertos: 4, total: 4 },
    ])
    // What issue 12's order machine reads.
    expect(await studentResult(t.db.orm, ana.id)).toMatchObject({ nivel: 'B1' })
  })

  it('scores everything right as C1 and nothing as Pré-A1', () => {
    const questoes: BankQuestion[] = ENGLISH_TEST_BANK.map((questao, index) => ({
      ...questao,
      id: index + 1,
      opcoes: [...questao.opcoes],
    }))
    expect(
      score(
        questoes,
        questoes.map((questao) => ({ questaoId: questao.id, opcao: questao.correta })),
      ).nivel,
    ).toBe('C1')
    expect(score(questoes, [])).toMatchObject({ acertos: 0, nivel: 'PRE_A1' })
  })

  it('ends an attempt whose time is over with what was answered before it (a reload gets no more time)', async () => {
    const ana = await createAccount(t.app, t.db)
    const tentativa = await startAttempt(ana)
    const certa = rightChoices(tentativa)
    const [q1, q2] = tentativa.questoes
    await saveAnswers(ana, tentativa.id, [{ questao_id: q1!.id, opcao: certa.get(q1!.id)! }])
    await startedAgo(tentativa.id, ENGLISH_TEST_MINUTES + 1)

    // An answer after the deadline is refused and ends the attempt.
    const late = await saveAnswers(ana, tentativa.id, [{ questao_id: q2!.id, opcao: certa.get(q2!.id)! }])
    expect(late.statusCode).toBe(409)
    expect(late.json()).toEqual({ detail: TEST_FINISHED })
    const saved = await row(tentativa.id)
    expect(saved.finalizadaEm!.getTime()).toBe(saved.expiraEm.getTime())
    expect(saved.acertos).toBe(1)

    const reloaded = await readState(ana)
    expect(reloaded.tentativa).toMatchObject({ id: tentativa.id, tempo_esgotado: true, resultado: { acertos: 1 } })
    expect(reloaded.tentativa!.respostas).toEqual([{ questao_id: q1!.id, opcao: certa.get(q1!.id) }])
  })

  it('ends an expired attempt when it is only read again, and when the student finishes late', async () => {
    const [bia, caio] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
    const first = await startAttempt(bia)
    await startedAgo(first.id, ENGLISH_TEST_MINUTES + 5)
    expect((await readState(bia)).tentativa).toMatchObject({
      id: first.id,
      tempo_esgotado: true,
      finalizada_em: (await row(first.id)).expiraEm.toISOString(),
    })

    const second = await startAttempt(caio)
    await startedAgo(second.id, ENGLISH_TEST_MINUTES)
    const finished = (await finishAttempt(caio, second.id)).json<TentativaEnglishTest>()
    expect(finished).toMatchObject({ tempo_esgotado: true, finalizada_em: finished.expira_em, resultado: { acertos: 0, nivel: 'PRE_A1' } })
  })

  it(`lets a finished student take it again only ${ENGLISH_TEST_RETAKE_DAYS} days after finishing`, async () => {
    const ana = await createAccount(t.app, t.db)
    const tentativa = await startAttempt(ana)
    await finishAttempt(ana, tentativa.id)
    const state = await readState(ana)
    expect(state.pode_iniciar).toBe(false)
    const finishedAt = Date.parse(state.tentativa!.finalizada_em!)
    expect(Date.parse(state.pode_refazer_em!)).toBe(finishedAt + ENGLISH_TEST_RETAKE_DAYS * 86_400_000)
    const refused = await call(ana, 'POST', '/tentativas/')
    expect(refused.statusCode).toBe(409)
    expect(refused.json<{ detail: string }>().detail).toMatch(
      /^Você já fez o teste de nivelamento\. Poderá refazê-lo a partir de \d{2}\/\d{2}\/\d{4}\.$/,
    )

    await startedAgo(tentativa.id, (ENGLISH_TEST_RETAKE_DAYS + 1) * 24 * 60)
    await t.db.orm
      .update(englishTestTentativas)
      .set({ finalizadaEm: sql`${englishTestTentativas.finalizadaEm} - make_interval(days => ${ENGLISH_TEST_RETAKE_DAYS + 1})` })
      .where(eq(englishTestTentativas.id, tentativa.id))
    expect(await readState(ana)).toMatchObject({ pode_iniciar: true, pode_refazer_em: null, tentativa: { id: tentativa.id } })
    const retake = await startAttempt(ana)
    expect(retake.id).not.toBe(tentativa.id)
    expect((await readState(ana)).tentativa).toMatchObject({ id: retake.id, finalizada_em: null })
  })

  it('answers another student’s attempt as not found and changes nothing of it', async () => {
    const [ana, bia] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
    const deAna = await startAttempt(ana)
    const questao = deAna.questoes[0]!
    for (const response of [await saveAnswers(bia, deAna.id, [{ questao_id: questao.id, opcao: 1 }]), await finishAttempt(bia, deAna.id)]) {
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ detail: 'Não encontrado' })
    }
    expect(await row(deAna.id)).toMatchObject({ finalizadaEm: null, acertos: null })
    expect(await t.db.orm.select().from(englishTestRespostas).where(eq(englishTestRespostas.tentativaId, deAna.id))).toEqual([])
  })

  it('refuses answers to questions not in the test or choices not in the question, saving none of the batch', async () => {
    const ana = await createAccount(t.app, t.db)
    const tentativa = await startAttempt(ana)
    const [q1] = tentativa.questoes
    const cases: [unknown, number, string | RegExp][] = [
      [
        [
          { questao_id: q1!.id, opcao: 1 },
          { questao_id: 2_000_000_000, opcao: 0 },
        ],
        422,
        QUESTION_NOT_IN_TEST,
      ],
      [
        [
          { questao_id: q1!.id, opcao: 1 },
          { questao_id: q1!.id, opcao: 4 },
        ],
        422,
        CHOICE_NOT_IN_QUESTION,
      ],
      [[{ questao_id: q1!.id, opcao: -1 }], 422, /.+/],
      [[{ questao_id: q1!.id, opcao: 'a' }], 422, /.+/],
      [[{ questao_id: q1!.id }], 422, 'Este campo é obrigatório'],
      [Array.from({ length: 101 }, () => ({ questao_id: q1!.id, opcao: 0 })), 422, /.+/],
    ]
    for (const [respostas, status, message] of cases) {
      const response = await call(ana, 'PUT', `/tentativas/${tentativa.id}/respostas/`, { respostas })
      expect(response.statusCode, response.body).toBe(status)
      const { detail } = response.json<{ detail: { msg: string }[] }>()
      expect(detail[0]!.msg).toMatch(message)
    }
    expect(await t.db.orm.select().from(englishTestRespostas).where(eq(englishTestRespostas.tentativaId, tentativa.id))).toEqual([])
    // No body saves nothing and answers the attempt.
    const empty = await call(ana, 'PUT', `/tentativas/${tentativa.id}/respostas/`)
    expect(empty.statusCode).toBe(200)
    expect(empty.json<TentativaEnglishTest>()).toMatchObject({ id: tentativa.id, respostas: [] })
  })

  it('is for students only', async () => {
    const gestor = await createAccount(t.app, t.db, 'manager')
    expect((await call(gestor, 'GET', '/')).statusCode).toBe(403)
    expect((await call(gestor, 'POST', '/tentativas/')).statusCode).toBe(403)
  })
})
