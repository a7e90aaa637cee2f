import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { PRESENCE_CLOSES_AFTER_MS, PRESENCE_OPENS_BEFORE_MS } from '../../../src/contract/endpoints/atividades.ts'
import type { Db } from '../../db/client.ts'
import { atividadeArquivos, atividadeCorrecoes, turmaAlunoAtividades, turmaAtividades } from './schema.ts'
import { driveUsers } from '../users/drive-users-schema.ts'
import { turmaAlunos, turmas } from '../classes/schema.ts'
import { isSerialId } from '../../db/ids.ts'

/**
 * Activities, the files students send and the teachers' corrections (issue 10). A student
 * reaches them only through their own enrolment (turma_alunos.user_id, D7); a manager reads
 * the files of the classes of their own school. Anything else is simply not found.
 */

export interface ActivityFile {
  id: number
  turmaAlunoAtividadeId: number
  nome: string
  tamanho: number
  tipo: string
  sha256: string
  recebidoEm: Date
}

export interface Correction {
  id: number
  nome: string
  tamanho: number
  tipo: string
  comentario: string | null
  corrigidoEm: Date
}

export interface StudentActivity {
  id: number
  turmaAtividadeId: number
  turmaId: number
  titulo: string
  enunciado: string
  dataEntrega: string | null
  aulaEm: Date | null
  presencaEm: Date | null
  arquivos: ActivityFile[]
  correcoes: Correction[]
}

/** A stored file as a download needs it. */
export interface StoredActivityFile {
  chave: string
  nome: string
  tamanho: number
  tipo: string
  sha256: string
}

/** A file just stored by the upload (server/http/multipart-body.ts). */
export interface NewActivityFile {
  key: string
  name: string
  type: string
  size: number
  sha256: string
}

export type ActivityFileResult =
  { kind: 'created' | 'replayed'; arquivo: ActivityFile } | { kind: 'not-found' | 'limit' | 'key-reused' | 'deleted' }

export type DeleteFileResult = { kind: 'deleted'; chave: string } | { kind: 'not-found' | 'corrected' }

export type AttendanceResult =
  { kind: 'recorded'; turmaAlunoAtividadeId: number } | { kind: 'not-found' | 'no-class' | 'too-early' | 'too-late' }

const fileColumns = {
  id: atividadeArquivos.id,
  turmaAlunoAtividadeId: atividadeArquivos.turmaAlunoAtividadeId,
  nome: atividadeArquivos.nome,
  tamanho: atividadeArquivos.tamanho,
  tipo: atividadeArquivos.tipo,
  sha256: atividadeArquivos.sha256,
  recebidoEm: atividadeArquivos.recebidoEm,
}

const guardadoColumns = (table: typeof atividadeArquivos | typeof atividadeCorrecoes) => ({
  chave: table.chave,
  nome: table.nome,
  tamanho: table.tamanho,
  tipo: table.tipo,
  sha256: table.sha256,
})

/**
 * A sent file (not deleted) or a correction of activity `id`, when `visible(id)` (which may
 * use turma_alunos and turmas, both joined) lets the caller read it.
 */
async function findStoredFile(
  db: Db,
  which: 'arquivo' | 'correcao',
  id: number,
  fileId: number,
  visible: (id: number) => SQL | undefined,
): Promise<StoredActivityFile | null> {
  if (!isSerialId(id) || !isSerialId(fileId)) return null
  const table = which === 'arquivo' ? atividadeArquivos : atividadeCorrecoes
  const file =
    which === 'arquivo' ? and(eq(atividadeArquivos.id, fileId), isNull(atividadeArquivos.excluidoEm)) : eq(atividadeCorrecoes.id, fileId)
  const [row] = await db
    .select(guardadoColumns(table))
    .from(table)
    .innerJoin(turmaAlunoAtividades, eq(turmaAlunoAtividades.id, table.turmaAlunoAtividadeId))
    .innerJoin(turmaAlunos, eq(turmaAlunos.id, turmaAlunoAtividades.turmaAlunoId))
    .innerJoin(turmaAtividades, eq(turmaAtividades.id, turmaAlunoAtividades.turmaAtividadeId))
    .innerJoin(turmas, eq(turmas.id, turmaAtividades.turmaId))
    .where(and(visible(id), file))
  return row ?? null
}

