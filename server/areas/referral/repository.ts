import { randomInt } from 'node:crypto'
import { asc, count, desc, eq, sql } from 'drizzle-orm'
import { REFERRAL_CREDIT_POINTS, type IndicacaoStatus } from '../../../src/contract/schemas/club.ts'
import type { Db } from '../../db/client.ts'
import { clubCodigosIndicacao, clubIndicacoes, clubMovimentos } from '../club/schema.ts'
import { users } from '../users/schema.ts'
import { creditPoints, isClubMember } from '../club/repository.ts'
import { recordManagerAction } from '../../db/manager-audit.ts'
import { pageFromNearerEnd } from '../../db/staff-queue.ts'

/**
 * Referrals (issue 13, D25): each student's personal code, the friends' leads
 * (unique by e-mail and by phone: the first referrer keeps the lead) and the managers'
 * moves of a lead, where `matriculado` credits the referrer 500 points exactly once.
 */

/** The audit log's names (manager_audit_log.action / entity). */
export const LEAD_STATUS_ACTION = 'club.lead.status'
export const LEAD_ENTITY = 'club_indicacao'

/** No 0/O, 1/I/L: a code read aloud or typed from a poster stays unambiguous. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 8

function newCode(): string {
  let code = ''
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return code
}

/** The student's referral code, made the first time it is asked for (two first asks at once get the same one). */
export async function referralCodeOf(db: Db, userId: number): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const [existing] = await db
      .select({ codigo: clubCodigosIndicacao.codigo })
      .from(clubCodigosIndicacao)
      .where(eq(clubCodigosIndicacao.userId, userId))
    if (existing) return existing.codigo
    try {
      await db
        .insert(clubCodigosIndicacao)
        .values({ userId, codigo: newCode() })
        .onConflictDoNothing({ target: clubCodigosIndicacao.userId })
    } catch (error) {
      // Another student drew the same code (31^8 codes): draw again.
      if (attempt >= 5) throw error
    }
  }
}

/** Gives `userId` a chosen code (the demo's); false when another student has it. */
export async function setReferralCode(db: Db, userId: number, codigo: string): Promise<boolean> {
  const rows = await db
    .insert(clubCodigosIndicacao)
    .values({ userId, codigo })
    .onConflictDoNothing()
    .returning({ userId: clubCodigosIndicacao.userId })
  if (rows.length === 1) return true
  const [row] = await db
    .select({ userId: clubCodigosIndicacao.userId })
    .from(clubCodigosIndicacao)
    .where(eq(clubCodigosIndicacao.codigo, codigo))
  return row?.userId === userId
}

export type LeadOutcome = 'registrada' | 'ja_indicada' | 'codigoInvalido'

/**
 * A friend's form (D25): a lead for the student whose code it carries, unless the e-mail
 * or the phone was referred before (then nothing is written: the first referrer keeps it).
 * Whether the e-mail belongs to a student is never looked at.
 */
export async function addLead(
  db: Db,
  lead: { codigo: string; nome: string; telefone: string; email: string },
  now = new Date(),
): Promise<LeadOutcome> {
  const [referrer] = await db
    .select({ userId: clubCodigosIndicacao.userId })
    .from(clubCodigosIndicacao)
    .where(eq(clubCodigosIndicacao.codigo, lead.codigo))
  if (!referrer) return 'codigoInvalido'
  const written = await db
    .insert(clubIndicacoes)
    .values({
      referrerId: referrer.userId,
      nome: lead.nome,
      telefone: lead.telefone,
      email: lead.email,
      consentimentoEm: now,
      createdAt: now,
      updatedAt: now,
    })
    // Either unique index (e-mail, phone): the lead exists already.
    .onConflictDoNothing()
    .returning({ id: clubIndicacoes.id })
  return written.length === 1 ? 'registrada' : 'ja_indicada'
}

export interface LeadRow {
  id: number
  nome: string
  telefone: string
  email: string
  status: IndicacaoStatus
  indicadoPor: { id: number; nome: string | null; email: string | null }
  credited: boolean
  createdAt: Date
  updatedAt: Date
}

const credited = sql<boolean>`exists (select 1 from ${clubMovimentos} where ${clubMovimentos.origem} = 'indicacao' and ${clubMovimentos.referencia} = ${sql.identifier('club_indicacoes')}.${sql.identifier('id')}::text)`

