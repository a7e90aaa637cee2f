import { and, eq, inArray } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AulaOnline } from '../../../src/contract/schemas/aula-online.ts'
import type { Turma } from '../../../src/contract/schemas/turma.ts'
import { aulaOnlinePresencas, aulasOnline } from './schema.ts'
import { seedDemoOnlineClasses } from './seed.ts'
import { turmaAlunos, turmas } from '../classes/schema.ts'
import { users } from '../users/schema.ts'
import { createAccount, createOnlineClass } from '../../test/accounts.ts'
import { bearer, createTestApp, demoToken, type TestApp } from '../../test/app.ts'
import { JOIN_ENDED, JOIN_TOO_EARLY } from './routes.ts'

/** Online classes (issue 10) on the real server: today's class by tmz, the join window, attendance once. */

const API = '/api/v1/at-home'
const MINUTE = 60_000
const HOUR = 60 * MINUTE

function call(
  t: TestApp,
  token: string,
  url: string,
  options: { method?: 'GET' | 'PUT'; tmz?: number } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: options.method ?? 'GET',
    url,
    headers: { ...bearer(token), ...(options.tmz === undefined ? {} : { tmz: String(options.tmz) }) },
  })
}

const join = (t: TestApp, token: string, id: number) => call(t, token, `${API}/aulas-online/${id}/presenca/`, { method: 'PUT' })

/** A tmz (whole hours, within -12..14) at which the local clock reads `hour`:xx now. */
function tmzWhereClockReads(hour: number, now = new Date()): number {
  let offset = hour - now.getUTCHours()
  while (offset < -12) offset += 24
  while (offset >= 12) offset -= 24
  return offset
}

