import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { NotasAtHome, NotasTurma, Turma } from '../../../src/contract/schemas/turma.ts'
import { avaliacoes, notas } from './grades-schema.ts'
import { turmaAlunos } from './schema.ts'
import { createAccount } from '../../test/accounts.ts'
import { bearer, demoToken, testAppForFile } from '../../test/app.ts'
import { mediaPonderada, mediaSimples, progresso, gradesStatus } from './routes.ts'

describe('grade rules', () => {
  it('progresso: percent of lessons done, rounded, 0 without lessons, never over 100', () => {
    expect(progresso(26, 40)).toBe(65)
    expect(progresso(10, 32)).toBe(31)
    expect(progresso(1, 3)).toBe(33)
    expect(progresso(2, 3)).toBe(67)
    expect(progresso(0, 0)).toBe(0)
    expect(progresso(5, 0)).toBe(0)
    expect(progresso(41, 40)).toBe(100)
  })

  it('mediaPonderada: weighted average of the graded ones, one decimal, half up, exact', () => {
    expect(mediaPonderada([])).toBeNull()
    expect(mediaPonderada([{ nota: null, peso: 2 }])).toBeNull()
    expect(
      mediaPonderada([
        { nota: 8, peso: 2 },
        { nota: 5.5, peso: 1 },
        { nota: 9, peso: 1 },
        { nota: null, peso: 2 },
      ]),
    ).toBe(7.6)
    // 6.65 is 6.6499… in binary floating point; in tenths it is exactly half → 6.7.
    expect(
      mediaPonderada([
        { nota: 6.6, peso: 1 },
        { nota: 6.7, peso: 1 },
      ]),
    ).toBe(6.7)
    expect(
      mediaPonderada([
        { nota: 6.5, peso: 1 },
        { nota: 7, peso: 1 },
      ]),
    ).toBe(6.8)
    expect(
      mediaPonderada([
        { nota: 10, peso: 0.5 },
        { nota: 0, peso: 1.5 },
      ]),
    ).toBe(2.5)
    // All graded weigh 0: they count equally instead of dividing by zero.
    expect(
      mediaPonderada([
        { nota: 6, peso: 0 },
        { nota: 9, peso: 0 },
      ]),
    ).toBe(7.5)
  })

  it('mediaSimples: plain average of the graded ones', () => {
    expect(mediaSimples([9, 8, 7.5, 7, null])).toBe(7.9)
    expect(mediaSimples([null])).toBeNull()
    expect(mediaSimples([])).toBeNull()
  })

  it('gradesStatus: em_andamento while anything awaits a grade, then by the pass mark', () => {
    expect(gradesStatus([], null, 7)).toBe('em_andamento')
    expect(gradesStatus([{ nota: 9 }, { nota: null }], 9, 7)).toBe('em_andamento')
    expect(gradesStatus([{ nota: 7 }, { nota: 7 }], 7, 7)).toBe('aprovado')
    expect(gradesStatus([{ nota: 6.9 }], 6.9, 7)).toBe('reprovado')
  })
})

const t = testAppForFile()
let ana: string
let lucas: string
let marina: string
let gestor: string
let anaTurmas: Turma[]
let lucasTurmas: Turma[]
let marinaTurmas: Turma[]

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: token ? bearer(token) : {} })
const byName = (turmas: Turma[], nome: string) => {
  const turma = turmas.find((item) => item.nome === nome)
  if (!turma) throw new Error(`no turma ${nome}`)
  return turma
}

beforeAll(async () => {
  ;[ana, lucas, marina, gestor] = await Promise.all([
    demoToken(t.app, 'ana'),
    demoToken(t.app, 'lucas'),
    demoToken(t.app, 'marina'),
    demoToken(t.app, 'gestor'),
  ])
  const classesOf = async (token: string) => (await get('/at-home/turmas/', token)).json<Turma[]>()
  ;[anaTurmas, lucasTurmas, marinaTurmas] = await Promise.all([classesOf(ana), classesOf(lucas), classesOf(marina)])
})

