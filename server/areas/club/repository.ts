import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm'
import {
  EXPIRING_WINDOW_DAYS,
  pointsForInstalment,
  POINTS_VALIDITY_MONTHS,
  type PedidoRecompensaStatus,
} from '../../../src/contract/schemas/club.ts'
import type { Db } from '../../db/client.ts'
import {
  clubAlocacoes,
  clubCuponsParceria,
  clubMovimentos,
  clubPedidosRecompensa,
  clubRecompensas,
  type ORIGENS_LEDGER,
  type ClubCupomParceriaRow,
  type ClubRecompensaRow,
} from './schema.ts'
import { users } from '../users/schema.ts'

/** The rows the routes turn into answers. */
export type { ClubCupomParceriaRow, ClubRecompensaRow } from './schema.ts'

/**
 * The KNN Club's points (issue 13, D23, D24). The ledger holds movements; a
 * debit records which credits it used, oldest unexpired first (`club_alocacoes`). So, in
 * SQL and at any instant: a credit's remaining points are its amount minus its allocations;
 * the balance is the remaining points of the credits not expired yet; what a credit still
 * had when it turned 12 months old expired then. Nothing is stored that could drift and no
 * nightly job has to run.
 */

export type LedgerOrigin = (typeof ORIGENS_LEDGER)[number]

/** `created_at + 12 months`: when a credit's points expire (D23). */
const expiryOf = (createdAt: unknown) => sql`(${createdAt} + make_interval(months => ${POINTS_VALIDITY_MONTHS}))`

/** A credit's points not used by any debit. */
const remainingOf = sql<number>`(${clubMovimentos.pontos} - coalesce((select sum(a.pontos) from ${clubAlocacoes} a where a.credito_id = ${sql.identifier('club_movimentos')}.${sql.identifier('id')}), 0))::int`

/** Whether the student takes part in the club (D23: only members earn and spend points). */
export async function isClubMember(db: Db, userId: number): Promise<boolean> {
  const [member] = await db.select({ isClub: users.isClub }).from(users).where(eq(users.id, userId))
  return member?.isClub ?? false
}

/**
 * Credits `entry.pontos` once per `(origem, referencia)`: a second call for the same
 * referral, instalment or coupon writes nothing (false), even at the same instant (the
 * unique index decides).
 */
