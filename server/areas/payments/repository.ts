import { randomInt } from 'node:crypto'
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { OrderStatusId } from '../../../src/contract/schemas/pedido.ts'
import type { CardChargeResult } from './card.ts'
import { moveOrder } from '../orders/lifecycle.ts'
import { brazilDate } from '../../http/tmz.ts'
import type { Db } from '../../db/client.ts'
import { creditInstalmentOnTime } from '../club/repository.ts'
import { cambioCotacoes, cambioTaxas } from '../cambio/schema.ts'
import { parcelas } from '../instalments/schema.ts'
import { knnUsaRequests, knnUsaTurmas } from '../overseas-study/schema.ts'
import { cobrancas, type CobrancaRow } from './schema.ts'
import { preInvoiceItems, preInvoices } from '../orders/schema.ts'
import { users } from '../users/schema.ts'
import { isSerialId } from '../../db/ids.ts'
import { priceInReais } from '../overseas-study/repository.ts'

/** The rows the routes turn into answers. */
export type { CobrancaRow } from './schema.ts'

/**
 * Paying instalments (issue 12, D13) and orders waiting for payment: what a
 * charge collects is its `PaymentTarget`. Every path that can pay one locks its row first (`for
 * update`), then touches its charges: one lock order, so a Pix confirmation and a card
 * payment of the same instalment or order wait for each other instead of deadlocking. An
 * instalment becomes paid through one conditional update (`where pago_em is null`), an
 * order through `moveOrder` (1 → 2 where its status still is 1, D11), and a Pix charge
 * through another (`where status = 'pendente'`): whatever runs twice, it is paid once.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const TXID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
export const TXID_PATTERN = /^[A-Za-z0-9]{25}$/

/** A charge's reference at the bank (BR Code field 62-05): 25 random letters and digits, ~148 bits. */
export function newTxid(): string {
  let txid = ''
  for (let index = 0; index < 25; index++) txid += TXID_ALPHABET[randomInt(TXID_ALPHABET.length)]
  return txid
}

/** What a charge collects: an instalment, an order, a câmbio quote or an overseas-study request, by id. */
export type PaymentTarget =
  { tipo: 'parcela'; id: number } | { tipo: 'pedido'; id: number } | { tipo: 'cambio'; id: number } | { tipo: 'knnUsa'; id: number }

/**
 * An instalment or order as payment sees it: `aberto` can be paid, `pago` was, `fechado`
 * cannot be (an order cancelled or still waiting for the level test, D11, or nothing to pay).
 */
export interface PayableTarget {
  valorCentavos: number
  estado: 'aberto' | 'pago' | 'fechado'
  /** An order's status (SPEC §4). */
  status?: OrderStatusId
  /** An order's plan chosen when ordering (null on orders made before the plan was kept) and its number of books. */
  plano?: { parcelas: number | null; livros: number }
  /** A câmbio quote's end of validity: past it, the quote is `fechado`. */
  validaAte?: Date
  /** The most card instalments, when the target fixes it (an overseas-study request: 10, D28). */
  maxInstalments?: number
  /** An overseas-study request's status: `fechado` unless aprovado. */
  statusKnnUsa?: string
}

/** D11: an order is paid from 1 (or -1, the school's problem solved by the payment). */
const ORDER_PAYABLE: readonly OrderStatusId[] = [1, -1]
const ORDER_CLOSED: readonly OrderStatusId[] = [-3, -2]

/** Unpaid: payable when there is something to pay. */
const openIfDue = (valorCentavos: number): PayableTarget['estado'] => (valorCentavos > 0 ? 'aberto' : 'fechado')

/** The charges' column that names the target. */
const TARGET_COLUMNS = {
  parcela: cobrancas.parcelaId,
  pedido: cobrancas.preInvoiceId,
  cambio: cobrancas.cotacaoCambioId,
  knnUsa: cobrancas.knnUsaRequestId,
} as const
const targetColumn = (targetRef: PaymentTarget) => TARGET_COLUMNS[targetRef.tipo]
const TARGET_KEYS = { parcela: 'parcelaId', pedido: 'preInvoiceId', cambio: 'cotacaoCambioId', knnUsa: 'knnUsaRequestId' } as const
const targetValues = (targetRef: PaymentTarget) => ({ [TARGET_KEYS[targetRef.tipo]]: targetRef.id })

