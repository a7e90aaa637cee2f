import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { isSerialId } from '../../db/ids.ts'
import { livros } from '../books/schema.ts'
import { atividadesAthome, avaliacoes, notas, notasAthome } from './grades-schema.ts'
import { turmaAlunos, turmas, type TurmaRow } from './schema.ts'

/**
 * Classes and grades, always through the caller's enrolment (turma_alunos.user_id): a
 * class, enrolment or grade of another student is simply not found (D7).
 */

export interface EnrolledClass {
  turma: Omit<TurmaRow, 'createdAt'>
  turmaAlunoId: number
  aulasRealizadas: number
  livro: { id: number; nome: string; codigo: string } | null
}

export interface AssessmentWithGrade {
  id: number
  nome: string
  tipo: (typeof avaliacoes.$inferSelect)['tipo']
  data: string | null
  peso: number
  nota: number | null
}

export interface ClassGrades {
  turmaId: number
  notaMinima: number
  avaliacoes: AssessmentWithGrade[]
}

export interface ActivityWithGrade {
  id: number
  atividade: string
  unidade: string | null
  data: string | null
  nota: number | null
}

export interface EnrolmentAtHomeGrades {
  turmaAlunoId: number
  atividades: ActivityWithGrade[]
}

const { createdAt: _createdAt, ...turmaColumns } = getTableColumns(turmas)
const byName = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true })

export function forUser(db: Db, userId: number) {
  /** Turma + enrolment + book in one query (no N+1 over the caller's classes). */
  const enrolled = () =>
    db
      .select({
        turma: turmaColumns,
        turmaAlunoId: turmaAlunos.id,
        aulasRealizadas: turmaAlunos.aulasRealizadas,
        livro: { id: livros.id, nome: livros.nome, codigo: livros.codigo },
      })
      .from(turmaAlunos)
      .innerJoin(turmas, eq(turmas.id, turmaAlunos.turmaId))
      .leftJoin(livros, eq(livros.id, turmas.livroId))
      .$dynamic()

  return {
    userId,

    /** The caller's classes; `somenteDigital` keeps only the digital-only (at-home) ones. */
    async classes(options: { somenteDigital?: boolean } = {}): Promise<EnrolledClass[]> {
      const mine = eq(turmaAlunos.userId, userId)
      const rows = await enrolled()
        .where(options.somenteDigital ? and(mine, eq(turmas.somenteDigital, true)) : mine)
        .orderBy(asc(turmas.id))
      // By name as a Brazilian reader sorts (accents, case), the same on PGlite and PostgreSQL
      // whatever their collations; a student has a handful of classes.
      return rows.sort((a, b) => byName.compare(a.turma.nome, b.turma.nome))
    },

    /** The caller's class by turma id; null when the caller is not enrolled in it. */
    async class(turmaId: number): Promise<EnrolledClass | null> {
      if (!isSerialId(turmaId)) return null
      const [row] = await enrolled()
        .where(and(eq(turmaAlunos.userId, userId), eq(turmaAlunos.turmaId, turmaId)))
        .limit(1)
      return row ?? null
    },

    /** The class's assessments with the caller's grade in each; null when not enrolled. */
    async classGrades(turmaId: number): Promise<ClassGrades | null> {
      if (!isSerialId(turmaId)) return null
      const [enrolment] = await db
        .select({ turmaAlunoId: turmaAlunos.id, notaMinima: turmas.notaMinima })
        .from(turmaAlunos)
        .innerJoin(turmas, eq(turmas.id, turmaAlunos.turmaId))
        .where(and(eq(turmaAlunos.userId, userId), eq(turmaAlunos.turmaId, turmaId)))
        .limit(1)
      if (!enrolment) return null
      const rows = await db
        .select({
          id: avaliacoes.id,
          nome: avaliacoes.nome,
          tipo: avaliacoes.tipo,
          data: avaliacoes.data,
          peso: avaliacoes.peso,
          nota: notas.nota,
        })
        .from(avaliacoes)
        .leftJoin(notas, and(eq(notas.avaliacaoId, avaliacoes.id), eq(notas.turmaAlunoId, enrolment.turmaAlunoId)))
        .where(eq(avaliacoes.turmaId, turmaId))
        .orderBy(sql`${avaliacoes.data} asc nulls last`, asc(avaliacoes.id))
      return { turmaId, notaMinima: enrolment.notaMinima, avaliacoes: rows }
    },

    /** At-home activity grades of one of the caller's enrolments; null when not the caller's. */
    async atHomeGrades(turmaAlunoId: number): Promise<EnrolmentAtHomeGrades | null> {
      if (!isSerialId(turmaAlunoId)) return null
      const [enrolment] = await db
        .select({ turmaId: turmaAlunos.turmaId })
        .from(turmaAlunos)
        .where(and(eq(turmaAlunos.id, turmaAlunoId), eq(turmaAlunos.userId, userId)))
        .limit(1)
      if (!enrolment) return null
      const atividades = await db
        .select({
          id: atividadesAthome.id,
          atividade: atividadesAthome.atividade,
          unidade: atividadesAthome.unidade,
          data: atividadesAthome.data,
          nota: notasAthome.nota,
        })
        .from(atividadesAthome)
        .leftJoin(notasAthome, and(eq(notasAthome.atividadeId, atividadesAthome.id), eq(notasAthome.turmaAlunoId, turmaAlunoId)))
        .where(eq(atividadesAthome.turmaId, enrolment.turmaId))
        .orderBy(sql`${atividadesAthome.data} asc nulls last`, asc(atividadesAthome.id))
      return { turmaAlunoId, atividades }
    },
  }
}

export type ClassesScope = ReturnType<typeof forUser>