/** The activities (with files and corrections) of the turma-aluno-atividades `where` selects. */
async function loadActivities(db: Db, where: SQL | undefined): Promise<StudentActivity[]> {
  const rows = await db
    .select({
      id: turmaAlunoAtividades.id,
      turmaAtividadeId: turmaAtividades.id,
      turmaId: turmaAtividades.turmaId,
      titulo: turmaAtividades.titulo,
      enunciado: turmaAtividades.enunciado,
      dataEntrega: turmaAtividades.dataEntrega,
      aulaEm: turmaAtividades.aulaEm,
      presencaEm: turmaAlunoAtividades.presencaEm,
    })
    .from(turmaAlunoAtividades)
    .innerJoin(turmaAtividades, eq(turmaAtividades.id, turmaAlunoAtividades.turmaAtividadeId))
    .innerJoin(turmaAlunos, eq(turmaAlunos.id, turmaAlunoAtividades.turmaAlunoId))
    .where(where)
    .orderBy(sql`${turmaAtividades.dataEntrega} asc nulls last`, asc(turmaAtividades.id))
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const [arquivos, correcoes] = await Promise.all([
    db
      .select(fileColumns)
      .from(atividadeArquivos)
      .where(and(inArray(atividadeArquivos.turmaAlunoAtividadeId, ids), isNull(atividadeArquivos.excluidoEm)))
      .orderBy(asc(atividadeArquivos.recebidoEm), asc(atividadeArquivos.id)),
    db
      .select({
        id: atividadeCorrecoes.id,
        turmaAlunoAtividadeId: atividadeCorrecoes.turmaAlunoAtividadeId,
        nome: atividadeCorrecoes.nome,
        tamanho: atividadeCorrecoes.tamanho,
        tipo: atividadeCorrecoes.tipo,
        comentario: atividadeCorrecoes.comentario,
        corrigidoEm: atividadeCorrecoes.corrigidoEm,
      })
      .from(atividadeCorrecoes)
      .where(inArray(atividadeCorrecoes.turmaAlunoAtividadeId, ids))
      .orderBy(asc(atividadeCorrecoes.corrigidoEm), asc(atividadeCorrecoes.id)),
  ])
  return rows.map((row) => ({
    ...row,
    arquivos: arquivos.filter((arquivo) => arquivo.turmaAlunoAtividadeId === row.id),
    correcoes: correcoes
      .filter((correcao) => correcao.turmaAlunoAtividadeId === row.id)
      .map(({ turmaAlunoAtividadeId: _taa, ...correcao }) => correcao),
  }))
}