export async function creditPoints(
  db: Db,
  entry: {
    userId: number
    origem: Exclude<LedgerOrigin, 'resgate'>
    referencia: string | number
    pontos: number
    descricao: string
    at?: Date
  },
): Promise<boolean> {
  const written = await db
    .insert(clubMovimentos)
    .values({
      userId: entry.userId,
      tipo: 'credito',
      origem: entry.origem,
      referencia: String(entry.referencia),
      pontos: entry.pontos,
      descricao: entry.descricao,
      ...(entry.at ? { createdAt: entry.at } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: clubMovimentos.id })
  return written.length === 1
}

/**
 * The credit of an instalment paid on or before its due date (D23): 10 points per whole
 * R$ 100 of it, to a club member, once per instalment. For the payment confirmation to
 * call in its transaction, right after it marks the instalment paid (`pagoEm`, the
 * Brazilian calendar day of the payment, and `vencimento` as YYYY-MM-DD). True when points
 * were credited now.
 */
export async function creditInstalmentOnTime(
  db: Db,
  parcela: { id: number; userId: number; valorCentavos: number; vencimento: string; pagoEm: string },
): Promise<boolean> {
  const pontos = pointsForInstalment(parcela.valorCentavos)
  if (pontos === 0 || parcela.pagoEm > parcela.vencimento) return false
  if (!(await isClubMember(db, parcela.userId))) return false
  const [dia, mes, ano] = [parcela.vencimento.slice(8, 10), parcela.vencimento.slice(5, 7), parcela.vencimento.slice(0, 4)]
  return creditPoints(db, {
    userId: parcela.userId,
    origem: 'parcela',
    referencia: parcela.id,
    pontos,
    descricao: `Parcela com vencimento em ${dia}/${mes}/${ano} paga em dia`,
  })
}

/** The caller's credits with points left and not expired at `now`, oldest first (the order debits use them). */
async function usableCredits(db: Db, userId: number, now: Date): Promise<{ id: number; restante: number }[]> {
  const rows = await db
    .select({ id: clubMovimentos.id, restante: remainingOf })
    .from(clubMovimentos)
    .where(and(eq(clubMovimentos.userId, userId), eq(clubMovimentos.tipo, 'credito'), sql`${expiryOf(clubMovimentos.createdAt)} > ${now}`))
    .orderBy(asc(clubMovimentos.createdAt), asc(clubMovimentos.id))
  return rows.filter((row) => row.restante > 0)
}

export interface Balance {
  saldo: number
  /** Points that expire in the next 30 days unless spent first. */
  expirando: number
  proximaExpiracao: Date | null
}

/** The balance at `now` and what expires in the next 30 days, computed by the database. */
export async function balanceOf(db: Db, userId: number, now = new Date()): Promise<Balance> {
  const until = new Date(now.getTime() + EXPIRING_WINDOW_DAYS * 24 * 3600 * 1000)
  const credits = db
    .select({ restante: remainingOf.as('restante'), expiraEm: sql`${expiryOf(clubMovimentos.createdAt)}`.as('expira_em') })
    .from(clubMovimentos)
    .where(and(eq(clubMovimentos.userId, userId), eq(clubMovimentos.tipo, 'credito')))
    .as('creditos')
  const soon = sql`${credits.expiraEm} > ${now} and ${credits.expiraEm} <= ${until} and ${credits.restante} > 0`
  const [row] = await db
    .select({
      saldo: sql<number>`coalesce(sum(${credits.restante}) filter (where ${credits.expiraEm} > ${now}), 0)::int`,
      expirando: sql<number>`coalesce(sum(${credits.restante}) filter (where ${soon}), 0)::int`,
      proxima: sql<
        string | null
      >`to_char(min(${credits.expiraEm}) filter (where ${soon}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(credits)
  return { saldo: row!.saldo, expirando: row!.expirando, proximaExpiracao: row!.proxima ? new Date(row!.proxima) : null }
}

export interface StatementLine {
  /** `m<id>` for a movement, `e<id>` for the expiry of credit `<id>`. */
  id: string
  tipo: 'credito' | 'debito' | 'expiracao'
  origem: LedgerOrigin | 'expiracao'
  descricao: string
  pontos: number
  at: Date
  saldoApos: number
}

/**
 * Every movement of the student's, plus the expiries (the remaining points of each credit
 * 12 months after it, once that instant has passed), newest first, each with the balance
 * right after it (a window sum in the database). `mes` (YYYY-MM, in the zone `offsetHours`
 * from UTC) keeps one month's lines; the balances still count everything before them.
 */
export async function statementOf(
  db: Db,
  userId: number,
  options: { now?: Date; mes?: string; offsetHours: number },
): Promise<StatementLine[]> {
  const now = options.now ?? new Date()
  const result = (await db.execute(sql`
    with creditos as (
      select c.id, c.descricao, c.created_at, ${expiryOf(sql`c.created_at`)} as expira_em,
        c.pontos - coalesce((select sum(a.pontos) from ${clubAlocacoes} a where a.credito_id = c.id), 0) as restante
      from ${clubMovimentos} c
      where c.user_id = ${userId} and c.tipo = 'credito'
    ),
    eventos as (
      select 'm' || m.id as id, m.tipo, m.origem, m.descricao, m.pontos,
        case when m.tipo = 'credito' then m.pontos else -m.pontos end as delta, m.created_at as em, m.id as ordem
      from ${clubMovimentos} m
      where m.user_id = ${userId} and m.created_at <= ${now}
      union all
      select 'e' || c.id, 'expiracao', 'expiracao', c.descricao, c.restante, -c.restante, c.expira_em, c.id
      from creditos c
      where c.expira_em <= ${now} and c.restante > 0
    ),
    linhas as (
      select id, tipo, origem, descricao, pontos::int as pontos, em, ordem,
        (sum(delta) over (order by em, ordem, tipo rows between unbounded preceding and current row))::int as saldo_apos
      from eventos
    )
    select id, tipo, origem, descricao, pontos, saldo_apos,
      to_char(em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as em
    from linhas
    where ${options.mes ?? null}::text is null
      or to_char((em at time zone 'UTC') + make_interval(mins => ${Math.round(options.offsetHours * 60)}), 'YYYY-MM') = ${options.mes ?? null}::text
    order by linhas.em desc, ordem desc, tipo desc`)) as {
    rows: {
      id: string
      tipo: StatementLine['tipo']
      origem: StatementLine['origem']
      descricao: string
      pontos: number
      saldo_apos: number
      em: string
    }[]
  }
  return result.rows.map((row) => ({
    id: row.id,
    tipo: row.tipo,
    origem: row.origem,
    descricao: row.descricao,
    pontos: Number(row.pontos),
    at: new Date(row.em),
    saldoApos: Number(row.saldo_apos),
  }))
}

export interface RewardOrderRow {
  id: number
  recompensa: { id: number; nome: string; imagem: string | null }
  pontos: number
  status: PedidoRecompensaStatus
  createdAt: Date
  updatedAt: Date
}

export const rewardOrderColumns = {
  id: clubPedidosRecompensa.id,
  recompensaId: clubRecompensas.id,
  nome: clubRecompensas.nome,
  imagem: clubRecompensas.imagem,
  pontos: clubPedidosRecompensa.pontos,
  status: clubPedidosRecompensa.status,
  createdAt: clubPedidosRecompensa.createdAt,
  updatedAt: clubPedidosRecompensa.updatedAt,
}

export function toRewardOrderRow(
  row: Omit<RewardOrderRow, 'recompensa'> & { recompensaId: number; nome: string; imagem: string | null },
): RewardOrderRow {
  const { recompensaId, nome, imagem, ...order } = row
  return { ...order, recompensa: { id: recompensaId, nome, imagem } }
}

/** The student's reward orders, newest first. */
export async function rewardOrdersOf(db: Db, userId: number): Promise<RewardOrderRow[]> {
  const rows = await db
    .select(rewardOrderColumns)
    .from(clubPedidosRecompensa)
    .innerJoin(clubRecompensas, eq(clubRecompensas.id, clubPedidosRecompensa.recompensaId))
    .where(eq(clubPedidosRecompensa.userId, userId))
    .orderBy(desc(clubPedidosRecompensa.createdAt), desc(clubPedidosRecompensa.id))
  return rows.map(toRewardOrderRow)
}

/** The student's debits (redemptions), newest first. */
export async function debitsOf(db: Db, userId: number) {
  return db
    .select({
      id: clubMovimentos.id,
      pontos: clubMovimentos.pontos,
      descricao: clubMovimentos.descricao,
      at: clubMovimentos.createdAt,
      referencia: clubMovimentos.referencia,
    })
    .from(clubMovimentos)
    .where(and(eq(clubMovimentos.userId, userId), eq(clubMovimentos.tipo, 'debito')))
    .orderBy(desc(clubMovimentos.createdAt), desc(clubMovimentos.id))
}

/** The catalogue: active rewards only (students), or all of them (managers), by cost then name. */
export async function rewards(db: Db, options: { includeInactive: boolean }): Promise<ClubRecompensaRow[]> {
  return db
    .select()
    .from(clubRecompensas)
    .where(options.includeInactive ? undefined : eq(clubRecompensas.ativo, true))
    .orderBy(asc(clubRecompensas.custo), asc(clubRecompensas.nome))
}

export type RedeemOutcome =
  | { kind: 'redeemed'; order: RewardOrderRow; saldo: number }
  | { kind: 'notMember' }
  | { kind: 'notFound' }
  | { kind: 'outOfStock'; nome: string }
  | { kind: 'insufficient'; saldo: number; custo: number; nome: string }

/**
 * Redeems one unit of a reward (D24), all in ONE transaction: the student's row is locked
 * first, so two redemptions of one student run one after the other and the second sees the
 * first's debit; the balance is checked before anything is written; the stock is taken by
 * a conditional update (`estoque > 0`), which makes two students racing for the last unit
 * wait on the reward's row, and the second finds none left. Then the order, the debit and
 * its FIFO allocations are written. Any refusal writes nothing.
 */
export async function redeem(db: Db, userId: number, recompensaId: number, now = new Date()): Promise<RedeemOutcome> {
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ isClub: users.isClub }).from(users).where(eq(users.id, userId)).for('no key update')
    if (!member?.isClub) return { kind: 'notMember' }
    const [reward] = await tx
      .select()
      .from(clubRecompensas)
      .where(and(eq(clubRecompensas.id, recompensaId), eq(clubRecompensas.ativo, true)))
    if (!reward) return { kind: 'notFound' }
    const credits = await usableCredits(tx, userId, now)
    const saldo = credits.reduce((sum, credit) => sum + credit.restante, 0)
    if (reward.estoque <= 0) return { kind: 'outOfStock', nome: reward.nome }
    if (saldo < reward.custo) return { kind: 'insufficient', saldo, custo: reward.custo, nome: reward.nome }
    const taken = await tx
      .update(clubRecompensas)
      .set({ estoque: sql`${clubRecompensas.estoque} - 1`, updatedAt: now })
      .where(and(eq(clubRecompensas.id, recompensaId), eq(clubRecompensas.ativo, true), gt(clubRecompensas.estoque, 0)))
      .returning({ id: clubRecompensas.id })
    if (taken.length === 0) return { kind: 'outOfStock', nome: reward.nome }

    const [order] = await tx
      .insert(clubPedidosRecompensa)
      .values({ userId, recompensaId, pontos: reward.custo, status: 'solicitado', createdAt: now, updatedAt: now })
      .returning()
    const [debit] = await tx
      .insert(clubMovimentos)
      .values({
        userId,
        tipo: 'debito',
        origem: 'resgate',
        referencia: String(order!.id),
        pontos: reward.custo,
        descricao: `Resgate: ${reward.nome}`,
        createdAt: now,
      })
      .returning({ id: clubMovimentos.id })
    const allocations: { debitoId: number; creditoId: number; pontos: number }[] = []
    let missing = reward.custo
    for (const credit of credits) {
      if (missing === 0) break
      const used = Math.min(missing, credit.restante)
      allocations.push({ debitoId: debit!.id, creditoId: credit.id, pontos: used })
      missing -= used
    }
    await tx.insert(clubAlocacoes).values(allocations)
    return {
      kind: 'redeemed',
      order: toRewardOrderRow({ ...order!, recompensaId, nome: reward.nome, imagem: reward.imagem }),
      saldo: saldo - reward.custo,
    }
  })
}

/** Joins or leaves the club; false when the account is gone. */
export async function setClubMembership(db: Db, userId: number, isClub: boolean): Promise<boolean> {
  const rows = await db.update(users).set({ isClub }).where(eq(users.id, userId)).returning({ id: users.id })
  return rows.length === 1
}

/** The coupon the student attached last, or none. */
export async function currentCoupon(db: Db, userId: number): Promise<ClubCupomParceriaRow | undefined> {
  const [row] = await db
    .select()
    .from(clubCuponsParceria)
    .where(and(eq(clubCuponsParceria.usadoPor, userId), isNotNull(clubCuponsParceria.usadoEm)))
    .orderBy(desc(clubCuponsParceria.usadoEm), desc(clubCuponsParceria.id))
    .limit(1)
  return row
}

export type AttachOutcome =
  | { kind: 'attached'; coupon: ClubCupomParceriaRow }
  | { kind: 'unknown' }
  | { kind: 'expired'; expiraEm: Date }
  | { kind: 'used' }
  | { kind: 'pointsNeedMembership' }

/**
 * Attaches a coupon (D26) with one conditional update (unused and unexpired), so of two
 * students sending the same code at once one gets it. A points coupon credits its points
 * in the same transaction (once: the ledger's unique reference). Sending again the code one
 * already holds answers it again.
 */
export async function attachCoupon(db: Db, userId: number, codigo: string, now = new Date()): Promise<AttachOutcome> {
  return db.transaction(async (tx) => {
    const [coupon] = await tx.select().from(clubCuponsParceria).where(eq(clubCuponsParceria.codigo, codigo))
    if (!coupon) return { kind: 'unknown' }
    if (coupon.usadoPor === userId) return { kind: 'attached', coupon }
    if (coupon.usadoPor !== null || coupon.usadoEm !== null) return { kind: 'used' }
    if (coupon.expiraEm <= now) return { kind: 'expired', expiraEm: coupon.expiraEm }
    if (coupon.beneficio === 'pontos' && !(await isClubMember(tx, userId))) return { kind: 'pointsNeedMembership' }
    const [taken] = await tx
      .update(clubCuponsParceria)
      .set({ usadoPor: userId, usadoEm: now })
      .where(and(eq(clubCuponsParceria.id, coupon.id), sql`${clubCuponsParceria.usadoEm} is null`, gt(clubCuponsParceria.expiraEm, now)))
      .returning()
    if (!taken) return { kind: 'used' }
    if (taken.beneficio === 'pontos') {
      await creditPoints(tx, {
        userId,
        origem: 'parceria',
        referencia: taken.id,
        pontos: taken.pontos!,
        descricao: `Cupom de parceria ${taken.codigo} (${taken.empresa})`,
        at: now,
      })
    }
    return { kind: 'attached', coupon: taken }
  })
}
