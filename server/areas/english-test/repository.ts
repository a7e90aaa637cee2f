import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import { NIVEIS_QUESTAO, type NivelResultado } from '../../../src/contract/schemas/english-test.ts'
import type { Db } from '../../db/client.ts'
import { englishTestQuestoes, englishTestRespostas, englishTestTentativas } from './schema.ts'
import { isSerialId } from '../../db/ids.ts'

/**
 * The English level test's attempts (issue 10). A student reaches only their
 * own attempts (D7: anyone else's is not found). The clock is the server's: an attempt past
 * `expira_em` is finished, with the answers saved before it, the first time anything reads
 * or writes it, so a reload or another device never gets more time.
 */

type QuestionLevel = (typeof NIVEIS_QUESTAO)[number]

export interface BankQuestion {
  id: number
  nivel: QuestionLevel
  enunciado: string
  opcoes: string[]
  correta: number
}

export interface Resposta {
  questaoId: number
  opcao: number
}

export interface Attempt {
  id: number
  iniciadaEm: Date
  expiraEm: Date
  finalizadaEm: Date | null
  acertos: number | null
  nivel: NivelResultado | null
  /** In the order shown, with their right answers: the route decides what to send. */
  questoes: BankQuestion[]
  respostas: Resposta[]
}

export interface Score {
  acertos: number
  total: number
  nivel: NivelResultado
  porNivel: { nivel: QuestionLevel; acertos: number; total: number }[]
}

/** A level is reached with at least this share of its questions right (3 of 4). */
const PASS_SHARE = 0.7

/**
 * Score and CEFR level of a set of answers: the level is the highest one reached
 * with every level below it reached too, counting from A1; none reached is Pré-A1.
 */
export function score(questoes: readonly BankQuestion[], respostas: readonly Resposta[]): Score {
  const chosen = new Map(respostas.map((resposta) => [resposta.questaoId, resposta.opcao]))
  const porNivel = NIVEIS_QUESTAO.map((nivel) => {
    const doNivel = questoes.filter((questao) => questao.nivel === nivel)
    return { nivel, total: doNivel.length, acertos: doNivel.filter((questao) => chosen.get(questao.id) === questao.correta).length }
  }).filter((linha) => linha.total > 0)
  let nivel: NivelResultado = 'PRE_A1'
  for (const linha of porNivel) {
    if (linha.acertos < linha.total * PASS_SHARE) break
    nivel = linha.nivel
  }
  const acertos = porNivel.reduce((sum, linha) => sum + linha.acertos, 0)
  return { acertos, total: questoes.length, nivel, porNivel }
}

export type StartResult =
  { kind: 'created' | 'in-progress'; tentativa: Attempt } | { kind: 'too-soon'; podeRefazerEm: Date } | { kind: 'no-questions' }

export type SaveAnswersResult =
  | { kind: 'saved'; tentativa: Attempt }
  | { kind: 'not-found' | 'finished' }
  | { kind: 'invalid'; index: number; field: 'questao_id' | 'opcao' }

export interface TestState {
  /** In progress, else the last finished, else null. */
  tentativa: Attempt | null
  /** When a finished student may start again; null: now (or never took it). */
  podeRefazerEm: Date | null
}

const tentativaColumns = {
  id: englishTestTentativas.id,
  iniciadaEm: englishTestTentativas.iniciadaEm,
  expiraEm: englishTestTentativas.expiraEm,
  finalizadaEm: englishTestTentativas.finalizadaEm,
  questaoIds: englishTestTentativas.questaoIds,
  acertos: englishTestTentativas.acertos,
  nivel: englishTestTentativas.nivel,
}
interface AttemptRow {
  id: number
  iniciadaEm: Date
  expiraEm: Date
  finalizadaEm: Date | null
  questaoIds: number[]
  acertos: number | null
  nivel: string | null
}

