import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { ENGLISH_TEST_MINUTES, ENGLISH_TEST_RETAKE_DAYS } from '../../src/contract/endpoints/english-test.ts'
import type { OwnedKind, Role } from '../../src/contract/define.ts'
import type { OrderStatusId } from '../../src/contract/schemas/pedido.ts'
import * as englishTestRepo from '../areas/english-test/repository.ts'
import { openSession } from '../areas/auth/sessions-repository.ts'
import type { Database } from '../db/client.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { atividadeArquivos, atividadeCorrecoes, turmaAlunoAtividades, turmaAtividades } from '../areas/activities/schema.ts'
import { aulasOnline } from '../areas/online-classes/schema.ts'
import { companies } from '../areas/users/companies-schema.ts'
import { driveUsers } from '../areas/users/drive-users-schema.ts'
import { parcelas } from '../areas/instalments/schema.ts'
import { livroExemplares } from '../areas/books/copies-schema.ts'
import { livros } from '../areas/books/schema.ts'
import { preInvoiceItems, preInvoices } from '../areas/orders/schema.ts'
import { praticaTestes } from '../areas/practice/schema.ts'
import { pushNotices, pushSendings, pushSubscriptions } from '../areas/push/schema.ts'
import { turmaAlunos, turmas } from '../areas/classes/schema.ts'
import { users } from '../areas/users/schema.ts'
import { DEMO_COMPANY } from '../db/seed.ts'
import { createKnnUsaRequest } from './knn-usa.ts'
import { sampleFile } from './multipart.ts'

/**
 * Accounts and data a test creates for itself, so no test depends on what another one did
 * (issue 8). Tokens come from the server's own issuer: no password hashing per account.
 */

export interface TestAccount {
  id: number
  role: Role
  email: string
  token: string
}

/**
 * A new account with a complete profile in the demo school and a unique e-mail. It has no
 * password (it cannot log in; it has a token).
 */
export async function createAccount(app: FastifyInstance, db: Database, role: Role = 'student'): Promise<TestAccount> {
  const email = `teste-${randomBytes(6).toString('hex')}@example.com`
  const [company] = await db.orm.select({ id: companies.id }).from(companies).where(eq(companies.escolaId, DEMO_COMPANY.escolaId)).limit(1)
  const [row] = await db.orm
    .insert(users)
    .values({
      role,
      email,
      fullName: 'Pessoa de Teste',
      cpf: '39053344705',
      phone: '11955554444',
      cep: '01310100',
      street: 'Avenida Paulista',
      streetNumber: '1',
      updatedAt: new Date(),
    })
    .returning({ id: users.id })
  await db.orm.insert(driveUsers).values({ userId: row!.id, companyId: company!.id })
  return { id: row!.id, role, email, token: await app.auth.openSession(row!.id) }
}

/** A new class of a new school, with `userId` enrolled; returns both ids. */
async function enrol(db: Database, userId: number): Promise<{ turmaId: number; turmaAlunoId: number }> {
  const [company] = await db.orm.insert(companies).values({ name: 'Escola de teste', escolaId: 99 }).returning({ id: companies.id })
  const [turma] = await db.orm
    .insert(turmas)
    .values({
      companyId: company!.id,
      nome: 'Turma de teste',
      idioma: 'Inglês',
      nivel: 'Básico 1',
      modalidade: 'presencial',
      dataInicio: '2026-02-01',
    })
    .returning({ id: turmas.id })
  const [enrolment] = await db.orm.insert(turmaAlunos).values({ turmaId: turma!.id, userId }).returning({ id: turmaAlunos.id })
  return { turmaId: turma!.id, turmaAlunoId: enrolment!.id }
}

/** Ids of the objects a factory made, by kind. */
export type OwnedIds = Partial<Record<OwnedKind, number | string>>

/** Puts `bytes` in storage; returns what a file row records. */
export async function storeBytes(storage: FileStorage, bytes: Uint8Array, type: string) {
  const { key, size } = await storage.put(Readable.from([Buffer.from(bytes)]), { mediaType: type })
  return { chave: key, tamanho: size, tipo: type, sha256: createHash('sha256').update(bytes).digest('hex') }
}

export interface ActivityOptions {
  /** When its class starts (presence opens 30 min before); null: not held as a class. */
  aulaEm?: Date | null
  /** A file the student already sent (its key is `envio-<random>`). */
  arquivo?: boolean
  /** A correction by the teacher. */
  correcao?: boolean
}

/** The ids `createActivity` made. */
export interface ActivityIds {
  turma: number
  turmaAluno: number
  turmaAtividade: number
  turmaAlunoAtividade: number
  atividadeArquivo?: number
  atividadeCorrecao?: number
}