describe('online classes', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it("lists the demo student's online classes by start: past, today's open one with its link, upcoming", async () => {
    const ana = await demoToken(t.app, 'ana')
    const response = await call(t, ana, `${API}/aulas-online/`)
    expect(response.statusCode).toBe(200)
    const aulas = response.json<AulaOnline[]>()
    expect(aulas.map((aula) => aula.tema)).toEqual([
      'Gramática — Ser y estar',
      'Vocabulario — La familia',
      'Conversación — Presentaciones',
      ...(['Conversation club — Travel stories', 'Listening lab — Podcasts', 'Conversación — En el restaurante'] as const),
    ])
    const [attended, missed, open, later] = aulas
    expect(attended).toMatchObject({ status: 'encerrada', link: null, turma_nome: 'Espanhol — Básico 1', professor: 'Diego Ramírez' })
    expect(attended!.presenca_em).not.toBeNull()
    expect(missed).toMatchObject({ status: 'encerrada', link: null, presenca_em: null })
    expect(open).toMatchObject({ status: 'aberta', presenca_em: null })
    expect(open!.link).toMatch(/^https:\/\/meet\.example\.com\//)
    expect(later).toMatchObject({ status: 'agendada', link: null, professor: 'Patrícia Mendes' })
    expect(Date.parse(later!.abre_em)).toBe(Date.parse(later!.inicio) - 10 * MINUTE)
  })

  it("answers today's class of a class by turma and by turma-aluno, and null for a class with none today", async () => {
    const ana = await demoToken(t.app, 'ana')
    const turmas = (await call(t, ana, `${API}/turmas/`)).json<Turma[]>()
    const espanhol = turmas.find((turma) => turma.nome === 'Espanhol — Básico 1')!
    const digital = turmas.find((turma) => turma.somente_digital)!

    const byTurma = await call(t, ana, `${API}/turma/${espanhol.id}/aula-hoje/`)
    expect(byTurma.statusCode).toBe(200)
    expect(byTurma.json<AulaOnline>()).toMatchObject({ tema: 'Conversación — Presentaciones', status: 'aberta', turma_id: espanhol.id })
    const byEnrolment = await call(t, ana, `${API}/turma-aluno/${espanhol.turma_aluno_id}/aula-hoje/`)
    expect(byEnrolment.json()).toEqual(byTurma.json())

    const none = await call(t, ana, `${API}/turma/${digital.id}/aula-hoje/`)
    expect(none.statusCode).toBe(200)
    expect(none.json()).toBeNull()
    expect((await call(t, ana, `${API}/turma-aluno/${digital.turma_aluno_id}/aula-hoje/`)).json()).toBeNull()
  })

  it("takes 'today' in the caller's tmz (D21): a class three hours ahead is today at noon and tomorrow at 23:00", async () => {
    const student = await createAccount(t.app, t.db)
    const now = Date.now()
    const ids = await createOnlineClass(t.db, student.id, { inicio: new Date(now + 3 * HOUR) })
    const atNoon = tmzWhereClockReads(12)
    const lateEvening = tmzWhereClockReads(23)
    for (const url of [`${API}/turma/${ids.turma}/aula-hoje/`, `${API}/turma-aluno/${ids.turmaAluno}/aula-hoje/`]) {
      const today = await call(t, student.token, url, { tmz: atNoon })
      expect(today.json<AulaOnline>()).toMatchObject({ id: ids.aulaOnline, status: 'agendada', link: null })
      expect((await call(t, student.token, url, { tmz: lateEvening })).json()).toBeNull()
    }
  })

  it("keeps a class that ended today as today's (the day's last), and a class three hours ago is yesterday's at 01:00", async () => {
    const student = await createAccount(t.app, t.db)
    const ids = await createOnlineClass(t.db, student.id, { inicio: new Date(Date.now() - 3 * HOUR), fim: new Date(Date.now() - 2 * HOUR) })
    const url = `${API}/turma/${ids.turma}/aula-hoje/`
    expect((await call(t, student.token, url, { tmz: tmzWhereClockReads(15) })).json<AulaOnline>()).toMatchObject({
      id: ids.aulaOnline,
      status: 'encerrada',
      link: null,
    })
    expect((await call(t, student.token, url, { tmz: tmzWhereClockReads(1) })).json()).toBeNull()
  })

  it("a class going on now that began before midnight is today's class; one begun yesterday and over is not", async () => {
    const student = await createAccount(t.app, t.db)
    // At 01:xx local time this class began at 23:xx yesterday and is open for another hour.
    const ids = await createOnlineClass(t.db, student.id, { inicio: new Date(Date.now() - 2 * HOUR), fim: new Date(Date.now() + HOUR) })
    const oneAm = tmzWhereClockReads(1)
    for (const url of [`${API}/turma/${ids.turma}/aula-hoje/`, `${API}/turma-aluno/${ids.turmaAluno}/aula-hoje/`]) {
      expect((await call(t, student.token, url, { tmz: oneAm })).json<AulaOnline>()).toMatchObject({ id: ids.aulaOnline, status: 'aberta' })
    }
    const ended = await createOnlineClass(t.db, student.id, {
      inicio: new Date(Date.now() - 3 * HOUR),
      fim: new Date(Date.now() - 90 * MINUTE),
    })
    expect((await call(t, student.token, `${API}/turma/${ended.turma}/aula-hoje/`, { tmz: oneAm })).json()).toBeNull()
  })

  it("today's class is the first not over: the open one before a later one, and the next once the earlier ended", async () => {
    const student = await createAccount(t.app, t.db)
    const noon = tmzWhereClockReads(12)
    const ids = await createOnlineClass(t.db, student.id, { inicio: new Date(Date.now() - 2 * HOUR), fim: new Date(Date.now() - HOUR) })
    const [next] = await t.db.orm
      .insert(aulasOnline)
      .values({
        turmaId: ids.turma,
        tema: 'Segunda aula',
        inicio: new Date(Date.now() + HOUR),
        fim: new Date(Date.now() + 2 * HOUR),
        link: 'https://meet.example.com/segunda',
      })
      .returning({ id: aulasOnline.id })
    const today = await call(t, student.token, `${API}/turma/${ids.turma}/aula-hoje/`, { tmz: noon })
    expect(today.json<AulaOnline>()).toMatchObject({ id: next!.id, tema: 'Segunda aula', status: 'agendada' })
  })

  it('gives the link only inside the window: 10 minutes before the start until the end', async () => {
    const student = await createAccount(t.app, t.db)
    const now = Date.now()
    // 30 s of margin each side of each edge: the request runs a moment after `now`.
    const beforeWindow = await createOnlineClass(t.db, student.id, { inicio: new Date(now + 10 * MINUTE + 30_000) })
    const justOpened = await createOnlineClass(t.db, student.id, { inicio: new Date(now + 10 * MINUTE - 30_000) })
    const endingSoon = await createOnlineClass(t.db, student.id, { inicio: new Date(now - HOUR), fim: new Date(now + 30_000) })
    const justEnded = await createOnlineClass(t.db, student.id, { inicio: new Date(now - HOUR), fim: new Date(now - 1_000) })
    const get = async (id: number) => (await call(t, student.token, `${API}/aulas-online/${id}/`)).json<AulaOnline>()

    expect(await get(beforeWindow.aulaOnline)).toMatchObject({ status: 'agendada', link: null })
    expect((await get(justOpened.aulaOnline)).link).toMatch(/^https:\/\/meet\.example\.com\//)
    expect((await get(endingSoon.aulaOnline)).status).toBe('aberta')
    expect(await get(justEnded.aulaOnline)).toMatchObject({ status: 'encerrada', link: null })

    const early = await join(t, student.token, beforeWindow.aulaOnline)
    expect(early.statusCode).toBe(409)
    expect(early.json()).toEqual({ detail: JOIN_TOO_EARLY })
    const late = await join(t, student.token, justEnded.aulaOnline)
    expect(late.statusCode).toBe(409)
    expect(late.json()).toEqual({ detail: JOIN_ENDED })
    // Nothing recorded by a refused join.
    const rows = await t.db.orm.select().from(aulaOnlinePresencas).where(eq(aulaOnlinePresencas.turmaAlunoId, beforeWindow.turmaAluno))
    expect(rows).toEqual([])
    expect(await get(justEnded.aulaOnline)).toMatchObject({ presenca_em: null })
  })

  it('records attendance on join once: a repeat (and two at once) answers the first time, even after the end', async () => {
    const student = await createAccount(t.app, t.db)
    const ids = await createOnlineClass(t.db, student.id)
    const [first, concurrent] = await Promise.all([join(t, student.token, ids.aulaOnline), join(t, student.token, ids.aulaOnline)])
    expect(first.statusCode).toBe(200)
    expect(concurrent.statusCode).toBe(200)
    const joined = first.json<AulaOnline>()
    expect(joined.presenca_em).not.toBeNull()
    expect(joined.link).toMatch(/^https:\/\//)
    expect(concurrent.json<AulaOnline>().presenca_em).toBe(joined.presenca_em)

    // The class ends; the attendance recorded stays and a repeat still answers it.
    await t.db.orm
      .update(aulasOnline)
      .set({ inicio: new Date(Date.now() - 2 * HOUR), fim: new Date(Date.now() - HOUR) })
      .where(eq(aulasOnline.id, ids.aulaOnline))
    const again = await join(t, student.token, ids.aulaOnline)
    expect(again.statusCode).toBe(200)
    expect(again.json<AulaOnline>()).toMatchObject({ presenca_em: joined.presenca_em, status: 'encerrada', link: null })
    const rows = await t.db.orm
      .select()
      .from(aulaOnlinePresencas)
      .where(and(eq(aulaOnlinePresencas.aulaOnlineId, ids.aulaOnline), eq(aulaOnlinePresencas.turmaAlunoId, ids.turmaAluno)))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.presencaEm.toISOString()).toBe(joined.presenca_em)
  })

  it("another student's class, class or enrolment is 404 and their join records nothing", async () => {
    const owner = await createAccount(t.app, t.db)
    const other = await createAccount(t.app, t.db)
    const ids = await createOnlineClass(t.db, owner.id)
    for (const url of [
      `${API}/aulas-online/${ids.aulaOnline}/`,
      `${API}/turma/${ids.turma}/aula-hoje/`,
      `${API}/turma-aluno/${ids.turmaAluno}/aula-hoje/`,
    ]) {
      expect((await call(t, other.token, url)).statusCode).toBe(404)
    }
    expect((await join(t, other.token, ids.aulaOnline)).statusCode).toBe(404)
    expect(await t.db.orm.select().from(aulaOnlinePresencas).where(eq(aulaOnlinePresencas.aulaOnlineId, ids.aulaOnline))).toEqual([])
    expect((await call(t, other.token, `${API}/aulas-online/`)).json()).toEqual([])
  })

  it('a demo restarted on a later day moves its classes instead of adding a second set (the attendance follows)', async () => {
    // Seeded at 23:58 and again at 00:01 Brazil time (UTC-3), then a week later: ana's
    // Spanish class still has one class a topic, and one attendance, on the new dates.
    const beforeMidnight = new Date('2031-03-10T02:58:00Z')
    const afterMidnight = new Date('2031-03-10T03:01:00Z')
    const weekLater = new Date('2031-03-17T15:00:00Z')
    const spanish = and(eq(users.email, 'aluno@example.com'), eq(turmas.nome, 'Espanhol — Básico 1'))
    const classes = () =>
      t.db.orm
        .select({ id: aulasOnline.id, tema: aulasOnline.tema, inicio: aulasOnline.inicio })
        .from(aulasOnline)
        .innerJoin(turmas, eq(turmas.id, aulasOnline.turmaId))
        .innerJoin(turmaAlunos, eq(turmaAlunos.turmaId, turmas.id))
        .innerJoin(users, eq(users.id, turmaAlunos.userId))
        .where(spanish)
    for (const now of [beforeMidnight, afterMidnight, weekLater]) {
      await seedDemoOnlineClasses(t.db.orm, now)
      const rows = await classes()
      expect(rows.map((row) => row.tema).sort()).toEqual([
        'Conversación — En el restaurante',
        'Conversación — Presentaciones',
        'Gramática — Ser y estar',
        'Vocabulario — La familia',
      ])
      const open = rows.find((row) => row.tema === 'Conversación — Presentaciones')!
      expect(open.inicio.getTime()).toBe(Math.floor(now.getTime() / (5 * MINUTE)) * 5 * MINUTE)
      const attended = rows.find((row) => row.tema === 'Gramática — Ser y estar')!
      const presencas = await t.db.orm
        .select({ aulaOnlineId: aulaOnlinePresencas.aulaOnlineId })
        .from(aulaOnlinePresencas)
        .where(
          inArray(
            aulaOnlinePresencas.aulaOnlineId,
            rows.map((row) => row.id),
          ),
        )
      expect(presencas).toEqual([{ aulaOnlineId: attended.id }])
    }
    // Back to today's dates for the other tests of this file (run in any order).
    await seedDemoOnlineClasses(t.db.orm, new Date())
  })

  it('a manager has no enrolment: 403', async () => {
    const gestor = await demoToken(t.app, 'gestor')
    expect((await call(t, gestor, `${API}/aulas-online/`)).statusCode).toBe(403)
  })
})
