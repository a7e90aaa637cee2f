import { and, asc, count, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { ProgramaUsa, StatusRequestUsa, TipoDocumentoUsa, TransicaoRequestUsa } from '../../../src/contract/schemas/knn-usa.ts'
import { podeTransicionar, STATUS_REQUEST_USA, TRANSICOES_REQUEST_USA } from '../../../src/contract/schemas/knn-usa.ts'
import { convert } from '../cambio/conversion.ts'
import type { StoredFile } from '../../http/multipart-body.ts'
import type { Db } from '../../db/client.ts'
import { cambioTaxas } from '../cambio/schema.ts'
import {
  knnUsaDocumentos,
  knnUsaLivros,
  knnUsaRequests,
  knnUsaTurmas,
  type KnnUsaDocumentoRow,
  type KnnUsaRequestRow,
  type KnnUsaTurmaRow,
} from './schema.ts'
import { cobrancas } from '../payments/schema.ts'

import { users } from '../users/schema.ts'
import { isSerialId } from '../../db/ids.ts'
import { recordManagerAction } from '../../db/manager-audit.ts'
import { countsByStatus, pageFromNearerEnd, refuseStaffMove, totalShown, type StaffMoveRefusal } from '../../db/staff-queue.ts'
import { managerAuditLog } from '../../db/manager-audit-schema.ts'

/** The rows the routes turn into answers. */
export type { KnnUsaDocumentoRow } from './schema.ts'

/**
 * KNN Orlando and London by Phenom (issue 14, D28, D29, D31). A request holds a
 * seat of its class from sending until cancelled: the class's row is locked (`for update`)
 * while the seats are counted and the request written, so two students never take the last
 * seat together. Every status change is one conditional update under the request's lock; a
 * manager's is written to the audit log in the same transaction.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** The audit log's names (manager_audit_log.entity / action). */
export const KNN_USA_ENTITY = 'knn_usa_request'
export const KNN_USA_ACTIONS = {
  aprovar: 'knn-usa.approve',
  pedirDocumentos: 'knn-usa.ask-documents',
  cancelar: 'knn-usa.cancel',
} as const

/**
 * A class's price in reais at a rate of the câmbio table (reais per unit in millionths), half
 * up, without IOF; null without a rate.
 */
export function priceInReais(moeda: 'USD' | 'GBP', precoCentavos: number, taxaMilionesimos: number | null | undefined): number | null {
  return taxaMilionesimos ? convert(moeda, moeda, precoCentavos, taxaMilionesimos).valorReaisCentavos : null
}

/** Statuses that hold a seat (all but cancelado). */
const HOLDS_SEAT = sql`${knnUsaRequests.status} <> 'cancelado'`

export interface ClassWithSeats extends KnnUsaTurmaRow {
  ocupadas: number
  taxaMilionesimos: number | null
  taxaData: string | null
}

function classesQuery(db: Db | Tx) {
  const ocupadas = db
    .select({ turmaId: knnUsaRequests.turmaId, ocupadas: count().as('ocupadas') })
    .from(knnUsaRequests)
    .where(HOLDS_SEAT)
    .groupBy(knnUsaRequests.turmaId)
    .as('ocupadas')
  return db
    .select({
      turma: knnUsaTurmas,
      ocupadas: sql<number>`coalesce(${ocupadas.ocupadas}, 0)::int`,
      taxaMilionesimos: cambioTaxas.taxaMilionesimos,
      taxaData: cambioTaxas.data,
    })
    .from(knnUsaTurmas)
    .leftJoin(ocupadas, eq(ocupadas.turmaId, knnUsaTurmas.id))
    .leftJoin(cambioTaxas, eq(cambioTaxas.moeda, knnUsaTurmas.moeda))
}

type ClassQueryRow = { turma: KnnUsaTurmaRow; ocupadas: number; taxaMilionesimos: number | null; taxaData: string | null }
const withSeats = (row: ClassQueryRow): ClassWithSeats => ({
  ...row.turma,
  ocupadas: Number(row.ocupadas),
  taxaMilionesimos: row.taxaMilionesimos,
  taxaData: row.taxaData,
})

/** Classes departing after `today`, of one programme or both, by departure. */
export async function classes(db: Db, programa: ProgramaUsa | undefined, today: string): Promise<ClassWithSeats[]> {
  const rows = await classesQuery(db)
    .where(and(gt(knnUsaTurmas.dataIda, today), programa ? eq(knnUsaTurmas.programa, programa) : undefined))
    .orderBy(asc(knnUsaTurmas.dataIda), asc(knnUsaTurmas.id))
  return rows.map(withSeats)
}

/** One class (any date), with its seats taken; null when unknown. */
export async function classById(db: Db, id: number): Promise<ClassWithSeats | null> {
  if (!isSerialId(id)) return null
  const [row] = await classesQuery(db).where(eq(knnUsaTurmas.id, id))
  return row ? withSeats(row) : null
}

export async function books(db: Db, filter: { programa?: ProgramaUsa; turmaId?: number }) {
  return db
    .select({ id: knnUsaLivros.id, turmaId: knnUsaLivros.turmaId, titulo: knnUsaLivros.titulo, descricao: knnUsaLivros.descricao })
    .from(knnUsaLivros)
    .innerJoin(knnUsaTurmas, eq(knnUsaTurmas.id, knnUsaLivros.turmaId))
    .where(
      and(
        filter.programa ? eq(knnUsaTurmas.programa, filter.programa) : undefined,
        filter.turmaId !== undefined ? eq(knnUsaLivros.turmaId, isSerialId(filter.turmaId) ? filter.turmaId : 0) : undefined,
      ),
    )
    .orderBy(asc(knnUsaTurmas.dataIda), asc(knnUsaLivros.id))
}

/** A request with its documents (current ones, or every copy with `allCopies`). */
export interface RequestWithDocuments extends KnnUsaRequestRow {
  programa: ProgramaUsa
  documentos: KnnUsaDocumentoRow[]
}

async function documentsOf(db: Db | Tx, requestIds: number[], allCopies: boolean): Promise<KnnUsaDocumentoRow[]> {
  if (requestIds.length === 0) return []
  return db
    .select()
    .from(knnUsaDocumentos)
    .where(and(inArray(knnUsaDocumentos.requestId, requestIds), allCopies ? undefined : ne(knnUsaDocumentos.status, 'substituido')))
    .orderBy(asc(knnUsaDocumentos.id))
}

async function withDocuments(db: Db | Tx, rows: { request: KnnUsaRequestRow; programa: ProgramaUsa }[], allCopies: boolean) {
  const docs = await documentsOf(
    db,
    rows.map((row) => row.request.id),
    allCopies,
  )
  return rows.map(({ request, programa }): RequestWithDocuments => ({
    ...request,
    programa,
    documentos: docs.filter((doc) => doc.requestId === request.id),
  }))
}

async function requestById(db: Db | Tx, id: number, userId: number | undefined, allCopies: boolean): Promise<RequestWithDocuments | null> {
  if (!isSerialId(id)) return null
  const rows = await db
    .select({ request: knnUsaRequests, programa: knnUsaTurmas.programa })
    .from(knnUsaRequests)
    .innerJoin(knnUsaTurmas, eq(knnUsaTurmas.id, knnUsaRequests.turmaId))
    .where(and(eq(knnUsaRequests.id, id), userId === undefined ? undefined : eq(knnUsaRequests.userId, userId)))
  const [found] = await withDocuments(db, rows, allCopies)
  return found ?? null
}

/** A new request's fields, checked by the route (dates, guardian, documents). */
export interface NewRequest {
  turmaId: number
  passaporteNumero: string
  passaporteValidade: string
  dataNascimento: string
  menor: boolean
  responsavelNome: string | null
  responsavelCpf: string | null
  documentos: { tipo: TipoDocumentoUsa; file: StoredFile }[]
}

export type CreateResult =
  | { kind: 'created'; request: RequestWithDocuments }
  | { kind: 'not-found' }
  | { kind: 'departed' }
  | { kind: 'full' }
  | { kind: 'open-exists' }

/** `forbidden`: the move is not allowed from the request's status (D28); `stale`: a manager saw another status (`de`), someone moved it first. */
export type ChangeResult =
  | { kind: 'changed'; request: RequestWithDocuments; keysToDelete: string[] }
  | StaffMoveRefusal<StatusRequestUsa>
  /** Resend: kinds missing or not asked. */
  | { kind: 'documentos'; missing: TipoDocumentoUsa[]; notAsked: TipoDocumentoUsa[] }

const docValues = (requestId: number, tipo: TipoDocumentoUsa, file: StoredFile) => ({
  requestId,
  tipo,
  nome: file.name,
  chave: file.key,
  tipoMidia: file.type,
  tamanho: file.size,
  sha256: file.sha256,
})

async function lockRequest(tx: Tx, id: number, userId: number | undefined): Promise<KnnUsaRequestRow | null> {
  if (!isSerialId(id)) return null
  const [row] = await tx
    .select()
    .from(knnUsaRequests)
    .where(and(eq(knnUsaRequests.id, id), userId === undefined ? undefined : eq(knnUsaRequests.userId, userId)))
    .for('update')
  return row ?? null
}

/** Cancels the locked request (frees its seat) and erases its documents' rows; their keys are for the caller to delete after commit. */
async function cancel(tx: Tx, id: number, motivo: string, now: Date): Promise<string[]> {
  await tx
    .update(knnUsaRequests)
    .set({ status: 'cancelado', motivoCancelamento: motivo, pendenciaTipos: null, pendenciaMotivo: null, atualizadoEm: now })
    .where(eq(knnUsaRequests.id, id))
  // A Pix code of a cancelled request must not be paid afterwards.
  await tx
    .update(cobrancas)
    .set({ status: 'expirado' })
    .where(and(eq(cobrancas.knnUsaRequestId, id), eq(cobrancas.status, 'pendente')))
  const removed = await tx.delete(knnUsaDocumentos).where(eq(knnUsaDocumentos.requestId, id)).returning({ chave: knnUsaDocumentos.chave })
  return removed.map((row) => row.chave)
}

export const DELETED_BY_STUDENT = 'Excluída pelo aluno.'

/** The caller's requests only (D7): another student's is not found. */
export function forUser(db: Db, userId: number) {
  return {
    /** The latest request, any status; null when none. */
    async latest(): Promise<RequestWithDocuments | null> {
      const rows = await db
        .select({ request: knnUsaRequests, programa: knnUsaTurmas.programa })
        .from(knnUsaRequests)
        .innerJoin(knnUsaTurmas, eq(knnUsaTurmas.id, knnUsaRequests.turmaId))
        .where(eq(knnUsaRequests.userId, userId))
        .orderBy(desc(knnUsaRequests.createdAt), desc(knnUsaRequests.id))
        .limit(1)
      const [found] = await withDocuments(db, rows, false)
      return found ?? null
    },

    request: (id: number) => requestById(db, id, userId, false),

    /**
     * Sends a request with its documents in one transaction: the class locked while
     * its seats are counted; the partial unique index keeps one open request per student.
     */
    async create(newRequest: NewRequest, today: string, now: Date): Promise<CreateResult> {
      if (!isSerialId(newRequest.turmaId)) return { kind: 'not-found' }
      return db.transaction(async (tx): Promise<CreateResult> => {
        const [turma] = await tx.select().from(knnUsaTurmas).where(eq(knnUsaTurmas.id, newRequest.turmaId)).for('update')
        if (!turma) return { kind: 'not-found' }
        if (turma.dataIda <= today) return { kind: 'departed' }
        const [taken] = await tx
          .select({ n: count() })
          .from(knnUsaRequests)
          .where(and(eq(knnUsaRequests.turmaId, turma.id), HOLDS_SEAT))
        if (Number(taken!.n) >= turma.vagas) return { kind: 'full' }
        const [row] = await tx
          .insert(knnUsaRequests)
          .values({
            userId,
            turmaId: turma.id,
            status: 'em_analise',
            passaporteNumero: newRequest.passaporteNumero,
            passaporteValidade: newRequest.passaporteValidade,
            dataNascimento: newRequest.dataNascimento,
            menor: newRequest.menor,
            responsavelNome: newRequest.menor ? newRequest.responsavelNome : null,
            responsavelCpf: newRequest.menor ? newRequest.responsavelCpf : null,
            createdAt: now,
            atualizadoEm: now,
          })
          .onConflictDoNothing()
          .returning()
        if (!row) return { kind: 'open-exists' }
        const documentos = await tx
          .insert(knnUsaDocumentos)
          .values(newRequest.documentos.map(({ tipo, file }) => docValues(row.id, tipo, file)))
          .returning()
        return { kind: 'created', request: { ...row, programa: turma.programa, documentos } }
      })
    },

    /** D28: the student deletes the request before payment (cancelado, its documents erased). */
    async delete(id: number, now: Date): Promise<ChangeResult> {
      return db.transaction(async (tx): Promise<ChangeResult> => {
        const row = await lockRequest(tx, id, userId)
        if (!row) return { kind: 'notFound' }
        if (!podeTransicionar('cancelar', row.status)) return { kind: 'forbidden', current: row.status }
        const keysToDelete = await cancel(tx, id, DELETED_BY_STUDENT, now)
        return { kind: 'changed', request: (await requestById(tx, id, userId, false))!, keysToDelete }
      })
    },

    /**
     * Sends again exactly the documents the school asked: the old copies become
     * `substituido`, the request goes back to em_analise.
     */
    async resendDocuments(id: number, documentos: { tipo: TipoDocumentoUsa; file: StoredFile }[], now: Date): Promise<ChangeResult> {
      return db.transaction(async (tx): Promise<ChangeResult> => {
        const row = await lockRequest(tx, id, userId)
        if (!row) return { kind: 'notFound' }
        if (!podeTransicionar('reenviarDocumentos', row.status)) return { kind: 'forbidden', current: row.status }
        const pedidos = row.pendenciaTipos ?? []
        const sent = documentos.map((doc) => doc.tipo)
        const missing = pedidos.filter((tipo) => !sent.includes(tipo))
        const notAsked = sent.filter((tipo) => !pedidos.includes(tipo))
        if (missing.length > 0 || notAsked.length > 0) return { kind: 'documentos', missing, notAsked }
        await tx
          .update(knnUsaDocumentos)
          .set({ status: 'substituido' })
          .where(
            and(eq(knnUsaDocumentos.requestId, id), inArray(knnUsaDocumentos.tipo, pedidos), ne(knnUsaDocumentos.status, 'substituido')),
          )
        await tx.insert(knnUsaDocumentos).values(documentos.map(({ tipo, file }) => docValues(id, tipo, file)))
        await tx
          .update(knnUsaRequests)
          .set({ status: 'em_analise', pendenciaTipos: null, pendenciaMotivo: null, atualizadoEm: now })
          .where(eq(knnUsaRequests.id, id))
        return { kind: 'changed', request: (await requestById(tx, id, userId, false))!, keysToDelete: [] }
      })
    },

    /** One document of the caller's request (any copy); null when not theirs. */
    document: (requestId: number, docId: number) => documentById(db, requestId, docId, userId),
  }
}

async function documentById(db: Db, requestId: number, docId: number, userId: number | undefined): Promise<KnnUsaDocumentoRow | null> {
  if (!isSerialId(requestId) || !isSerialId(docId)) return null
  const [row] = await db
    .select({ doc: knnUsaDocumentos })
    .from(knnUsaDocumentos)
    .innerJoin(knnUsaRequests, eq(knnUsaRequests.id, knnUsaDocumentos.requestId))
    .where(
      and(
        eq(knnUsaDocumentos.id, docId),
        eq(knnUsaDocumentos.requestId, requestId),
        userId === undefined ? undefined : eq(knnUsaRequests.userId, userId),
      ),
    )
  return row?.doc ?? null
}

export interface HistoryEntry {
  acao: string
  gestor: string | null
  em: Date
  before: unknown
  after: unknown
}

export interface RequestForStaff extends RequestWithDocuments {
  aluno: { id: number; nome: string | null; email: string | null }
  turma: KnnUsaTurmaRow
  historico: HistoryEntry[]
}

/** Requests matching `where`, oldest first; `reversed` reads them from the newest (pageFromNearerEnd). */
async function requestsForStaff(db: Db | Tx, where: SQL | undefined, limit: number, offset: number, allCopies: boolean, reversed = false) {
  const read = await db
    .select({ request: knnUsaRequests, turma: knnUsaTurmas, alunoId: users.id, nome: users.fullName, email: users.email })
    .from(knnUsaRequests)
    .innerJoin(knnUsaTurmas, eq(knnUsaTurmas.id, knnUsaRequests.turmaId))
    .innerJoin(users, eq(users.id, knnUsaRequests.userId))
    .where(where)
    .orderBy(
      ...(reversed ? [desc(knnUsaRequests.createdAt), desc(knnUsaRequests.id)] : [asc(knnUsaRequests.createdAt), asc(knnUsaRequests.id)]),
    )
    .limit(limit)
    .offset(offset)
  const rows = reversed ? read.reverse() : read
  const docs = await documentsOf(
    db,
    rows.map((row) => row.request.id),
    allCopies,
  )
  return rows.map((row): RequestForStaff => ({
    ...row.request,
    programa: row.turma.programa,
    documentos: docs.filter((doc) => doc.requestId === row.request.id),
    aluno: { id: row.alunoId, nome: row.nome, email: row.email },
    turma: row.turma,
    historico: [],
  }))
}

async function historyOf(db: Db | Tx, id: number): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      acao: managerAuditLog.action,
      gestor: users.fullName,
      email: users.email,
      em: managerAuditLog.at,
      before: managerAuditLog.before,
      after: managerAuditLog.after,
    })
    .from(managerAuditLog)
    .leftJoin(users, eq(users.id, managerAuditLog.managerId))
    .where(and(eq(managerAuditLog.entity, KNN_USA_ENTITY), eq(managerAuditLog.entityId, String(id))))
    .orderBy(asc(managerAuditLog.at), asc(managerAuditLog.id))
  return rows.map((row) => ({ acao: row.acao, gestor: row.gestor ?? row.email, em: row.em, before: row.before, after: row.after }))
}