describe('GET /at-home/turmas/', () => {
  it('answers 401 without a token', async () => {
    const response = await get('/at-home/turmas/')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ detail: 'Não autenticado' })
  })

  it("lists the demo student's classes by name, with book, schedule and progress", async () => {
    const response = await get('/at-home/turmas/', ana)
    expect(response.statusCode).toBe(200)
    const turmas = response.json<Turma[]>()
    expect(turmas.map((turma) => turma.nome)).toEqual(['Espanhol — Básico 1', 'Inglês — Intermediário 2', 'KNN At Home — Inglês'])
    expect(byName(turmas, 'Inglês — Intermediário 2')).toMatchObject({
      idioma: 'Inglês',
      nivel: 'Intermediário 2',
      professor: 'Patrícia Mendes',
      sala: 'Sala 4',
      modalidade: 'presencial',
      somente_digital: false,
      horarios: [
        { dia_semana: 1, inicio: '19:00', fim: '20:30' },
        { dia_semana: 3, inicio: '19:00', fim: '20:30' },
      ],
      livro: { nome: 'Inglês Intermediário 2', codigo: 'ING-INT2' },
      aulas_total: 40,
      aulas_realizadas: 26,
      progresso: 65,
    })
    expect(byName(turmas, 'Espanhol — Básico 1')).toMatchObject({ modalidade: 'online', sala: null, progresso: 31 })
    expect(byName(turmas, 'KNN At Home — Inglês')).toMatchObject({
      modalidade: 'digital',
      somente_digital: true,
      horarios: [],
      professor: null,
      data_fim: null,
      livro: { codigo: 'KAH-ING1' },
      progresso: 60,
    })
    for (const turma of turmas) {
      expect(turma.data_inicio).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(turma.turma_aluno_id).toBeGreaterThan(0)
    }
  })

  it('somente_digital=true keeps only the at-home classes; false lists all', async () => {
    const digital = await get('/at-home/turmas/?somente_digital=true', ana)
    expect(digital.json<Turma[]>().map((turma) => turma.nome)).toEqual(['KNN At Home — Inglês'])
    const all = await get('/at-home/turmas/?somente_digital=false', ana)
    expect(all.json<Turma[]>()).toEqual(anaTurmas)
    expect((await get('/at-home/turmas/?somente_digital=true', lucas)).json()).toEqual([])
  })

  it('answers 422 for a flag that is not true/false', async () => {
    const response = await get('/at-home/turmas/?somente_digital=talvez', ana)
    expect(response.statusCode).toBe(422)
    expect(response.json().detail[0].loc).toEqual(['query', 'somente_digital'])
  })

  it("never lists another student's classes", async () => {
    expect(lucasTurmas.map((turma) => turma.nome)).toEqual(['Inglês — Kids 3'])
    expect(marinaTurmas.map((turma) => turma.nome)).toEqual(['Inglês — Teens 1'])
    const anaIds = new Set(anaTurmas.map((turma) => turma.id))
    for (const turma of [...lucasTurmas, ...marinaTurmas]) expect(anaIds.has(turma.id)).toBe(false)
    expect((await get('/at-home/turmas/', gestor)).statusCode).toBe(403)
  })
})

describe('GET /at-home/turma/{id}/', () => {
  it("gives the caller's class, as the list shows it", async () => {
    const ingles = byName(anaTurmas, 'Inglês — Intermediário 2')
    const response = await get(`/at-home/turma/${ingles.id}/`, ana)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(ingles)
  })

  it("answers 404 for a sibling's class and for an unknown id, however large (D7)", async () => {
    // 999999999999 passes IdParam but is beyond int4: still "not found", never a 500.
    for (const id of [lucasTurmas[0]!.id, marinaTurmas[0]!.id, 999_999, 999_999_999_999]) {
      const response = await get(`/at-home/turma/${id}/`, ana)
      expect(response.statusCode, String(id)).toBe(404)
      expect(response.json()).toEqual({ detail: 'Não encontrado' })
    }
  })

  it('answers 422 with the location for an id that is not a number', async () => {
    const response = await get('/at-home/turma/abc/', ana)
    expect(response.statusCode).toBe(422)
    expect(response.json().detail[0].loc).toEqual(['path', 'id'])
  })

  it('answers 401 without a token', async () => {
    expect((await get(`/at-home/turma/${anaTurmas[0]!.id}/`)).statusCode).toBe(401)
  })
})