/** The charge's target, from its row. */
export function targetOf(row: Pick<CobrancaRow, 'parcelaId' | 'preInvoiceId' | 'cotacaoCambioId' | 'knnUsaRequestId'>): PaymentTarget {
  if (row.parcelaId !== null) return { tipo: 'parcela', id: row.parcelaId }
  if (row.preInvoiceId !== null) return { tipo: 'pedido', id: row.preInvoiceId }
  if (row.knnUsaRequestId !== null) return { tipo: 'knnUsa', id: row.knnUsaRequestId }
  return { tipo: 'cambio', id: row.cotacaoCambioId! }
}

/** Card instalments an overseas-study request can be paid in (D28). */
export const KNN_USA_CARD_INSTALMENTS = 10

/**
 * An overseas-study request as payment sees it (D28): payable once aprovado, its
 * amount the class's price in reais at today's rate of the câmbio table (no IOF), so a
 * pending Pix code of yesterday's rate is replaced by one at today's. Without a rate for
 * the class's currency it cannot be paid (`fechado`, valor 0).
 */
async function readOverseasStudy(db: Db | Tx, id: number, userId: number | undefined, lock: boolean): Promise<PayableTarget | null> {
  const where = and(eq(knnUsaRequests.id, id), userId === undefined ? undefined : eq(knnUsaRequests.userId, userId))
  const query = db
    .select({ status: knnUsaRequests.status, turmaId: knnUsaRequests.turmaId, valorPago: knnUsaRequests.valorPagoCentavos })
    .from(knnUsaRequests)
    .where(where)
  const [request] = lock ? await query.for('update') : await query
  if (!request) return null
  const [turma] = await db
    .select({ preco: knnUsaTurmas.precoCentavos, moeda: knnUsaTurmas.moeda, taxa: cambioTaxas.taxaMilionesimos })
    .from(knnUsaTurmas)
    .leftJoin(cambioTaxas, eq(cambioTaxas.moeda, knnUsaTurmas.moeda))
    .where(eq(knnUsaTurmas.id, request.turmaId))
  const valorCentavos = (turma && priceInReais(turma.moeda, turma.preco, turma.taxa)) ?? 0
  const estado = request.status === 'pago' ? 'pago' : request.status === 'aprovado' && valorCentavos > 0 ? 'aberto' : 'fechado'
  return { valorCentavos, estado, maxInstalments: KNN_USA_CARD_INSTALMENTS, statusKnnUsa: request.status }
}

/** A câmbio quote as payment sees it: its total, paid once, closed after its 15 minutes. */
async function readQuote(db: Db | Tx, id: number, userId: number | undefined, lock: boolean): Promise<PayableTarget | null> {
  const where = and(eq(cambioCotacoes.id, id), userId === undefined ? undefined : eq(cambioCotacoes.userId, userId))
  const query = db
    .select({ valorCentavos: cambioCotacoes.totalCentavos, pagoEm: cambioCotacoes.pagoEm, validaAte: cambioCotacoes.validaAte })
    .from(cambioCotacoes)
    .where(where)
  const [row] = lock ? await query.for('update') : await query
  if (!row) return null
  const estado = row.pagoEm !== null ? 'pago' : row.validaAte <= new Date() ? 'fechado' : 'aberto'
  return { valorCentavos: row.valorCentavos, estado, validaAte: row.validaAte }
}

/** The target (the caller's when `userId` is given), locked until the transaction ends when `lock`; null when not found. */
async function readTarget(db: Db | Tx, targetRef: PaymentTarget, userId: number | undefined, lock: boolean): Promise<PayableTarget | null> {
  if (targetRef.tipo === 'cambio') return readQuote(db, targetRef.id, userId, lock)
  if (targetRef.tipo === 'knnUsa') return readOverseasStudy(db, targetRef.id, userId, lock)
  if (targetRef.tipo === 'parcela') {
    const where = and(eq(parcelas.id, targetRef.id), userId === undefined ? undefined : eq(parcelas.userId, userId))
    const query = db.select({ valorCentavos: parcelas.valorCentavos, pagoEm: parcelas.pagoEm }).from(parcelas).where(where)
    const [row] = lock ? await query.for('update') : await query
    return row ? { valorCentavos: row.valorCentavos, estado: row.pagoEm !== null ? 'pago' : openIfDue(row.valorCentavos) } : null
  }
  const where = and(eq(preInvoices.id, targetRef.id), userId === undefined ? undefined : eq(preInvoices.userId, userId))
  const query = db
    .select({ status: preInvoices.status, parcelas: preInvoices.parcelas, livros: preInvoices.quantidadeSolicitada })
    .from(preInvoices)
    .where(where)
  const [order] = lock ? await query.for('update') : await query
  if (!order) return null
  // The order's price is the sum of its items (one item, the per-book price after the discount).
  const [total] = await db
    .select({
      cents: sql<number>`coalesce(sum(${preInvoiceItems.quantidade} * ${preInvoiceItems.valorUnitarioCentavos}), 0)::int`,
      livros: sql<number>`coalesce(sum(${preInvoiceItems.quantidade}), 0)::int`,
    })
    .from(preInvoiceItems)
    .where(eq(preInvoiceItems.preInvoiceId, targetRef.id))
  const valorCentavos = Number(total!.cents)
  const estado = ORDER_PAYABLE.includes(order.status) ? openIfDue(valorCentavos) : ORDER_CLOSED.includes(order.status) ? 'fechado' : 'pago'
  const plano = { parcelas: order.parcelas, livros: order.livros ?? Number(total!.livros) }
  return { valorCentavos, estado, status: order.status, plano }
}