export function forUser(db: Db, userId: number) {
  /** The caller's turma-aluno-atividade `id` (joined with turma_alunos). */
  const mine = (id: number) => and(eq(turmaAlunoAtividades.id, id), eq(turmaAlunos.userId, userId))

  return {
    userId,

    /** The activities of the caller's enrolment; null when the enrolment is not the caller's. */
    async activities(turmaAlunoId: number): Promise<StudentActivity[] | null> {
      if (!isSerialId(turmaAlunoId)) return null
      const [enrolment] = await db
        .select({ id: turmaAlunos.id })
        .from(turmaAlunos)
        .where(and(eq(turmaAlunos.id, turmaAlunoId), eq(turmaAlunos.userId, userId)))
        .limit(1)
      if (!enrolment) return null
      return loadActivities(db, eq(turmaAlunoAtividades.turmaAlunoId, turmaAlunoId))
    },

    /** One of the caller's activities; null when not the caller's. */
    async activity(id: number): Promise<StudentActivity | null> {
      if (!isSerialId(id)) return null
      const [row] = await loadActivities(db, mine(id))
      return row ?? null
    },

    /**
     * Records a stored file as sent for the activity under the client's key. The
     * activity's row is locked for the transaction, so sends to one activity (a replay and
     * its original among them) take turns: a key already recorded is a replay, never a
     * second row; the unique (user, key) constraint backs this up.
     */
    async uploadFile(id: number, idempotencyKey: string, file: NewActivityFile, maxFiles: number): Promise<ActivityFileResult> {
      if (!isSerialId(id)) return { kind: 'not-found' }
      return db.transaction(async (tx) => {
        const [atividade] = await tx
          .select({ id: turmaAlunoAtividades.id })
          .from(turmaAlunoAtividades)
          .innerJoin(turmaAlunos, eq(turmaAlunos.id, turmaAlunoAtividades.turmaAlunoId))
          .where(mine(id))
          .for('update', { of: turmaAlunoAtividades })
        if (!atividade) return { kind: 'not-found' }

        const byKey = and(eq(atividadeArquivos.userId, userId), eq(atividadeArquivos.idempotencyKey, idempotencyKey))
        const replay = async (): Promise<ActivityFileResult> => {
          const [previous] = await tx
            .select({ ...fileColumns, excluidoEm: atividadeArquivos.excluidoEm })
            .from(atividadeArquivos)
            .where(byKey)
          if (!previous) return { kind: 'not-found' }
          // The same key for other bytes or another activity is the client's mistake, not a replay.
          if (previous.turmaAlunoAtividadeId !== id || previous.sha256 !== file.sha256) return { kind: 'key-reused' }
          if (previous.excluidoEm) return { kind: 'deleted' }
          const { excluidoEm: _excluido, ...arquivo } = previous
          return { kind: 'replayed', arquivo }
        }
        const [known] = await tx.select({ id: atividadeArquivos.id }).from(atividadeArquivos).where(byKey)
        if (known) return replay()

        const [{ sent } = { sent: 0 }] = await tx
          .select({ sent: count() })
          .from(atividadeArquivos)
          .where(and(eq(atividadeArquivos.turmaAlunoAtividadeId, id), isNull(atividadeArquivos.excluidoEm)))
        if (sent >= maxFiles) return { kind: 'limit' }

        const [inserted] = await tx
          .insert(atividadeArquivos)
          .values({
            turmaAlunoAtividadeId: id,
            userId,
            idempotencyKey,
            chave: file.key,
            nome: file.name,
            tamanho: file.size,
            tipo: file.type,
            sha256: file.sha256,
          })
          .onConflictDoNothing({ target: [atividadeArquivos.userId, atividadeArquivos.idempotencyKey] })
          .returning(fileColumns)
        return inserted ? { kind: 'created', arquivo: inserted } : replay()
      })
    },

    /** A file the caller sent (not deleted) for their activity; null otherwise. */
    file: (id: number, arquivoId: number) => findStoredFile(db, 'arquivo', id, arquivoId, mine),

    /** A correction of the caller's activity; null otherwise. */
    correction: (id: number, correcaoId: number) => findStoredFile(db, 'correcao', id, correcaoId, mine),

    /**
     * Marks a sent file deleted (its row stays for its key) unless the activity has a
     * correction; answers the storage key whose bytes the caller then removes.
     */
    async deleteFile(id: number, arquivoId: number): Promise<DeleteFileResult> {
      if (!isSerialId(id) || !isSerialId(arquivoId)) return { kind: 'not-found' }
      return db.transaction(async (tx) => {
        const [atividade] = await tx
          .select({ id: turmaAlunoAtividades.id })
          .from(turmaAlunoAtividades)
          .innerJoin(turmaAlunos, eq(turmaAlunos.id, turmaAlunoAtividades.turmaAlunoId))
          .where(mine(id))
          .for('update', { of: turmaAlunoAtividades })
        if (!atividade) return { kind: 'not-found' }
        const [arquivo] = await tx
          .select({ chave: atividadeArquivos.chave })
          .from(atividadeArquivos)
          .where(
            and(eq(atividadeArquivos.id, arquivoId), eq(atividadeArquivos.turmaAlunoAtividadeId, id), isNull(atividadeArquivos.excluidoEm)),
          )
        if (!arquivo) return { kind: 'not-found' }
        const [corrected] = await tx
          .select({ id: atividadeCorrecoes.id })
          .from(atividadeCorrecoes)
          .where(eq(atividadeCorrecoes.turmaAlunoAtividadeId, id))
          .limit(1)
        if (corrected) return { kind: 'corrected' }
        await tx.update(atividadeArquivos).set({ excluidoEm: new Date() }).where(eq(atividadeArquivos.id, arquivoId))
        return { kind: 'deleted', chave: arquivo.chave }
      })
    },

    /** Records presence in an activity held as a class, within its window; the first time stays. */
    async recordAttendance(turmaAtividadeId: number, now: Date): Promise<AttendanceResult> {
      if (!isSerialId(turmaAtividadeId)) return { kind: 'not-found' }
      const [row] = await db
        .select({ id: turmaAlunoAtividades.id, aulaEm: turmaAtividades.aulaEm, presencaEm: turmaAlunoAtividades.presencaEm })
        .from(turmaAlunoAtividades)
        .innerJoin(turmaAtividades, eq(turmaAtividades.id, turmaAlunoAtividades.turmaAtividadeId))
        .innerJoin(turmaAlunos, eq(turmaAlunos.id, turmaAlunoAtividades.turmaAlunoId))
        .where(and(eq(turmaAlunoAtividades.turmaAtividadeId, turmaAtividadeId), eq(turmaAlunos.userId, userId)))
        .limit(1)
      if (!row) return { kind: 'not-found' }
      if (row.presencaEm) return { kind: 'recorded', turmaAlunoAtividadeId: row.id }
      if (!row.aulaEm) return { kind: 'no-class' }
      if (now.getTime() < row.aulaEm.getTime() - PRESENCE_OPENS_BEFORE_MS) return { kind: 'too-early' }
      if (now.getTime() > row.aulaEm.getTime() + PRESENCE_CLOSES_AFTER_MS) return { kind: 'too-late' }
      await db
        .update(turmaAlunoAtividades)
        .set({ presencaEm: now })
        .where(and(eq(turmaAlunoAtividades.id, row.id), isNull(turmaAlunoAtividades.presencaEm)))
      return { kind: 'recorded', turmaAlunoAtividadeId: row.id }
    },
  }
}

/** A manager reads the files of the classes of their own school. */
export function forStaff(db: Db, managerId: number) {
  const ofMySchool = (id: number) =>
    and(
      eq(turmaAlunoAtividades.id, id),
      sql`${turmas.companyId} = (select ${driveUsers.companyId} from ${driveUsers} where ${driveUsers.userId} = ${managerId})`,
    )

  return {
    file: (id: number, arquivoId: number) => findStoredFile(db, 'arquivo', id, arquivoId, ofMySchool),
    correction: (id: number, correcaoId: number) => findStoredFile(db, 'correcao', id, correcaoId, ofMySchool),
  }
}