/** An activity of a new class with `userId` enrolled, assigned to them, with what `options` asks. */
export async function createActivity(
  db: Database,
  userId: number,
  storage: FileStorage,
  options: ActivityOptions = {},
): Promise<ActivityIds> {
  const { turmaId, turmaAlunoId } = await enrol(db, userId)
  const [atividade] = await db.orm
    .insert(turmaAtividades)
    .values({
      turmaId,
      titulo: 'Atividade de teste',
      enunciado: 'Envie o exercício resolvido.',
      dataEntrega: '2026-12-01',
      aulaEm: options.aulaEm === undefined ? new Date() : options.aulaEm,
    })
    .returning({ id: turmaAtividades.id })
  const [assigned] = await db.orm
    .insert(turmaAlunoAtividades)
    .values({ turmaAtividadeId: atividade!.id, turmaAlunoId })
    .returning({ id: turmaAlunoAtividades.id })
  const ids: ActivityIds = { turma: turmaId, turmaAluno: turmaAlunoId, turmaAtividade: atividade!.id, turmaAlunoAtividade: assigned!.id }
  if (options.arquivo) {
    const stored = await storeBytes(storage, sampleFile('application/pdf', 2048), 'application/pdf')
    const [row] = await db.orm
      .insert(atividadeArquivos)
      .values({
        turmaAlunoAtividadeId: assigned!.id,
        userId,
        idempotencyKey: `envio-${randomBytes(8).toString('hex')}`,
        nome: 'exercicio.pdf',
        ...stored,
      })
      .returning({ id: atividadeArquivos.id })
    ids.atividadeArquivo = row!.id
  }
  if (options.correcao) {
    const stored = await storeBytes(storage, sampleFile('image/png', 1024), 'image/png')
    const [row] = await db.orm
      .insert(atividadeCorrecoes)
      .values({ turmaAlunoAtividadeId: assigned!.id, nome: 'correcao.png', comentario: 'Muito bem.', ...stored })
      .returning({ id: atividadeCorrecoes.id })
    ids.atividadeCorrecao = row!.id
  }
  return ids
}

/**
 * Creates an object of each kind a contract endpoint can name (src/contract/define.ts
 * `OwnedKind`), owned by `userId`, with the objects it belongs to, and returns their ids by
 * kind. A new kind fails to compile here until it has a factory, so the generated 404
 * tests cover it from the start. An endpoint naming several kinds gets them all from the
 * factory of its last one (server/contract-safety.test.ts).
 */
export const OWNED_FACTORIES: Readonly<Record<OwnedKind, (db: Database, userId: number, storage: FileStorage) => Promise<OwnedIds>>> = {
  turma: async (db, userId) => enrol(db, userId).then(({ turmaId, turmaAlunoId }) => ({ turma: turmaId, turmaAluno: turmaAlunoId })),
  turmaAluno: async (db, userId) => enrol(db, userId).then(({ turmaId, turmaAlunoId }) => ({ turma: turmaId, turmaAluno: turmaAlunoId })),
  bookUuid: async (db, userId) => ({ bookUuid: (await createBookCopy(db, userId)).uuid }),
  bookCopy: async (db, userId) => ({ bookCopy: (await createBookCopy(db, userId)).id }),
  turmaAtividade: (db, userId, storage) => createActivity(db, userId, storage),
  turmaAlunoAtividade: (db, userId, storage) => createActivity(db, userId, storage),
  // Deletable: no correction yet.
  atividadeArquivo: (db, userId, storage) => createActivity(db, userId, storage, { arquivo: true }),
  atividadeCorrecao: (db, userId, storage) => createActivity(db, userId, storage, { arquivo: true, correcao: true }),
  // An attempt in progress, started now from the seeded bank.
  englishTestTentativa: async (db, userId) => ({ englishTestTentativa: await startEnglishTest(db, userId) }),
  praticaTeste: (db, userId) => createPracticeTest(db, userId),
  aulaOnline: (db, userId) => createOnlineClass(db, userId),
  pushSubscription: async (db, userId) => {
    const subscription = await createPushSubscription(db, userId)
    return { pushSubscription: subscription.id, pushSubscriptionAuth: subscription.auth }
  },
  pushSubscriptionAuth: async (db, userId) => {
    const subscription = await createPushSubscription(db, userId)
    return { pushSubscription: subscription.id, pushSubscriptionAuth: subscription.auth }
  },
  // A campaign sending that reached them, unread (issue 40 item 13).
  pushNotice: async (db, userId) => ({ pushNotice: await createPushNotice(db, userId) }),
  // Unpaid, so paying it works (the generated body's card is one the sandbox approves).
  parcela: async (db, userId) => ({ parcela: (await createInstalment(db, userId)).id }),
  // Waiting for payment with its priced item, so paying it works too.
  pedido: async (db, userId) => ({ pedido: await createPayableOrder(db, userId) }),
  // Waiting for the passport again, so its owner can resend, delete and read it.
  knnUsaRequest: (db, userId, storage) => knnUsaIds(db, userId, storage),
  knnUsaDocumento: (db, userId, storage) => knnUsaIds(db, userId, storage),
  // A live session of another device of theirs, not the one of their test token.
  userSession: async (db, userId) => ({
    userSession: await openSession(db.orm, {
      userId,
      device: 'Firefox no Linux',
      brand: 'knn',
      expiresAt: new Date(Date.now() + 3_600_000),
    }),
  }),
}

