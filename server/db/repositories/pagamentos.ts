import { randomInt } from 'node:crypto'
import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { CardChargeResult } from '../../payments/card.ts'
import { brazilDate } from '../../http/tmz.ts'
import type { Db } from '../client.ts'
import { parcelas } from '../schema/financeiro.ts'
import { cobrancas, type CobrancaRow } from '../schema/pagamentos.ts'
import { users } from '../schema/users.ts'
import { isSerialId } from './ids.ts'

/**
 * Paying instalments (issue 12, D13, P145). Every path that can pay an instalment locks its
 * row first (`for update`), then touches its charges: one lock order, so a Pix confirmation
 * and a card payment of the same instalment wait for each other instead of deadlocking. The
 * instalment becomes paid through one conditional update (`where pago_em is null`), and a
 * Pix charge through another (`where status = 'pendente'`): whatever runs twice, it is paid once.
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

export interface ParcelaAPagar {
  id: number
  valorCentavos: number
  pagoEm: string | null
}

export type CobrancaPixResult = { kind: 'not-found' } | { kind: 'paid-otherwise' } | { kind: 'charge'; cobranca: CobrancaRow }

export interface CartaoUsado {
  bandeira: string
  /** The last four digits: all that is kept of the number. */
  finalCartao: string
  parcelas: number
}

export type PagamentoCartaoResult =
  | { kind: 'not-found' }
  | { kind: 'already-paid' }
  | { kind: 'declined'; cobranca: CobrancaRow; reason: string }
  | { kind: 'paid'; cobranca: CobrancaRow }
  /** Approved, but the instalment was found paid by then (a writer that skipped the lock): to refund. */
  | { kind: 'charged-but-paid'; cobranca: CobrancaRow }

/** The instalment paid with `valorCentavos` on the day `at` falls on in Brazil; false when it already was. */
async function markParcelaPaid(tx: Tx, parcelaId: number, valorCentavos: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(parcelas)
    .set({ pagoEm: brazilDate(at), valorPagoCentavos: valorCentavos })
    .where(and(eq(parcelas.id, parcelaId), isNull(parcelas.pagoEm)))
    .returning({ id: parcelas.id })
  return rows.length === 1
}

const pendente = (parcelaId: number) => and(eq(cobrancas.parcelaId, parcelaId), eq(cobrancas.status, 'pendente'))

/** The caller's instalments only (D7): another student's is not found. */
export function forUser(db: Db, userId: number) {
  const columns = { id: parcelas.id, valorCentavos: parcelas.valorCentavos, pagoEm: parcelas.pagoEm }
  const mine = (id: number) => and(eq(parcelas.id, id), eq(parcelas.userId, userId))

  /** The caller's instalment, locked until the transaction ends; null when not theirs. */
  async function lockParcela(tx: Tx, id: number): Promise<ParcelaAPagar | null> {
    const [row] = await tx.select(columns).from(parcelas).where(mine(id)).for('update')
    return row ?? null
  }

  return {
    async parcela(id: number): Promise<ParcelaAPagar | null> {
      if (!isSerialId(id)) return null
      const [row] = await db.select(columns).from(parcelas).where(mine(id))
      return row ?? null
    },

    /**
     * The instalment's Pix charge: the pending one while it lasts (for the same amount), else
     * a new one, the old one marked `expirado`; once paid, the Pix charge that paid it. The
     * instalment's lock makes concurrent calls wait for the first one's charge; the partial
     * unique index (one pending per instalment) backs that up.
     */
    async cobrancaPix(
      parcelaId: number,
      now: Date,
      validForMs: number,
      copiaECola: (txid: string, valorCentavos: number) => string,
    ): Promise<CobrancaPixResult> {
      if (!isSerialId(parcelaId)) return { kind: 'not-found' }
      return db.transaction(async (tx): Promise<CobrancaPixResult> => {
        const parcela = await lockParcela(tx, parcelaId)
        if (!parcela) return { kind: 'not-found' }
        if (parcela.pagoEm !== null) {
          const [paga] = await tx
            .select()
            .from(cobrancas)
            .where(and(eq(cobrancas.parcelaId, parcelaId), eq(cobrancas.metodo, 'pix'), eq(cobrancas.status, 'pago')))
            .orderBy(cobrancas.pagoEm)
            .limit(1)
          return paga ? { kind: 'charge', cobranca: paga } : { kind: 'paid-otherwise' }
        }
        const [aberta] = await tx.select().from(cobrancas).where(pendente(parcelaId))
        if (aberta && aberta.expiraEm! > now && aberta.valorCentavos === parcela.valorCentavos) {
          return { kind: 'charge', cobranca: aberta }
        }
        if (aberta) {
          await tx
            .update(cobrancas)
            .set({ status: 'expirado' })
            .where(and(eq(cobrancas.id, aberta.id), eq(cobrancas.status, 'pendente')))
        }
        const txid = newTxid()
        const [row] = await tx
          .insert(cobrancas)
          .values({
            parcelaId,
            userId,
            metodo: 'pix',
            txid,
            valorCentavos: parcela.valorCentavos,
            status: 'pendente',
            copiaECola: copiaECola(txid, parcela.valorCentavos),
            expiraEm: new Date(now.getTime() + validForMs),
          })
          .onConflictDoNothing()
          .returning()
        if (row) return { kind: 'charge', cobranca: row }
        // Another connection's charge won the unique index (only a writer that skipped the lock): answer it.
        const [other] = await tx.select().from(cobrancas).where(pendente(parcelaId))
        if (!other) throw new Error(`no pending Pix charge for instalment ${parcelaId} after a conflict`)
        return { kind: 'charge', cobranca: other }
      })
    },

    /**
     * Charges the card with `charge` and records the outcome, the instalment locked from the
     * check to the write: a second payment of it waits, then finds it paid and never reaches
     * the gateway. Approved: a `pago` row, the instalment paid (conditional update) and its
     * pending Pix code withdrawn. Declined: a `recusado` row with the reason.
     */
    async pagarComCartao(
      parcelaId: number,
      now: Date,
      cartao: CartaoUsado,
      charge: (txid: string, valorCentavos: number) => Promise<CardChargeResult>,
    ): Promise<PagamentoCartaoResult> {
      if (!isSerialId(parcelaId)) return { kind: 'not-found' }
      return db.transaction(async (tx): Promise<PagamentoCartaoResult> => {
        const parcela = await lockParcela(tx, parcelaId)
        if (!parcela) return { kind: 'not-found' }
        if (parcela.pagoEm !== null) return { kind: 'already-paid' }
        const txid = newTxid()
        const outcome = await charge(txid, parcela.valorCentavos)
        const base = { parcelaId, userId, metodo: 'cartao' as const, txid, valorCentavos: parcela.valorCentavos, ...cartao }
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
        if (!(await markParcelaPaid(tx, parcelaId, parcela.valorCentavos, now))) return { kind: 'charged-but-paid', cobranca: row! }
        // A Pix code of a paid instalment must not be paid as well.
        await tx.update(cobrancas).set({ status: 'expirado' }).where(pendente(parcelaId))
        return { kind: 'paid', cobranca: row! }
      })
    },
  }
}