describe('GET /at-home/turma/{id}/notas/', () => {
  it('gives the assessments by date with the grades, the weighted average and the situation', async () => {
    const ingles = byName(anaTurmas, 'Inglês — Intermediário 2')
    const response = await get(`/at-home/turma/${ingles.id}/notas/`, ana)
    expect(response.statusCode).toBe(200)
    const body = response.json<NotasTurma>()
    expect(body.turma_id).toBe(ingles.id)
    expect(body.avaliacoes.map(({ nome, tipo, peso, nota }) => ({ nome, tipo, peso, nota }))).toEqual([
      { nome: 'Prova 1 — Units 1–3', tipo: 'prova', peso: 2, nota: 8 },
      { nome: 'Trabalho — My hometown', tipo: 'trabalho', peso: 1, nota: 5.5 },
      { nome: 'Oral 1 — Conversation', tipo: 'oral', peso: 1, nota: 9 },
      { nome: 'Prova 2 — Units 4–6', tipo: 'prova', peso: 2, nota: null },
    ])
    // (8×2 + 5.5 + 9) / 4 = 7.625
    expect(body).toMatchObject({ media: 7.6, nota_minima: 7, situacao: 'em_andamento' })

    const espanhol = (await get(`/at-home/turma/${byName(anaTurmas, 'Espanhol — Básico 1').id}/notas/`, ana)).json<NotasTurma>()
    expect(espanhol).toMatchObject({ media: 9.7, situacao: 'em_andamento' })
    const atHome = (await get(`/at-home/turma/${byName(anaTurmas, 'KNN At Home — Inglês').id}/notas/`, ana)).json<NotasTurma>()
    expect(atHome).toMatchObject({ avaliacoes: [], media: null, situacao: 'em_andamento' })
  })

  it("gives each sibling their own class's grades", async () => {
    const lucasGrades = (await get(`/at-home/turma/${lucasTurmas[0]!.id}/notas/`, lucas)).json<NotasTurma>()
    expect(lucasGrades).toMatchObject({ media: 8.3, situacao: 'aprovado' })
    expect(lucasGrades.avaliacoes.every((avaliacao) => avaliacao.nota !== null)).toBe(true)
    const marinaGrades = (await get(`/at-home/turma/${marinaTurmas[0]!.id}/notas/`, marina)).json<NotasTurma>()
    expect(marinaGrades).toMatchObject({ media: 6.8, situacao: 'em_andamento' })
  })

  it("answers 404 for a sibling's class (D7), 422 for a bad id, 401 without a token", async () => {
    const response = await get(`/at-home/turma/${lucasTurmas[0]!.id}/notas/`, ana)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ detail: 'Não encontrado' })
    expect((await get('/at-home/turma/2147483648/notas/', ana)).statusCode).toBe(404)
    expect((await get(`/at-home/turma/${byName(anaTurmas, 'Inglês — Intermediário 2').id}/notas/`, lucas)).statusCode).toBe(404)
    const bad = await get('/at-home/turma/abc/notas/', ana)
    expect(bad.statusCode).toBe(422)
    expect(bad.json().detail[0].loc).toEqual(['path', 'id'])
    expect((await get(`/at-home/turma/${anaTurmas[0]!.id}/notas/`)).statusCode).toBe(401)
  })

  it('is decided once every assessment is graded: below the mark fails, at or above passes', async () => {
    // A student of this test's own in Ana's class: the grades below touch no one else's.
    const student = await createAccount(t.app, t.db)
    const ingles = byName(anaTurmas, 'Inglês — Intermediário 2')
    const [matricula] = await t.db.orm
      .insert(turmaAlunos)
      .values({ turmaId: ingles.id, userId: student.id })
      .returning({ id: turmaAlunos.id })
    const provas = await t.db.orm
      .select({ id: avaliacoes.id, nome: avaliacoes.nome })
      .from(avaliacoes)
      .where(eq(avaliacoes.turmaId, ingles.id))
    const grades: Record<string, number> = {
      'Prova 1 — Units 1–3': 8,
      'Trabalho — My hometown': 5.5,
      'Oral 1 — Conversation': 9,
    }
    await t.db.orm
      .insert(notas)
      .values(
        provas
          .filter((prova) => prova.nome in grades)
          .map((prova) => ({ avaliacaoId: prova.id, turmaAlunoId: matricula!.id, nota: grades[prova.nome]! })),
      )
    const pending = (await get(`/at-home/turma/${ingles.id}/notas/`, student.token)).json<NotasTurma>()
    expect(pending).toMatchObject({ media: 7.6, situacao: 'em_andamento' })

    const prova2 = provas.find((prova) => prova.nome === 'Prova 2 — Units 4–6')!
    await t.db.orm.insert(notas).values({ avaliacaoId: prova2.id, turmaAlunoId: matricula!.id, nota: 5 })
    const failed = (await get(`/at-home/turma/${ingles.id}/notas/`, student.token)).json<NotasTurma>()
    // (16 + 5.5 + 9 + 10) / 6 = 6.75
    expect(failed).toMatchObject({ media: 6.8, situacao: 'reprovado' })

    await t.db.orm
      .update(notas)
      .set({ nota: 7 })
      .where(and(eq(notas.avaliacaoId, prova2.id), eq(notas.turmaAlunoId, matricula!.id)))
    const passed = (await get(`/at-home/turma/${ingles.id}/notas/`, student.token)).json<NotasTurma>()
    // (16 + 5.5 + 9 + 14) / 6 = 7.4166…
    expect(passed).toMatchObject({ media: 7.4, situacao: 'aprovado' })
    // Ana's own grades are untouched.
    expect((await get(`/at-home/turma/${ingles.id}/notas/`, ana)).json<NotasTurma>()).toMatchObject({
      media: 7.6,
      situacao: 'em_andamento',
    })
  })
})