/** The target paid with `valorCentavos` at `at`; false when it already was (or, an order, can no longer be). */
async function markPaid(tx: Tx, targetRef: PaymentTarget, valorCentavos: number, at: Date): Promise<boolean> {
  if (targetRef.tipo === 'parcela') return markInstalmentPaid(tx, targetRef.id, valorCentavos, at)
  if (targetRef.tipo === 'knnUsa') {
    // D28: aprovado → pago once; a request cancelled meanwhile is not paid (money to refund).
    const paid = await tx
      .update(knnUsaRequests)
      .set({ status: 'pago', pagoEm: at, valorPagoCentavos: valorCentavos, atualizadoEm: at })
      .where(and(eq(knnUsaRequests.id, targetRef.id), eq(knnUsaRequests.status, 'aprovado')))
      .returning({ id: knnUsaRequests.id })
    return paid.length === 1
  }
  if (targetRef.tipo === 'cambio') {
    const paid = await tx
      .update(cambioCotacoes)
      .set({ pagoEm: at })
      .where(and(eq(cambioCotacoes.id, targetRef.id), isNull(cambioCotacoes.pagoEm)))
      .returning({ id: cambioCotacoes.id })
    return paid.length === 1
  }
  return (await moveOrder(tx, targetRef.id, 'pagamentoConfirmado', 'payment')).kind === 'moved'
}

export type PixPaymentResult =
  | { kind: 'not-found' }
  | { kind: 'paid-otherwise' }
  /** An order that cannot be paid (cancelled, waiting for the level test) or has nothing to pay. */
  | { kind: 'closed'; status: OrderStatusId | undefined }
  | { kind: 'charge'; cobranca: CobrancaRow }

export interface UsedCard {
  bandeira: string
  /** The last four digits: all that is kept of the number. */
  finalCartao: string
  parcelas: number
}

export type CardPaymentResult =
  | { kind: 'not-found' }
  | { kind: 'already-paid' }
  | { kind: 'closed'; status: OrderStatusId | undefined }
  | { kind: 'declined'; cobranca: CobrancaRow; reason: string }
  | { kind: 'paid'; cobranca: CobrancaRow }
  /** Approved, but the target was found paid by then (a writer that skipped the lock): to refund. */
  | { kind: 'charged-but-paid'; cobranca: CobrancaRow }

/**
 * The instalment paid with `valorCentavos` on the day `at` falls on in Brazil; false when it
 * already was. Paid on or before its due date, it earns a club member points in the same
 * transaction (D23): the confirmation and the credit happen together or not at all.
 */
async function markInstalmentPaid(tx: Tx, parcelaId: number, valorCentavos: number, at: Date): Promise<boolean> {
  const [paid] = await tx
    .update(parcelas)
    .set({ pagoEm: brazilDate(at), valorPagoCentavos: valorCentavos })
    .where(and(eq(parcelas.id, parcelaId), isNull(parcelas.pagoEm)))
    .returning({ id: parcelas.id, userId: parcelas.userId, vencimento: parcelas.vencimento, pagoEm: parcelas.pagoEm })
  if (!paid) return false
  await creditInstalmentOnTime(tx, { ...paid, valorCentavos, pagoEm: paid.pagoEm! })
  return true
}

const pendingChargeOf = (targetRef: PaymentTarget) => and(eq(targetColumn(targetRef), targetRef.id), eq(cobrancas.status, 'pendente'))