async function knnUsaIds(db: Database, userId: number, storage: FileStorage): Promise<OwnedIds> {
  const { requestId, documentoId } = await createKnnUsaRequest(db, userId, storage)
  return { knnUsaRequest: requestId, knnUsaDocumento: documentoId }
}

/**
 * An instalment of `userId`'s (issue 12): unpaid, R$ 451,00, due in 10 days, unless
 * `options` says otherwise (`pagoEm` makes it paid with its full value).
 */
export async function createInstalment(
  db: Database,
  userId: number,
  {
    valorCentavos = 45_100,
    vencimento = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    pagoEm = null,
  }: { valorCentavos?: number; vencimento?: string; pagoEm?: string | null } = {},
): Promise<{ id: number; valorCentavos: number }> {
  const [row] = await db.orm
    .insert(parcelas)
    .values({
      userId,
      descricao: 'Mensalidade de teste',
      numero: 1,
      totalParcelas: 1,
      vencimento,
      valorCentavos,
      pagoEm,
      valorPagoCentavos: pagoEm === null ? null : valorCentavos,
    })
    .returning({ id: parcelas.id, valorCentavos: parcelas.valorCentavos })
  return row!
}

/** Starts an English test attempt for `userId` (the seeded bank, the server's duration); returns its id. */
export async function startEnglishTest(db: Database, userId: number, now = new Date()): Promise<number> {
  const result = await englishTestRepo.forUser(db.orm, userId).start(now, ENGLISH_TEST_MINUTES * 60_000, ENGLISH_TEST_RETAKE_DAYS)
  if (result.kind !== 'created' && result.kind !== 'in-progress') throw new Error(`no English test attempt: ${result.kind}`)
  return result.tentativa.id
}

/**
 * A class of `userId`'s with a book of its own and one practice test on it: one question
 * (id 1) whose right option is 1, so a body answering `{ questao: 1, opcao: 1 }` scores 10.
 */
export async function createPracticeTest(db: Database, userId: number): Promise<OwnedIds> {
  const { turmaId, turmaAlunoId } = await enrol(db, userId)
  const [livro] = await db.orm
    .insert(livros)
    .values({ nome: 'Livro de prática', codigo: `PRATICA-${randomBytes(6).toString('hex')}` })
    .returning({ id: livros.id })
  await db.orm.update(turmas).set({ livroId: livro!.id }).where(eq(turmas.id, turmaId))
  const [teste] = await db.orm
    .insert(praticaTestes)
    .values({
      livroId: livro!.id,
      titulo: 'Teste de prática',
      questoes: [
        {
          id: 1,
          enunciado: 'I ___ a student.',
          opcoes: [
            { id: 1, texto: 'am' },
            { id: 2, texto: 'is' },
          ],
          correta: 1,
        },
      ],
    })
    .returning({ id: praticaTestes.id })
  return { turma: turmaId, turmaAluno: turmaAlunoId, praticaTeste: teste!.id }
}

/** The ids `createOnlineClass` made. */
export interface OnlineClassIds {
  turma: number
  turmaAluno: number
  aulaOnline: number
}

/**
 * An online class of a new class with `userId` enrolled (issue 10): by default open now
 * (started 5 minutes ago, for an hour); `inicio`/`fim` say otherwise.
 */
