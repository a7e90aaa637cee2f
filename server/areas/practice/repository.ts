import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { pontuarTeste, type ResultadoPraticaBody } from '../../../src/contract/schemas/pratica.ts'
import type { Db } from '../../db/client.ts'
import { isSerialId } from '../../db/ids.ts'
import { livros } from '../books/schema.ts'
import { atividadesAthome, notasAthome } from '../classes/grades-schema.ts'
import { praticaAudios, praticaResultados, praticaTesteAtividades, praticaTestes, praticaVocabulario } from './schema.ts'
import type { PraticaResultadoRow, PraticaTesteRow } from './schema.ts'
import { turmaAlunos, turmas } from '../classes/schema.ts'

/** The rows the routes turn into answers. */
export type { PraticaResultadoRow } from './schema.ts'

/**
 * The practice area (issue 10), always through the caller's enrolment in the class: a class
 * of another student's is simply not found (D7). Content belongs to the class's book.
 */

export interface PracticeContent {
  turmaId: number
  turmaAlunoId: number
  livro: { id: number; nome: string; codigo: string } | null
  audios: (typeof praticaAudios.$inferSelect)[]
  vocabulario: (typeof praticaVocabulario.$inferSelect)[]
  testes: (PraticaTesteRow & { bestGrade: number | null })[]
}

export type SaveResultOutcome =
  { kind: 'created' | 'replayed'; resultado: PraticaResultadoRow; bestGrade: number } | { kind: 'not-found' | 'key-reused' | 'invalid' }

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** The respostas as stored: option by question id, keys sorted (what a replay must match). */
function respostasGuardadas(respostas: ResultadoPraticaBody['respostas']): Record<string, number> {
  return Object.fromEntries([...respostas].sort((a, b) => a.questao - b.questao).map(({ questao, opcao }) => [String(questao), opcao]))
}

function sameRespostas(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key])
}