describe('GET /at-home/turma-aluno/{id}/notas/athome/', () => {
  it('gives the at-home activity grades of the enrolment, by date, with their average', async () => {
    const atHome = byName(anaTurmas, 'KNN At Home — Inglês')
    const response = await get(`/at-home/turma-aluno/${atHome.turma_aluno_id}/notas/athome/`, ana)
    expect(response.statusCode).toBe(200)
    const body = response.json<NotasAtHome>()
    expect(body.turma_aluno_id).toBe(atHome.turma_aluno_id)
    expect(body.atividades.map(({ atividade, unidade, nota }) => ({ atividade, unidade, nota }))).toEqual([
      { atividade: 'Listening — Greetings', unidade: 'Unit 1', nota: 9 },
      { atividade: 'Vocabulary — Family', unidade: 'Unit 1', nota: 8 },
      { atividade: 'Grammar quiz — Present simple', unidade: 'Unit 2', nota: 7.5 },
      { atividade: 'Reading — My routine', unidade: 'Unit 2', nota: 7 },
      { atividade: 'Listening — At the restaurant', unidade: 'Unit 3', nota: null },
    ])
    expect(body.media).toBe(7.9)

    const presencial = await get(`/at-home/turma-aluno/${byName(anaTurmas, 'Inglês — Intermediário 2').turma_aluno_id}/notas/athome/`, ana)
    expect(presencial.json()).toEqual({ turma_aluno_id: expect.any(Number), atividades: [], media: null })
  })

  it("answers 404 for a sibling's enrolment and for an unknown one (D7)", async () => {
    for (const id of [lucasTurmas[0]!.turma_aluno_id, marinaTurmas[0]!.turma_aluno_id, 999_999, 2_147_483_648]) {
      const response = await get(`/at-home/turma-aluno/${id}/notas/athome/`, ana)
      expect(response.statusCode, String(id)).toBe(404)
      expect(response.json()).toEqual({ detail: 'Não encontrado' })
    }
    const anaEnrolments = new Set(anaTurmas.map((turma) => turma.turma_aluno_id))
    for (const turma of [...lucasTurmas, ...marinaTurmas]) expect(anaEnrolments.has(turma.turma_aluno_id)).toBe(false)
  })

  it('answers 422 for a bad id and 401 without a token', async () => {
    const bad = await get('/at-home/turma-aluno/0/notas/athome/', ana)
    expect(bad.statusCode).toBe(422)
    expect(bad.json().detail[0].loc).toEqual(['path', 'id'])
    expect((await get(`/at-home/turma-aluno/${anaTurmas[0]!.turma_aluno_id}/notas/athome/`)).statusCode).toBe(401)
  })
})