export type ConfirmPixResult =
  | {
      confirmed: true
      cobranca: CobrancaRow
      /** The instalment was found paid another way (a writer that skipped the lock): the money is to refund. */
      parcelaJaPaga: boolean
    }
  | { confirmed: false; reason: 'unknown' | 'already-confirmed' | 'expired' }

/**
 * The bank says the Pix charge `txid` was paid at `at` (in the demo, /dev/pix): the charge
 * and its instalment become paid EXACTLY ONCE, in one transaction of conditional updates. A
 * second or concurrent confirmation changes nothing and says so; a code past its expiry is
 * no longer payable (marked `expirado`).
 */
export async function confirmPixCharge(db: Db, txid: string, at: Date): Promise<ConfirmPixResult> {
  if (!TXID_PATTERN.test(txid)) return { confirmed: false, reason: 'unknown' }
  return db.transaction(async (tx): Promise<ConfirmPixResult> => {
    const [found] = await tx
      .select({ id: cobrancas.id, parcelaId: cobrancas.parcelaId })
      .from(cobrancas)
      .where(and(eq(cobrancas.txid, txid), eq(cobrancas.metodo, 'pix')))
    if (!found) return { confirmed: false, reason: 'unknown' }
    // The instalment first, as a card payment does (one lock order).
    await tx.select({ id: parcelas.id }).from(parcelas).where(eq(parcelas.id, found.parcelaId)).for('update')
    const [paid] = await tx
      .update(cobrancas)
      .set({ status: 'pago', pagoEm: at })
      .where(and(eq(cobrancas.id, found.id), eq(cobrancas.status, 'pendente'), gt(cobrancas.expiraEm, at)))
      .returning()
    if (paid) {
      const parcelaPaga = await markParcelaPaid(tx, paid.parcelaId, paid.valorCentavos, at)
      return { confirmed: true, cobranca: paid, parcelaJaPaga: !parcelaPaga }
    }
    await tx
      .update(cobrancas)
      .set({ status: 'expirado' })
      .where(and(eq(cobrancas.id, found.id), eq(cobrancas.status, 'pendente')))
    const [current] = await tx.select({ status: cobrancas.status }).from(cobrancas).where(eq(cobrancas.id, found.id))
    return { confirmed: false, reason: current!.status === 'pago' ? 'already-confirmed' : 'expired' }
  })
}

/** Pix charges waiting for the bank, newest first: the demo's Pix provider lists them (/dev/pix). */
export async function pendingPixCharges(db: Db, now: Date) {
  return db
    .select({
      txid: cobrancas.txid,
      valorCentavos: cobrancas.valorCentavos,
      expiraEm: cobrancas.expiraEm,
      aluno: users.fullName,
      email: users.email,
      descricao: parcelas.descricao,
      numero: parcelas.numero,
      totalParcelas: parcelas.totalParcelas,
    })
    .from(cobrancas)
    .innerJoin(parcelas, eq(parcelas.id, cobrancas.parcelaId))
    .innerJoin(users, eq(users.id, cobrancas.userId))
    .where(and(eq(cobrancas.metodo, 'pix'), eq(cobrancas.status, 'pendente'), gt(cobrancas.expiraEm, now)))
    .orderBy(desc(cobrancas.createdAt), desc(cobrancas.id))
}