export function forUser(db: Db, userId: number) {
  async function enrolment(executor: Db | Tx, turmaId: number) {
    const [row] = await executor
      .select({ turmaAlunoId: turmaAlunos.id, livroId: turmas.livroId })
      .from(turmaAlunos)
      .innerJoin(turmas, eq(turmas.id, turmaAlunos.turmaId))
      .where(and(eq(turmaAlunos.userId, userId), eq(turmaAlunos.turmaId, turmaId)))
      .limit(1)
    return row ?? null
  }

  /** The best score of a test in the class, from the at-home grade it shows as. */
  async function bestGrade(executor: Db | Tx, turmaId: number, turmaAlunoId: number, testeIds: number[]) {
    if (testeIds.length === 0) return new Map<number, number>()
    const rows = await executor
      .select({ testeId: praticaTesteAtividades.testeId, nota: notasAthome.nota })
      .from(praticaTesteAtividades)
      .innerJoin(
        notasAthome,
        and(eq(notasAthome.atividadeId, praticaTesteAtividades.atividadeAthomeId), eq(notasAthome.turmaAlunoId, turmaAlunoId)),
      )
      .where(and(eq(praticaTesteAtividades.turmaId, turmaId), inArray(praticaTesteAtividades.testeId, testeIds)))
    return new Map(rows.flatMap((row) => (row.nota === null ? [] : [[row.testeId, row.nota] as const])))
  }

  /**
   * The at-home activity the test's scores show under in this class, made on first use.
   * The class's row is locked (`FOR NO KEY UPDATE`: other writes that only reference the
   * class still pass) so two students saving the first score at once make one.
   */
  async function activityOfTest(tx: Tx, teste: PraticaTesteRow, turmaId: number): Promise<number> {
    const find = async () => {
      const [link] = await tx
        .select({ id: praticaTesteAtividades.atividadeAthomeId })
        .from(praticaTesteAtividades)
        .where(and(eq(praticaTesteAtividades.testeId, teste.id), eq(praticaTesteAtividades.turmaId, turmaId)))
        .limit(1)
      return link?.id
    }
    const existing = await find()
    if (existing !== undefined) return existing
    await tx.select({ id: turmas.id }).from(turmas).where(eq(turmas.id, turmaId)).for('no key update')
    const again = await find()
    if (again !== undefined) return again
    const [atividade] = await tx
      .insert(atividadesAthome)
      .values({ turmaId, atividade: `Prática — ${teste.titulo}`, unidade: teste.unidade })
      .returning({ id: atividadesAthome.id })
    await tx.insert(praticaTesteAtividades).values({ testeId: teste.id, turmaId, atividadeAthomeId: atividade!.id })
    return atividade!.id
  }

  return {
    /** The practice content of one of the caller's classes; null when not the caller's. */
    async practice(turmaId: number): Promise<PracticeContent | null> {
      if (!isSerialId(turmaId)) return null
      const mine = await enrolment(db, turmaId)
      if (!mine) return null
      const empty = { turmaId, turmaAlunoId: mine.turmaAlunoId, livro: null, audios: [], vocabulario: [], testes: [] }
      if (mine.livroId === null) return empty
      const livroId = mine.livroId
      const [[livro], audios, vocabulario, testes] = await Promise.all([
        db.select({ id: livros.id, nome: livros.nome, codigo: livros.codigo }).from(livros).where(eq(livros.id, livroId)),
        db.select().from(praticaAudios).where(eq(praticaAudios.livroId, livroId)).orderBy(asc(praticaAudios.ordem), asc(praticaAudios.id)),
        db
          .select()
          .from(praticaVocabulario)
          .where(eq(praticaVocabulario.livroId, livroId))
          .orderBy(asc(praticaVocabulario.ordem), asc(praticaVocabulario.id)),
        db.select().from(praticaTestes).where(eq(praticaTestes.livroId, livroId)).orderBy(asc(praticaTestes.ordem), asc(praticaTestes.id)),
      ])
      const best = await bestGrade(
        db,
        turmaId,
        mine.turmaAlunoId,
        testes.map((teste) => teste.id),
      )
      return {
        ...empty,
        livro: livro ?? null,
        audios,
        vocabulario,
        testes: testes.map((teste) => ({ ...teste, bestGrade: best.get(teste.id) ?? null })),
      }
    },

    /**
     * Stores a finished test once per `key`: scored here, whatever the device said;
     * the test's at-home grade becomes the best score so far, so results arriving
     * late or out of order give the same grade. The caller's enrolment row is locked,
     * so concurrent sends of one key take turns and the second finds the first.
     */
    async saveResult(turmaId: number, testeId: number, key: string, body: ResultadoPraticaBody, now: Date): Promise<SaveResultOutcome> {
      if (!isSerialId(turmaId)) return { kind: 'not-found' }
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: turmaAlunos.id })
          .from(turmaAlunos)
          .where(and(eq(turmaAlunos.userId, userId), eq(turmaAlunos.turmaId, turmaId)))
          .for('update')
        if (!locked) return { kind: 'not-found' }
        const mine = (await enrolment(tx, turmaId))!
        const respostas = respostasGuardadas(body.respostas)

        const [previous] = await tx
          .select()
          .from(praticaResultados)
          .where(and(eq(praticaResultados.userId, userId), eq(praticaResultados.idempotencyKey, key)))
          .limit(1)
        if (previous) {
          const same =
            previous.turmaAlunoId === mine.turmaAlunoId && previous.testeId === testeId && sameRespostas(previous.respostas, respostas)
          if (!same) return { kind: 'key-reused' }
          const best = await bestGrade(tx, turmaId, mine.turmaAlunoId, [previous.testeId])
          return { kind: 'replayed', resultado: previous, bestGrade: best.get(previous.testeId) ?? previous.nota }
        }

        if (mine.livroId === null || !isSerialId(testeId)) return { kind: 'not-found' }
        const [teste] = await tx
          .select()
          .from(praticaTestes)
          .where(and(eq(praticaTestes.id, testeId), eq(praticaTestes.livroId, mine.livroId)))
          .limit(1)
        if (!teste) return { kind: 'not-found' }
        const score = pontuarTeste(teste.questoes, body.respostas)
        if (!score) return { kind: 'invalid' }

        const atividadeId = await activityOfTest(tx, teste, turmaId)
        // A clock ahead on the device does not date a result in the future.
        const feito = new Date(Math.min(Date.parse(body.feito_em), now.getTime()))
        const [resultado] = await tx
          .insert(praticaResultados)
          .values({
            userId,
            turmaAlunoId: mine.turmaAlunoId,
            testeId: teste.id,
            idempotencyKey: key,
            respostas,
            ...score,
            feitoEm: feito,
            recebidoEm: now,
          })
          .returning()
        const [grade] = await tx
          .insert(notasAthome)
          .values({ atividadeId, turmaAlunoId: mine.turmaAlunoId, nota: score.nota })
          .onConflictDoUpdate({
            target: [notasAthome.atividadeId, notasAthome.turmaAlunoId],
            set: { nota: sql`greatest(coalesce(${notasAthome.nota}, 0), excluded.nota)` },
          })
          .returning({ nota: notasAthome.nota })
        return { kind: 'created', resultado: resultado!, bestGrade: grade!.nota ?? score.nota }
      })
    },
  }
}