/** The caller's instalments and orders only (D7): another student's is not found. */
export function forUser(db: Db, userId: number) {
  return {
    /** The caller's instalment or order as payment sees it, unlocked (a check before the card's gateway). */
    async target(targetRef: PaymentTarget): Promise<PayableTarget | null> {
      if (!isSerialId(targetRef.id)) return null
      return readTarget(db, targetRef, userId, false)
    },

    /**
     * The target's Pix charge: the pending one while it lasts (for the same amount), else a
     * new one, the old one marked `expirado`; once paid, the Pix charge that paid it. The
     * target's lock makes concurrent calls wait for the first one's charge; the partial
     * unique indexes (one pending per instalment, per order) back that up.
     */
    async pixCharge(
      targetRef: PaymentTarget,
      now: Date,
      validForMs: number,
      /** The new charge's BR Code: built here, or a provider's (a call made with the target locked). */
      copiaECola: (txid: string, valorCentavos: number, expiraEm: Date) => string | Promise<string>,
    ): Promise<PixPaymentResult> {
      if (!isSerialId(targetRef.id)) return { kind: 'not-found' }
      return db.transaction(async (tx): Promise<PixPaymentResult> => {
        const target = await readTarget(tx, targetRef, userId, true)
        if (!target) return { kind: 'not-found' }
        if (target.estado === 'pago') {
          const [paidCharge] = await tx
            .select()
            .from(cobrancas)
            .where(and(eq(targetColumn(targetRef), targetRef.id), eq(cobrancas.metodo, 'pix'), eq(cobrancas.status, 'pago')))
            .orderBy(cobrancas.pagoEm)
            .limit(1)
          return paidCharge ? { kind: 'charge', cobranca: paidCharge } : { kind: 'paid-otherwise' }
        }
        if (target.estado === 'fechado') return { kind: 'closed', status: target.status }
        const [openCharge] = await tx.select().from(cobrancas).where(pendingChargeOf(targetRef))
        if (openCharge && openCharge.expiraEm! > now && openCharge.valorCentavos === target.valorCentavos) {
          return { kind: 'charge', cobranca: openCharge }
        }
        if (openCharge) {
          await tx
            .update(cobrancas)
            .set({ status: 'expirado' })
            .where(and(eq(cobrancas.id, openCharge.id), eq(cobrancas.status, 'pendente')))
        }
        const txid = newTxid()
        const expiraEm = new Date(now.getTime() + validForMs)
        const [row] = await tx
          .insert(cobrancas)
          .values({
            ...targetValues(targetRef),
            userId,
            metodo: 'pix',
            txid,
            valorCentavos: target.valorCentavos,
            status: 'pendente',
            copiaECola: await copiaECola(txid, target.valorCentavos, expiraEm),
            expiraEm,
          })
          .onConflictDoNothing()
          .returning()
        if (row) return { kind: 'charge', cobranca: row }
        // Another connection's charge won the unique index (only a writer that skipped the lock): answer it.
        const [other] = await tx.select().from(cobrancas).where(pendingChargeOf(targetRef))
        if (!other) throw new Error(`no pending Pix charge for ${targetRef.tipo} ${targetRef.id} after a conflict`)
        return { kind: 'charge', cobranca: other }
      })
    },

    /**
     * Charges the card with `charge` and records the outcome, the target locked from the
     * check to the write: a second payment of it waits, then finds it paid and never reaches
     * the gateway. Approved: a `pago` row, the target paid (once) and its pending Pix code
     * withdrawn. Declined: a `recusado` row with the reason.
     */
    async payByCard(
      targetRef: PaymentTarget,
      now: Date,
      usedCard: UsedCard,
      charge: (txid: string, valorCentavos: number) => Promise<CardChargeResult>,
    ): Promise<CardPaymentResult> {
      if (!isSerialId(targetRef.id)) return { kind: 'not-found' }
      return db.transaction(async (tx): Promise<CardPaymentResult> => {
        const target = await readTarget(tx, targetRef, userId, true)
        if (!target) return { kind: 'not-found' }
        if (target.estado === 'pago') return { kind: 'already-paid' }
        if (target.estado === 'fechado') return { kind: 'closed', status: target.status }
        const txid = newTxid()
        const outcome = await charge(txid, target.valorCentavos)
        const base = {
          ...targetValues(targetRef),
          userId,
          metodo: 'cartao' as const,
          txid,
          valorCentavos: target.valorCentavos,
          ...usedCard,
        }
        if (!outcome.approved) {
          const [row] = await tx
            .insert(cobrancas)
            .values({ ...base, status: 'recusado', recusa: outcome.reason })
            .returning()
          return { kind: 'declined', cobranca: row!, reason: outcome.reason }
        }
        const [row] = await tx
          .insert(cobrancas)
          .values({ ...base, status: 'pago', autorizacao: outcome.authorization, pagoEm: now })
          .returning()
        if (!(await markPaid(tx, targetRef, target.valorCentavos, now))) return { kind: 'charged-but-paid', cobranca: row! }
        // A Pix code of a paid instalment or order must not be paid as well.
        await tx.update(cobrancas).set({ status: 'expirado' }).where(pendingChargeOf(targetRef))
        return { kind: 'paid', cobranca: row! }
      })
    },
  }
}