export async function createOnlineClass(
  db: Database,
  userId: number,
  { inicio = new Date(Date.now() - 5 * 60_000), fim }: { inicio?: Date; fim?: Date } = {},
): Promise<OnlineClassIds> {
  const { turmaId, turmaAlunoId } = await enrol(db, userId)
  const [aula] = await db.orm
    .insert(aulasOnline)
    .values({
      turmaId,
      tema: 'Aula online de teste',
      professor: 'Prof. Teste',
      inicio,
      fim: fim ?? new Date(inicio.getTime() + 60 * 60_000),
      link: `https://meet.example.com/teste-${randomBytes(4).toString('hex')}`,
    })
    .returning({ id: aulasOnline.id })
  return { turma: turmaId, turmaAluno: turmaAlunoId, aulaOnline: aula!.id }
}

/**
 * A printed copy of a new course book (D8), linked to `userId` now; `userId` null: an empty
 * copy, nobody's yet. `linked: false`: the school gave it to the student, who has not used it.
 */
export async function createBookCopy(
  db: Database,
  userId: number | null,
  { linked = true }: { linked?: boolean } = {},
): Promise<{ id: number; uuid: string; livroId: number }> {
  const [company] = await db.orm.select({ id: companies.id }).from(companies).where(eq(companies.escolaId, DEMO_COMPANY.escolaId)).limit(1)
  const [livro] = await db.orm
    .insert(livros)
    .values({ nome: 'Livro de teste', codigo: `TESTE-${randomBytes(6).toString('hex')}` })
    .returning({ id: livros.id })
  const [copy] = await db.orm
    .insert(livroExemplares)
    .values({ livroId: livro!.id, companyId: company!.id, userId, linkedAt: userId !== null && linked ? new Date() : null })
    .returning({ id: livroExemplares.id, uuid: livroExemplares.uuid })
  return { ...copy!, livroId: livro!.id }
}

/**
 * A push subscription of `userId`'s (issue 11) with fresh random keys; `endpoint` defaults
 * to an address on a known push service that is never called. Tests that deliver pass the
 * push-service stand-in's URL and the keys it decrypts with.
 */
export async function createPushSubscription(
  db: Database,
  userId: number,
  {
    endpoint = `https://fcm.googleapis.com/fcm/send/teste-${randomBytes(12).toString('hex')}`,
    p256dh = randomBytes(65).toString('base64url'),
    auth = randomBytes(16).toString('base64url'),
    deviceType = 'mobile',
    brand = 'knn',
  }: { endpoint?: string; p256dh?: string; auth?: string; deviceType?: 'mobile' | 'desktop'; brand?: 'knn' | 'phenom' } = {},
): Promise<{ id: number; auth: string; endpoint: string }> {
  const [row] = await db.orm
    .insert(pushSubscriptions)
    .values({ userId, endpoint, p256dh, auth, deviceType, brand })
    .returning({ id: pushSubscriptions.id, auth: pushSubscriptions.auth, endpoint: pushSubscriptions.endpoint })
  return row!
}

/** A sent campaign to chosen students, with `userId`'s notice of it (issue 40 item 13); its sending's id. */
export async function createPushNotice(
  db: Database,
  userId: number,
  { title = 'Aviso da escola', sentAt = new Date(), readAt = null }: { title?: string; sentAt?: Date; readAt?: Date | null } = {},
): Promise<number> {
  const [sending] = await db.orm
    .insert(pushSendings)
    .values({
      title,
      body: 'Leia com atenção.',
      link: '/financial',
      audience: { kind: 'alunos', user_ids: [userId] },
      status: 'concluido',
      startedAt: sentAt,
      finishedAt: sentAt,
    })
    .returning({ id: pushSendings.id })
  await db.orm.insert(pushNotices).values({ userId, sendingId: sending!.id, sentAt, readAt })
  return sending!.id
}

/** An order of `userId`'s (issue 12) at `status` (waiting for payment unless told), created `daysAgo` days ago. */
export async function createOrderRow(db: Database, userId: number, status: OrderStatusId = 1, daysAgo = 0): Promise<number> {
  const [row] = await db.orm
    .insert(preInvoices)
    .values({ userId, numero: `T-${randomBytes(6).toString('hex')}`, status, createdAt: new Date(Date.now() - daysAgo * 86_400_000) })
    .returning({ id: preInvoices.id })
  return row!.id
}

/** An order of `userId`'s waiting for payment (1) with one item: 3 books at R$ 411,00, R$ 1.233,00 (D12). */
export async function createPayableOrder(db: Database, userId: number, status: OrderStatusId = 1): Promise<number> {
  const id = await createOrderRow(db, userId, status)
  await db.orm.insert(preInvoiceItems).values({
    preInvoiceId: id,
    codigoProduto: 'ING-INT1',
    descricao: 'Inglês Intermediário 1',
    quantidade: 3,
    valorUnitarioCentavos: 41_100,
  })
  return id
}