async function requestForStaff(db: Db | Tx, id: number): Promise<RequestForStaff | null> {
  if (!isSerialId(id)) return null
  const [row] = await requestsForStaff(db, eq(knnUsaRequests.id, id), 1, 0, true)
  if (!row) return null
  return { ...row, historico: await historyOf(db, id) }
}

export interface ReviewFilter {
  status?: StatusRequestUsa
  programa?: ProgramaUsa
  limit: number
  offset: number
}

/** The school's staff (D31): every student's requests; each move audited in its transaction. */
export function forStaff(db: Db, managerId: number) {
  /** One managers' move along TRANSICOES_REQUEST_USA, `de` the status the manager saw. */
  async function move(
    id: number,
    transicao: TransicaoRequestUsa,
    de: StatusRequestUsa,
    apply: (tx: Tx, row: KnnUsaRequestRow) => Promise<{ after: Record<string, unknown>; keysToDelete?: string[] }>,
  ): Promise<ChangeResult> {
    return db.transaction(async (tx): Promise<ChangeResult> => {
      const row = await lockRequest(tx, id, undefined)
      if (!row) return { kind: 'notFound' }
      const refused = refuseStaffMove(row, de, (current) => podeTransicionar(transicao, current))
      if (refused) return refused
      const { after, keysToDelete = [] } = await apply(tx, row)
      await recordManagerAction(tx, {
        managerId,
        action: KNN_USA_ACTIONS[transicao as keyof typeof KNN_USA_ACTIONS],
        entity: KNN_USA_ENTITY,
        entityId: id,
        before: { status: row.status },
        after: { status: TRANSICOES_REQUEST_USA[transicao].para, ...after },
      })
      return { kind: 'changed', request: (await requestForStaff(tx, id))!, keysToDelete }
    })
  }

  return {
    async list(filter: ReviewFilter) {
      const programa = filter.programa ? eq(knnUsaTurmas.programa, filter.programa) : undefined
      const where = and(programa, filter.status ? eq(knnUsaRequests.status, filter.status) : undefined)
      // The counts first: the page's end decides which way it is read.
      const counted = await db
        .select({ status: knnUsaRequests.status, n: count() })
        .from(knnUsaRequests)
        .innerJoin(knnUsaTurmas, eq(knnUsaTurmas.id, knnUsaRequests.turmaId))
        .where(programa)
        .groupBy(knnUsaRequests.status)
      const porStatus = countsByStatus(STATUS_REQUEST_USA, counted)
      const total = totalShown(porStatus, filter.status && [filter.status])
      const { reversed, limit, offset } = pageFromNearerEnd({ limit: filter.limit, offset: filter.offset, total })
      return { items: await requestsForStaff(db, where, limit, offset, false, reversed), total, porStatus }
    },

    request: (id: number) => requestForStaff(db, id),

    approve: (id: number, de: StatusRequestUsa, now: Date) =>
      move(id, 'aprovar', de, async (tx) => {
        await tx.update(knnUsaRequests).set({ status: 'aprovado', atualizadoEm: now }).where(eq(knnUsaRequests.id, id))
        return { after: {} }
      }),

    askDocuments: (id: number, de: StatusRequestUsa, tipos: TipoDocumentoUsa[], motivo: string, now: Date) =>
      move(id, 'pedirDocumentos', de, async (tx) => {
        const unicos = [...new Set(tipos)]
        await tx
          .update(knnUsaRequests)
          .set({ status: 'documentos_pendentes', pendenciaTipos: unicos, pendenciaMotivo: motivo, atualizadoEm: now })
          .where(eq(knnUsaRequests.id, id))
        await tx
          .update(knnUsaDocumentos)
          .set({ status: 'reenviar', motivo })
          .where(
            and(eq(knnUsaDocumentos.requestId, id), inArray(knnUsaDocumentos.tipo, unicos), ne(knnUsaDocumentos.status, 'substituido')),
          )
        return { after: { tipos: unicos, motivo } }
      }),

    cancel: (id: number, de: StatusRequestUsa, motivo: string, now: Date) =>
      move(id, 'cancelar', de, async (tx) => ({ after: { motivo }, keysToDelete: await cancel(tx, id, motivo, now) })),

    /** Any student's document. */
    document: (requestId: number, docId: number) => documentById(db, requestId, docId, undefined),
  }
}