export type ConfirmPixResult =
  | {
      confirmed: true
      cobranca: CobrancaRow
      /**
       * The instalment or order was found paid another way (a writer that skipped the lock),
       * or the order was cancelled meanwhile: the money is to refund.
       */
      alreadyPaid: boolean
    }
  | { confirmed: false; reason: 'unknown' | 'already-confirmed' | 'expired' }

/**
 * The bank says the Pix charge `txid` was paid at `at` (in the demo, /dev/pix): the charge
 * and its instalment or order (1 → 2 through `moveOrder`) become paid EXACTLY ONCE, in one transaction of conditional updates. A
 * second or concurrent confirmation changes nothing and says so; a code past its expiry is
 * no longer payable (marked `expirado`).
 */
export async function confirmPixCharge(db: Db, txid: string, at: Date): Promise<ConfirmPixResult> {
  if (!TXID_PATTERN.test(txid)) return { confirmed: false, reason: 'unknown' }
  return db.transaction(async (tx): Promise<ConfirmPixResult> => {
    const [found] = await tx
      .select({
        id: cobrancas.id,
        parcelaId: cobrancas.parcelaId,
        preInvoiceId: cobrancas.preInvoiceId,
        cotacaoCambioId: cobrancas.cotacaoCambioId,
        knnUsaRequestId: cobrancas.knnUsaRequestId,
      })
      .from(cobrancas)
      .where(and(eq(cobrancas.txid, txid), eq(cobrancas.metodo, 'pix')))
    if (!found) return { confirmed: false, reason: 'unknown' }
    const targetRef = targetOf(found)
    // The instalment or order first, as a card payment does (one lock order).
    await readTarget(tx, targetRef, undefined, true)
    const [paid] = await tx
      .update(cobrancas)
      .set({ status: 'pago', pagoEm: at })
      .where(and(eq(cobrancas.id, found.id), eq(cobrancas.status, 'pendente'), gt(cobrancas.expiraEm, at)))
      .returning()
    if (paid) {
      const paidNow = await markPaid(tx, targetRef, paid.valorCentavos, at)
      return { confirmed: true, cobranca: paid, alreadyPaid: !paidNow }
    }
    await tx
      .update(cobrancas)
      .set({ status: 'expirado' })
      .where(and(eq(cobrancas.id, found.id), eq(cobrancas.status, 'pendente')))
    const [current] = await tx.select({ status: cobrancas.status }).from(cobrancas).where(eq(cobrancas.id, found.id))
    return { confirmed: false, reason: current!.status === 'pago' ? 'already-confirmed' : 'expired' }
  })
}

/** Pix charges waiting for the bank, newest first: the demo's Pix provider lists them (/dev/pix); an order reads "Pedido PV-… 1/1". */
export async function pendingPixCharges(db: Db, now: Date) {
  return db
    .select({
      txid: cobrancas.txid,
      valorCentavos: cobrancas.valorCentavos,
      expiraEm: cobrancas.expiraEm,
      aluno: users.fullName,
      email: users.email,
      descricao: sql<string>`coalesce(${parcelas.descricao}, 'Pedido ' || ${preInvoices.numero}, 'Câmbio ' || ${cambioCotacoes.moeda}, ${knnUsaTurmas.nome})`,
      numero: sql<number>`coalesce(${parcelas.numero}, 1)`,
      totalParcelas: sql<number>`coalesce(${parcelas.totalParcelas}, 1)`,
    })
    .from(cobrancas)
    .leftJoin(parcelas, eq(parcelas.id, cobrancas.parcelaId))
    .leftJoin(preInvoices, eq(preInvoices.id, cobrancas.preInvoiceId))
    .leftJoin(cambioCotacoes, eq(cambioCotacoes.id, cobrancas.cotacaoCambioId))
    .leftJoin(knnUsaRequests, eq(knnUsaRequests.id, cobrancas.knnUsaRequestId))
    .leftJoin(knnUsaTurmas, eq(knnUsaTurmas.id, knnUsaRequests.turmaId))
    .innerJoin(users, eq(users.id, cobrancas.userId))
    .where(and(eq(cobrancas.metodo, 'pix'), eq(cobrancas.status, 'pendente'), gt(cobrancas.expiraEm, now)))
    .orderBy(desc(cobrancas.createdAt), desc(cobrancas.id))
}
