import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Pratica, ResultadoPratica } from '../../../src/contract/schemas/pratica.ts'
import type { NotasAtHome, Turma } from '../../../src/contract/schemas/turma.ts'
import { livros } from '../books/schema.ts'
import { atividadesAthome } from '../classes/grades-schema.ts'
import { praticaResultados, praticaTesteAtividades } from './schema.ts'
import { turmaAlunos, turmas } from '../classes/schema.ts'
import { createAccount, OWNED_FACTORIES } from '../../test/accounts.ts'
import { bearer, createTestApp, demoToken, type TestApp } from '../../test/app.ts'
import { PRACTICE_ANSWERS_INVALID, PRACTICE_KEY_REUSED } from './routes.ts'

/** The practice area (issue 10) on the real server and database (PGlite, or PostgreSQL with DATABASE_URL). */

type Teste = Pratica['testes'][number]

function get(t: TestApp, token: string, url: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) })
}

/** Answers each question right except the `wrong` first ones (their first wrong option). */
function answers(teste: Teste, wrong = 0) {
  return teste.questoes.map((questao, index) => ({
    questao: questao.id,
    opcao: index < wrong ? questao.opcoes.find((opcao) => opcao.id !== questao.correta)!.id : questao.correta,
  }))
}

function save(
  t: TestApp,
  token: string,
  turmaId: number,
  body: { teste_id: number; respostas: { questao: number; opcao: number }[]; feito_em?: string },
  key: string | null = randomUUID(),
): Promise<LightMyRequestResponse> {
  const { teste_id, ...payload } = body
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/at-home/turma/${turmaId}/pratica/teste/${teste_id}/resultado/`,
    payload: { feito_em: new Date().toISOString(), ...payload },
    headers: { ...bearer(token), ...(key === null ? {} : { 'idempotency-key': key }) },
  })
}

describe('practice area', () => {
  let t: TestApp
  let ana: string
  let intermediario: Turma

  beforeAll(async () => {
    t = await createTestApp()
    ana = await demoToken(t.app, 'ana')
    const turmas = (await get(t, ana, '/at-home/turmas/')).json<Turma[]>()
    intermediario = turmas.find((turma) => turma.nome === 'Inglês — Intermediário 2')!
  })
  afterAll(() => t.close())

  async function pratica(token = ana, turmaId = intermediario.id): Promise<Pratica> {
    const response = await get(t, token, `/at-home/turma/${turmaId}/pratica/`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Pratica>()
  }

  /** A fresh class with the Intermediário 2 book and a new student in it. */
  async function newClassmate(turmaId: number) {
    const account = await createAccount(t.app, t.db)
    await t.db.orm.insert(turmaAlunos).values({ turmaId, userId: account.id })
    return account
  }

  it("answers the demo class book's audios, vocabulary and tests, with the key for scoring on the device", async () => {
    const content = await pratica()
    expect(content).toMatchObject({
      turma_id: intermediario.id,
      turma_aluno_id: intermediario.turma_aluno_id,
      livro: { codigo: 'ING-INT2' },
    })
    expect(content.audios.map((audio) => audio.titulo)).toEqual([
      'Unit 4 — At the airport',
      'Unit 5 — A podcast about travelling',
      'Unit 6 — Booking a hotel',
    ])
    expect(content.audios[0]).toMatchObject({ duracao: 12, url: '/media/pratica/licao-1.ogg' })
    expect(content.vocabulario).toHaveLength(5)
    expect(content.vocabulario[0]).toMatchObject({
      palavra: 'boarding pass',
      traducao: 'cartão de embarque',
      audio_url: '/media/pratica/palavra-1.ogg',
    })
    expect(content.vocabulario[2]).toMatchObject({ palavra: 'to book', audio_url: null })
    expect(content.testes.map((teste) => teste.titulo)).toEqual(['Past simple — irregular verbs', 'Travel vocabulary'])
    const [first] = content.testes
    expect(first!.questoes[0]).toEqual({
      id: 1,
      enunciado: 'Last summer we ___ to Salvador.',
      opcoes: [
        { id: 1, texto: 'go' },
        { id: 2, texto: 'went' },
        { id: 3, texto: 'gone' },
      ],
      correta: 2,
    })
    expect(first!.melhor_nota).toBeNull()
  })

  it('answers empty lists for a class without a book, and 404 for a class that is not the caller’s', async () => {
    const account = await createAccount(t.app, t.db)
    const { turma } = await OWNED_FACTORIES.turma(t.db, account.id, t.app.fileStorage)
    expect(await pratica(account.token, turma as number)).toMatchObject({ livro: null, audios: [], vocabulario: [], testes: [] })
    expect((await get(t, account.token, `/at-home/turma/${intermediario.id}/pratica/`)).statusCode).toBe(404)
    const [teste] = (await pratica()).testes
    const response = await save(t, account.token, intermediario.id, { teste_id: teste!.id, respostas: answers(teste!) })
    expect(response.statusCode).toBe(404)
  })

  it('scores a result on the server, stores it once per key and shows the best score in the at-home grades', async () => {
    const account = await newClassmate(intermediario.id)
    const [teste] = (await pratica()).testes
    const key = randomUUID()
    const feito = '2026-11-20T12:00:00.000Z'
    const first = await save(
      t,
      account.token,
      intermediario.id,
      { teste_id: teste!.id, respostas: answers(teste!, 1), feito_em: feito },
      key,
    )
    expect(first.statusCode, first.body).toBe(201)
    const resultado = first.json<ResultadoPratica>()
    expect(resultado).toMatchObject({ teste_id: teste!.id, acertos: 3, total: 4, nota: 7.5, melhor_nota: 7.5, feito_em: feito })

    // The same result again (the device's queue sent it twice): same record, nothing new.
    const replay = await save(
      t,
      account.token,
      intermediario.id,
      { teste_id: teste!.id, respostas: answers(teste!, 1), feito_em: feito },
      key,
    )
    expect(replay.statusCode).toBe(200)
    expect(replay.json<ResultadoPratica>()).toEqual(resultado)
    const rows = await t.db.orm.select().from(praticaResultados).where(eq(praticaResultados.userId, account.id))
    expect(rows).toHaveLength(1)

    const [enrolment] = await t.db.orm.select().from(turmaAlunos).where(eq(turmaAlunos.userId, account.id))
    const athome = async () => (await get(t, account.token, `/at-home/turma-aluno/${enrolment!.id}/notas/athome/`)).json<NotasAtHome>()
    expect((await athome()).atividades).toContainEqual(
      expect.objectContaining({ atividade: 'Prática — Past simple — irregular verbs', unidade: 'Unit 4', nota: 7.5 }),
    )

    // A lower score later (or a late arrival of an older one) keeps the best; a higher one takes its place.
    const lower = await save(t, account.token, intermediario.id, { teste_id: teste!.id, respostas: answers(teste!, 3) })
    expect(lower.json<ResultadoPratica>()).toMatchObject({ nota: 2.5, melhor_nota: 7.5 })
    const grade = async () => (await athome()).atividades.find((atividade) => atividade.atividade.endsWith(teste!.titulo))!.nota
    expect(await grade()).toBe(7.5)
    const best = await save(t, account.token, intermediario.id, { teste_id: teste!.id, respostas: answers(teste!) })
    expect(best.json<ResultadoPratica>()).toMatchObject({ acertos: 4, nota: 10, melhor_nota: 10 })
    expect(await grade()).toBe(10)
    expect((await pratica(account.token)).testes[0]!.melhor_nota).toBe(10)
    // Ana's own practice shows none of her classmate's scores.
    expect((await pratica()).testes[0]!.melhor_nota).toBeNull()
  })

  it('stores concurrent sends of one key once', async () => {
    const account = await newClassmate(intermediario.id)
    const [, teste] = (await pratica()).testes
    const key = randomUUID()
    const body = { teste_id: teste!.id, respostas: answers(teste!), feito_em: new Date().toISOString() }
    const answersOf = await Promise.all([1, 2, 3].map(() => save(t, account.token, intermediario.id, body, key)))
    expect(answersOf.map((response) => response.statusCode).sort()).toEqual([200, 200, 201])
    expect(new Set(answersOf.map((response) => response.json<ResultadoPratica>().id)).size).toBe(1)
    expect(await t.db.orm.select().from(praticaResultados).where(eq(praticaResultados.userId, account.id))).toHaveLength(1)
  })

  it('makes one at-home activity per test and class when classmates save their first scores at once', async () => {
    const [livro] = await t.db.orm.select({ id: livros.id }).from(livros).where(eq(livros.codigo, 'ING-INT2'))
    const owner = await createAccount(t.app, t.db)
    const { turma } = await OWNED_FACTORIES.turma(t.db, owner.id, t.app.fileStorage)
    const turmaId = turma as number
    await t.db.orm.update(turmas).set({ livroId: livro!.id }).where(eq(turmas.id, turmaId))
    const classmates = await Promise.all([1, 2, 3].map(() => newClassmate(turmaId)))
    const [teste] = (await pratica(owner.token, turmaId)).testes
    const responses = await Promise.all(
      [owner, ...classmates].map((account) => save(t, account.token, turmaId, { teste_id: teste!.id, respostas: answers(teste!) })),
    )
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201])
    const links = await t.db.orm
      .select()
      .from(praticaTesteAtividades)
      .where(and(eq(praticaTesteAtividades.turmaId, turmaId), eq(praticaTesteAtividades.testeId, teste!.id)))
    expect(links).toHaveLength(1)
    expect(await t.db.orm.select().from(atividadesAthome).where(eq(atividadesAthome.turmaId, turmaId))).toHaveLength(1)
  })

  it('refuses a reused key, answers that do not fit the test, a test of another book and a missing key, storing nothing', async () => {
    const account = await newClassmate(intermediario.id)
    const [teste, other] = (await pratica()).testes
    const key = randomUUID()
    expect((await save(t, account.token, intermediario.id, { teste_id: teste!.id, respostas: answers(teste!) }, key)).statusCode).toBe(201)

    const reused = await save(t, account.token, intermediario.id, { teste_id: teste!.id, respostas: answers(teste!, 2) }, key)
    expect(reused.statusCode).toBe(422)
    expect(reused.json()).toEqual({ detail: PRACTICE_KEY_REUSED })
    const otherTest = await save(t, account.token, intermediario.id, { teste_id: other!.id, respostas: answers(other!) }, key)
    expect(otherTest.statusCode).toBe(422)

    const missing = await save(t, account.token, intermediario.id, { teste_id: teste!.id, respostas: answers(teste!).slice(1) })
    expect(missing.statusCode).toBe(422)
    expect(missing.json()).toEqual({ detail: PRACTICE_ANSWERS_INVALID })
    const twice = answers(teste!)
    twice[1] = twice[0]!
    expect((await save(t, account.token, intermediario.id, { teste_id: teste!.id, respostas: twice })).statusCode).toBe(422)
    const badOption = answers(teste!).map((resposta) => ({ ...resposta, opcao: 99 }))
    expect((await save(t, account.token, intermediario.id, { teste_id: teste!.id, respostas: badOption })).statusCode).toBe(422)

    const kah = (await get(t, ana, '/at-home/turmas/')).json<Turma[]>().find((turma) => turma.livro?.codigo === 'KAH-ING1')!
    const [kahTest] = (await pratica(ana, kah.id)).testes
    const wrongBook = await save(t, account.token, intermediario.id, { teste_id: kahTest!.id, respostas: answers(kahTest!) })
    expect(wrongBook.statusCode).toBe(404)
    expect(wrongBook.json()).toEqual({ detail: expect.any(String) })

    const noKey = await save(t, account.token, intermediario.id, { teste_id: teste!.id, respostas: answers(teste!) }, null)
    expect(noKey.statusCode).toBe(422)

    expect(await t.db.orm.select().from(praticaResultados).where(eq(praticaResultados.userId, account.id))).toHaveLength(1)
  })
})