/** Leads matching `where`, newest first; `reversed` reads them from the oldest (pageFromNearerEnd). */
async function leadsWhere(
  db: Db,
  where: ReturnType<typeof eq> | undefined,
  limit: number,
  offset: number,
  reversed = false,
): Promise<LeadRow[]> {
  const rows = await db
    .select({
      id: clubIndicacoes.id,
      nome: clubIndicacoes.nome,
      telefone: clubIndicacoes.telefone,
      email: clubIndicacoes.email,
      status: clubIndicacoes.status,
      referrerId: users.id,
      referrerNome: users.fullName,
      referrerEmail: users.email,
      credited,
      createdAt: clubIndicacoes.createdAt,
      updatedAt: clubIndicacoes.updatedAt,
    })
    .from(clubIndicacoes)
    .innerJoin(users, eq(users.id, clubIndicacoes.referrerId))
    .where(where)
    .orderBy(
      ...(reversed ? [asc(clubIndicacoes.createdAt), asc(clubIndicacoes.id)] : [desc(clubIndicacoes.createdAt), desc(clubIndicacoes.id)]),
    )
    .limit(limit)
    .offset(offset)
  return (reversed ? rows.reverse() : rows).map(({ referrerId, referrerNome, referrerEmail, ...lead }) => ({
    ...lead,
    indicadoPor: { id: referrerId, nome: referrerNome, email: referrerEmail },
  }))
}

/** One page of leads, newest first, with the number the filter matches. */
export async function leadsPage(
  db: Db,
  filter: { status?: IndicacaoStatus; limit: number; offset: number },
): Promise<{ items: LeadRow[]; total: number }> {
  const where = filter.status ? eq(clubIndicacoes.status, filter.status) : undefined
  // The count first: the page's end decides which way it is read.
  const [counted] = await db.select({ n: count() }).from(clubIndicacoes).where(where)
  const total = counted!.n
  const { reversed, limit, offset } = pageFromNearerEnd({ limit: filter.limit, offset: filter.offset, total })
  return { items: await leadsWhere(db, where, limit, offset, reversed), total }
}

export async function leadById(db: Db, id: number): Promise<LeadRow | undefined> {
  return (await leadsWhere(db, eq(clubIndicacoes.id, id), 1, 0))[0]
}

export type LeadMoveOutcome = { kind: 'moved' | 'unchanged' } | { kind: 'notFound' } | { kind: 'final' }

/**
 * Sets a lead's status (D25, D31) under a row lock, with the audit row in the same
 * transaction. `matriculado` is final: it credits the referrer (a club member, D23) 500
 * points, and the ledger's unique reference makes that once even if two managers mark the
 * lead at the same instant; marking it again changes and credits nothing.
 */
export async function setLeadStatus(
  db: Db,
  move: { leadId: number; status: IndicacaoStatus; managerId: number },
  now = new Date(),
): Promise<LeadMoveOutcome> {
  return db.transaction(async (tx) => {
    const [lead] = await tx.select().from(clubIndicacoes).where(eq(clubIndicacoes.id, move.leadId)).for('update')
    if (!lead) return { kind: 'notFound' }
    if (lead.status === move.status) return { kind: 'unchanged' }
    if (lead.status === 'matriculado') return { kind: 'final' }
    await tx.update(clubIndicacoes).set({ status: move.status, updatedAt: now }).where(eq(clubIndicacoes.id, lead.id))
    let credited = false
    if (move.status === 'matriculado') {
      if (await isClubMember(tx, lead.referrerId)) {
        credited = await creditPoints(tx, {
          userId: lead.referrerId,
          origem: 'indicacao',
          referencia: lead.id,
          pontos: REFERRAL_CREDIT_POINTS,
          descricao: `Indicação matriculada: ${lead.nome}`,
          at: now,
        })
      }
    }
    await recordManagerAction(tx, {
      managerId: move.managerId,
      action: LEAD_STATUS_ACTION,
      entity: LEAD_ENTITY,
      entityId: lead.id,
      before: { status: lead.status },
      after: { status: move.status, ...(move.status === 'matriculado' ? { creditado: credited } : {}) },
    })
    return { kind: 'moved' }
  })
}