async function questionsOf(db: Db, ids: readonly number[]): Promise<BankQuestion[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({
      id: englishTestQuestoes.id,
      nivel: englishTestQuestoes.nivel,
      enunciado: englishTestQuestoes.enunciado,
      opcoes: englishTestQuestoes.opcoes,
      correta: englishTestQuestoes.correta,
    })
    .from(englishTestQuestoes)
    .where(inArray(englishTestQuestoes.id, [...ids]))
  const byId = new Map(rows.map((row) => [row.id, { ...row, nivel: row.nivel as QuestionLevel }]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

async function load(db: Db, row: AttemptRow): Promise<Attempt> {
  const [questoes, respostas] = await Promise.all([
    questionsOf(db, row.questaoIds),
    db
      .select({ questaoId: englishTestRespostas.questaoId, opcao: englishTestRespostas.opcao })
      .from(englishTestRespostas)
      .where(eq(englishTestRespostas.tentativaId, row.id))
      .orderBy(asc(englishTestRespostas.questaoId)),
  ])
  return {
    id: row.id,
    iniciadaEm: row.iniciadaEm,
    expiraEm: row.expiraEm,
    finalizadaEm: row.finalizadaEm,
    acertos: row.acertos,
    nivel: row.nivel as NivelResultado | null,
    questoes,
    respostas,
  }
}

/**
 * Finishes a locked, unfinished attempt at `now` (its deadline when `now` is past it) with
 * the answers it has, recording the score and level (what issue 12 reads).
 */
async function finish(tx: Db, row: AttemptRow, now: Date): Promise<AttemptRow> {
  const tentativa = await load(tx, row)
  const { acertos, nivel } = score(tentativa.questoes, tentativa.respostas)
  const finalizadaEm = now.getTime() >= row.expiraEm.getTime() ? row.expiraEm : now
  await tx.update(englishTestTentativas).set({ finalizadaEm, acertos, nivel }).where(eq(englishTestTentativas.id, row.id))
  return { ...row, finalizadaEm, acertos, nivel }
}

export function forUser(db: Db, userId: number) {
  const mine = (id: number) => and(eq(englishTestTentativas.id, id), eq(englishTestTentativas.userId, userId))

  /** The caller's attempt `id`, locked for the transaction; null when not theirs. */
  async function lockMine(tx: Db, id: number): Promise<AttemptRow | null> {
    const [row] = await tx.select(tentativaColumns).from(englishTestTentativas).where(mine(id)).for('update')
    return row ?? null
  }

  /** Finishes the caller's attempt whose time is over, if there is one. */
  async function closeExpired(now: Date): Promise<void> {
    const [overdue] = await db
      .select({ id: englishTestTentativas.id })
      .from(englishTestTentativas)
      .where(
        and(eq(englishTestTentativas.userId, userId), isNull(englishTestTentativas.finalizadaEm), lte(englishTestTentativas.expiraEm, now)),
      )
    if (!overdue) return
    await db.transaction(async (tx) => {
      const row = await lockMine(tx, overdue.id)
      // Another request may have finished it meanwhile.
      if (row && !row.finalizadaEm) await finish(tx, row, now)
    })
  }

  async function latest(): Promise<AttemptRow | null> {
    const [row] = await db
      .select(tentativaColumns)
      .from(englishTestTentativas)
      .where(eq(englishTestTentativas.userId, userId))
      .orderBy(desc(englishTestTentativas.iniciadaEm), desc(englishTestTentativas.id))
      .limit(1)
    return row ?? null
  }

  function retakeAt(row: AttemptRow, retakeDays: number): Date | null {
    if (!row.finalizadaEm) return null
    return new Date(row.finalizadaEm.getTime() + retakeDays * 86_400_000)
  }

  return {
    async state(now: Date, retakeDays: number): Promise<TestState> {
      await closeExpired(now)
      const row = await latest()
      if (!row) return { tentativa: null, podeRefazerEm: null }
      const at = retakeAt(row, retakeDays)
      return { tentativa: await load(db, row), podeRefazerEm: at && at > now ? at : null }
    },

    /**
     * Starts an attempt with every question of the bank, or answers the one in progress.
     * The student's row is locked, so two starts at once (two tabs, two devices) make one;
     * the partial unique index backs this up.
     */
    async start(now: Date, durationMs: number, retakeDays: number): Promise<StartResult> {
      await closeExpired(now)
      return db.transaction(async (tx): Promise<StartResult> => {
        const [aberta] = await tx
          .select(tentativaColumns)
          .from(englishTestTentativas)
          .where(and(eq(englishTestTentativas.userId, userId), isNull(englishTestTentativas.finalizadaEm)))
          .for('update')
        if (aberta) return { kind: 'in-progress', tentativa: await load(tx, aberta) }
        const [ultima] = await tx
          .select(tentativaColumns)
          .from(englishTestTentativas)
          .where(eq(englishTestTentativas.userId, userId))
          .orderBy(desc(englishTestTentativas.finalizadaEm))
          .limit(1)
        const at = ultima ? retakeAt(ultima, retakeDays) : null
        if (at && at > now) return { kind: 'too-soon', podeRefazerEm: at }

        const bank = await tx
          .select({ id: englishTestQuestoes.id })
          .from(englishTestQuestoes)
          .orderBy(asc(englishTestQuestoes.ordem), asc(englishTestQuestoes.id))
        if (bank.length === 0) return { kind: 'no-questions' }
        const [row] = await tx
          .insert(englishTestTentativas)
          .values({
            userId,
            iniciadaEm: now,
            expiraEm: new Date(now.getTime() + durationMs),
            questaoIds: bank.map((questao) => questao.id),
          })
          .onConflictDoNothing()
          .returning(tentativaColumns)
        if (!row) {
          // A start on another connection won the unique index: answer that one.
          const [other] = await tx
            .select(tentativaColumns)
            .from(englishTestTentativas)
            .where(and(eq(englishTestTentativas.userId, userId), isNull(englishTestTentativas.finalizadaEm)))
          return { kind: 'in-progress', tentativa: await load(tx, other!) }
        }
        return { kind: 'created', tentativa: await load(tx, row) }
      })
    },

    /**
     * Saves answers to the caller's attempt in progress: each replaces the earlier choice
     * for its question, so sending the same answers again changes nothing. After the
     * deadline nothing is saved and the attempt is finished. All or nothing.
     */
    async saveAnswers(id: number, respostas: readonly Resposta[], now: Date): Promise<SaveAnswersResult> {
      if (!isSerialId(id)) return { kind: 'not-found' }
      return db.transaction(async (tx): Promise<SaveAnswersResult> => {
        const row = await lockMine(tx, id)
        if (!row) return { kind: 'not-found' }
        if (row.finalizadaEm) return { kind: 'finished' }
        if (now.getTime() >= row.expiraEm.getTime()) {
          await finish(tx, row, now)
          return { kind: 'finished' }
        }
        const questoes = new Map((await questionsOf(tx, row.questaoIds)).map((questao) => [questao.id, questao]))
        for (const [index, resposta] of respostas.entries()) {
          const questao = questoes.get(resposta.questaoId)
          if (!questao) return { kind: 'invalid', index, field: 'questao_id' }
          if (resposta.opcao >= questao.opcoes.length) return { kind: 'invalid', index, field: 'opcao' }
        }
        // The last answer for a question wins, as if they had been sent one by one.
        const unicas = [...new Map(respostas.map((resposta) => [resposta.questaoId, resposta])).values()]
        if (unicas.length > 0) {
          await tx
            .insert(englishTestRespostas)
            .values(
              unicas.map((resposta) => ({ tentativaId: id, questaoId: resposta.questaoId, opcao: resposta.opcao, respondidaEm: now })),
            )
            .onConflictDoUpdate({
              target: [englishTestRespostas.tentativaId, englishTestRespostas.questaoId],
              set: { opcao: sql`excluded.opcao`, respondidaEm: now },
            })
        }
        return { kind: 'saved', tentativa: await load(tx, row) }
      })
    },

    /** Finishes the caller's attempt (again: unchanged); null when not theirs. */
    async finish(id: number, now: Date): Promise<Attempt | null> {
      if (!isSerialId(id)) return null
      return db.transaction(async (tx) => {
        const row = await lockMine(tx, id)
        if (!row) return null
        return load(tx, row.finalizadaEm ? row : await finish(tx, row, now))
      })
    },
  }
}

/** How many questions an attempt started now would have. */
export async function bankSize(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(englishTestQuestoes)
  return row?.total ?? 0
}

/**
 * The student's level from their last finished attempt: what the order machine of
 * issue 12 reads to take an order from -3 ("Aguardando nivelamento") to 1 once a product is
 * chosen (D11). An attempt whose time is over counts, finished here if nobody read it yet.
 */
export async function studentResult(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<{ nivel: NivelResultado; finalizadaEm: Date } | null> {
  await forUser(db, userId).state(now, 0)
  const [row] = await db
    .select({ nivel: englishTestTentativas.nivel, finalizadaEm: englishTestTentativas.finalizadaEm })
    .from(englishTestTentativas)
    .where(and(eq(englishTestTentativas.userId, userId), lte(englishTestTentativas.finalizadaEm, now)))
    .orderBy(desc(englishTestTentativas.finalizadaEm))
    .limit(1)
  return row?.nivel && row.finalizadaEm ? { nivel: row.nivel as NivelResultado, finalizadaEm: row.finalizadaEm } : null
}
