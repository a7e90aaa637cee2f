import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { aulaOnlinePresencas, aulasOnline } from './schema.ts'
import { turmaAlunos, turmas } from '../classes/schema.ts'
import { users } from '../users/schema.ts'
import { DEFAULT_TMZ_HOURS, localToday } from '../../http/tmz.ts'

/**
 * The demo's online classes (issue 10), relative to the seeding instant `now` (every
 * server start with SEED_DEMO): one open from the start for two hours, so the demo (and
 * the e2e run) always has today's class to join; one three hours later (its countdown);
 * some past (one attended) and some ahead at 19:00 Brazil time. A start on the same day
 * as the last leaves a class alone; on a later day it moves each class (and the one
 * attendance) to the new dates instead of adding a second set, so the demo keeps one
 * class a topic however many days it runs (a template seeded at 23:58 and a test at 00:01
 * Brazil time had seen every class twice).
 */

interface DemoOnlineClass {
  tema: string
  professor?: string
  minutos: number
  /** From `now` (floored to 5 minutes), in minutes… */
  aPartirDeAgora?: number
  /** …or on the day `dia` days from today at `hora` Brazil time. */
  dia?: number
  hora?: number
  /** The student joined it (a past class). */
  presente?: boolean
}

/** By demo e-mail, then by class name. */
export const DEMO_ONLINE_CLASSES: Readonly<Record<string, Readonly<Record<string, DemoOnlineClass[]>>>> = {
  'aluno@example.com': {
    'Espanhol — Básico 1': [
      { tema: 'Conversación — Presentaciones', aPartirDeAgora: 0, minutos: 120 },
      { tema: 'Gramática — Ser y estar', dia: -7, hora: 19, minutos: 60, presente: true },
      { tema: 'Vocabulario — La familia', dia: -2, hora: 19, minutos: 60 },
      { tema: 'Conversación — En el restaurante', dia: 7, hora: 19, minutos: 60 },
    ],
    'Inglês — Intermediário 2': [
      { tema: 'Conversation club — Travel stories', aPartirDeAgora: 180, minutos: 60, professor: 'Patrícia Mendes' },
      { tema: 'Listening lab — Podcasts', dia: 2, hora: 19, minutos: 60 },
    ],
  },
  'marina.pereira@example.com': {
    'Inglês — Teens 1': [{ tema: 'Speaking — My favourite band', dia: 1, hora: 17, minutos: 60 }],
  },
}

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

function inicioDe(aula: DemoOnlineClass, now: Date): Date {
  if (aula.aPartirDeAgora !== undefined) {
    const floored = Math.floor(now.getTime() / (5 * MINUTE_MS)) * 5 * MINUTE_MS
    return new Date(floored + aula.aPartirDeAgora * MINUTE_MS)
  }
  const today = localToday(now, DEFAULT_TMZ_HOURS)
  return new Date(Date.parse(`${today}T00:00:00Z`) + aula.dia! * DAY_MS + (aula.hora! - DEFAULT_TMZ_HOURS) * HOUR_MS)
}

/** A meeting URL of the demo's (fictitious) meeting service. */
function linkDe(turmaId: number, inicio: Date): string {
  return `https://meet.example.com/knn-${turmaId}-${inicio.getTime().toString(36)}`
}

export async function seedDemoOnlineClasses(db: Db, now: Date): Promise<void> {
  const enrolments = await db
    .select({ email: users.email, turmaNome: turmas.nome, turmaId: turmas.id, turmaAlunoId: turmaAlunos.id })
    .from(turmaAlunos)
    .innerJoin(users, eq(users.id, turmaAlunos.userId))
    .innerJoin(turmas, eq(turmas.id, turmaAlunos.turmaId))
    .where(inArray(users.email, Object.keys(DEMO_ONLINE_CLASSES)))
  for (const enrolment of enrolments) {
    const aulas = (enrolment.email && DEMO_ONLINE_CLASSES[enrolment.email]?.[enrolment.turmaNome]) || []
    if (aulas.length === 0) continue
    const existing = await db
      .select({ id: aulasOnline.id, tema: aulasOnline.tema, inicio: aulasOnline.inicio })
      .from(aulasOnline)
      .where(
        and(
          eq(aulasOnline.turmaId, enrolment.turmaId),
          inArray(
            aulasOnline.tema,
            aulas.map((aula) => aula.tema),
          ),
        ),
      )
      .orderBy(aulasOnline.id)
    const dayOf = (instant: Date) => localToday(instant, DEFAULT_TMZ_HOURS)
    for (const aula of aulas) {
      const inicio = inicioDe(aula, now)
      const sameTopic = existing.filter((row) => row.tema === aula.tema)
      if (sameTopic.some((row) => dayOf(row.inicio) === dayOf(inicio))) continue
      const moved = { inicio, fim: new Date(inicio.getTime() + aula.minutos * MINUTE_MS), link: linkDe(enrolment.turmaId, inicio) }
      const [kept, ...extra] = sameTopic
      let id: number
      if (kept) {
        id = kept.id
        await db.update(aulasOnline).set(moved).where(eq(aulasOnline.id, id))
        // Attendance belongs to the old date: the demo's one is written again below.
        await db.delete(aulaOnlinePresencas).where(eq(aulaOnlinePresencas.aulaOnlineId, id))
        if (extra.length > 0)
          await db.delete(aulasOnline).where(
            inArray(
              aulasOnline.id,
              extra.map((row) => row.id),
            ),
          )
      } else {
        const [created] = await db
          .insert(aulasOnline)
          .values({ turmaId: enrolment.turmaId, tema: aula.tema, professor: aula.professor ?? null, ...moved })
          .returning({ id: aulasOnline.id })
        id = created!.id
      }
      if (aula.presente) {
        await db.insert(aulaOnlinePresencas).values({
          aulaOnlineId: id,
          turmaAlunoId: enrolment.turmaAlunoId,
          presencaEm: new Date(inicio.getTime() + 2 * MINUTE_MS),
        })
      }
    }
  }
}
