import { and, asc, eq, gt, gte, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { aulaOnlinePresencas, aulasOnline } from './schema.ts'
import { turmaAlunos, turmas } from '../classes/schema.ts'
import { isSerialId } from '../../db/ids.ts'

/**
 * Online classes (issue 10), always through the caller's enrolment (turma_alunos.user_id,
 * D7): a class of another student's class is simply not found.
 */

/** The join window opens this long before the start and closes at the end. */
export const JOIN_OPENS_BEFORE_MS = 10 * 60_000

export interface StudentOnlineClass {
  id: number
  turmaId: number
  turmaAlunoId: number
  turmaNome: string
  tema: string
  /** The meeting's teacher, else the class's. */
  professor: string | null
  inicio: Date
  fim: Date
  link: string
  presencaEm: Date | null
}

export type Janela = 'agendada' | 'aberta' | 'encerrada'

/** Where the class stands at `now`: the link is handed out only while `aberta`. */
export function janelaAt(aula: Pick<StudentOnlineClass, 'inicio' | 'fim'>, now: Date): Janela {
  if (now.getTime() < aula.inicio.getTime() - JOIN_OPENS_BEFORE_MS) return 'agendada'
  return now < aula.fim ? 'aberta' : 'encerrada'
}

export type JoinResult = { kind: 'recorded'; aula: StudentOnlineClass } | { kind: 'not-found' | 'too-early' | 'ended' }

export function forUser(db: Db, userId: number) {
  /** The caller's online classes `where` selects, by start, with the caller's attendance. */
  async function load(where: SQL | undefined): Promise<StudentOnlineClass[]> {
    return db
      .select({
        id: aulasOnline.id,
        turmaId: aulasOnline.turmaId,
        turmaAlunoId: turmaAlunos.id,
        turmaNome: turmas.nome,
        tema: aulasOnline.tema,
        professor: sql<string | null>`coalesce(${aulasOnline.professor}, ${turmas.professor})`,
        inicio: aulasOnline.inicio,
        fim: aulasOnline.fim,
        link: aulasOnline.link,
        presencaEm: aulaOnlinePresencas.presencaEm,
      })
      .from(aulasOnline)
      .innerJoin(turmas, eq(turmas.id, aulasOnline.turmaId))
      .innerJoin(turmaAlunos, and(eq(turmaAlunos.turmaId, aulasOnline.turmaId), eq(turmaAlunos.userId, userId)))
      .leftJoin(
        aulaOnlinePresencas,
        and(eq(aulaOnlinePresencas.aulaOnlineId, aulasOnline.id), eq(aulaOnlinePresencas.turmaAlunoId, turmaAlunos.id)),
      )
      .where(where)
      .orderBy(asc(aulasOnline.inicio), asc(aulasOnline.id))
  }

  /** The caller's enrolment that `where` (on turma_alunos) names; null when not the caller's. */
  async function enrolment(where: SQL): Promise<{ turmaId: number } | null> {
    const [row] = await db
      .select({ turmaId: turmaAlunos.turmaId })
      .from(turmaAlunos)
      .where(and(where, eq(turmaAlunos.userId, userId)))
      .limit(1)
    return row ?? null
  }

  return {
    userId,

    /** The caller's online classes starting in [from, to). */
    onlineClasses(from: Date, to: Date): Promise<StudentOnlineClass[]> {
      return load(and(gte(aulasOnline.inicio, from), lt(aulasOnline.inicio, to)))
    },

    /** One of the caller's online classes; null when not the caller's. */
    async onlineClass(id: number): Promise<StudentOnlineClass | null> {
      if (!isSerialId(id)) return null
      const [row] = await load(eq(aulasOnline.id, id))
      return row ?? null
    },

    /**
     * The online classes of a class of the day [from, to): those starting in it, and one
     * started before it and still going on at `now` (across midnight). The class is
     * named by its id (`by: 'turma'`) or by the caller's enrolment (`'turmaAluno'`); null
     * when the caller is not enrolled in it.
     */
    async classOnlineClasses(
      by: 'turma' | 'turmaAluno',
      id: number,
      from: Date,
      to: Date,
      now: Date,
    ): Promise<StudentOnlineClass[] | null> {
      if (!isSerialId(id)) return null
      const found = await enrolment(by === 'turma' ? eq(turmaAlunos.turmaId, id) : eq(turmaAlunos.id, id))
      if (!found) return null
      return load(
        and(
          eq(aulasOnline.turmaId, found.turmaId),
          lt(aulasOnline.inicio, to),
          or(gte(aulasOnline.inicio, from), gt(aulasOnline.fim, now)),
        ),
      )
    },

    /**
     * Joining: records attendance while the class is open; once recorded it stays as
     * it was (a repeat, even after the end, answers it unchanged). Two joins at once: the
     * unique (class, enrolment) keeps one row, and both answer it.
     */
    async join(id: number, now: Date): Promise<JoinResult> {
      const aula = await this.onlineClass(id)
      if (!aula) return { kind: 'not-found' }
      if (aula.presencaEm) return { kind: 'recorded', aula }
      const janela = janelaAt(aula, now)
      if (janela === 'agendada') return { kind: 'too-early' }
      if (janela === 'encerrada') return { kind: 'ended' }
      await db
        .insert(aulaOnlinePresencas)
        .values({ aulaOnlineId: aula.id, turmaAlunoId: aula.turmaAlunoId, presencaEm: now })
        .onConflictDoNothing({ target: [aulaOnlinePresencas.aulaOnlineId, aulaOnlinePresencas.turmaAlunoId] })
      const recorded = await this.onlineClass(id)
      return recorded ? { kind: 'recorded', aula: recorded } : { kind: 'not-found' }
    },
  }
}
