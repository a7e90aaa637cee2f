import { and, desc, eq, gt, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { campanhaParticipacoes, campanhaQrCodes, campanhasViagem, campanhaValidacoes, type CampanhaViagemRow } from './schema.ts'
import { isSerialId } from '../../db/ids.ts'

/** A campaign with one student's standing in it (D27). */
export interface CampaignStanding {
  campanha: CampanhaViagemRow
  inscritoEm: Date | null
  entradas: number
  codigosValidados: number
}

export interface Validado {
  codigo: string
  descricao: string
  campanhaId: number
  campanhaNome: string
  entradas: number
  validadoEm: Date
}

export type CodeValidation =
  | { kind: 'created' | 'replayed'; validado: Validado; entriesTotal: number }
  | { kind: 'unknown' }
  | { kind: 'not-started' | 'ended'; campanha: CampanhaViagemRow }
  | { kind: 'not-enrolled'; campanha: CampanhaViagemRow }
  | { kind: 'already-used'; validadoEm: Date }
  | { kind: 'key-reused' }

export type CampaignEntry =
  { kind: 'created' | 'existing'; standing: CampaignStanding } | { kind: 'not-found' } | { kind: 'closed'; campanha: CampanhaViagemRow }

const aberta = (campanha: CampanhaViagemRow, now: Date) => campanha.inicio <= now && now < campanha.fim

/** The caller's side of the travel campaign: every read and write is scoped to `userId` (D7). */
export function forUser(db: Db, userId: number) {
  async function standingOf(campanha: CampanhaViagemRow): Promise<CampaignStanding> {
    const [inscricao] = await db
      .select({ em: campanhaParticipacoes.regulamentoAceitoEm })
      .from(campanhaParticipacoes)
      .where(and(eq(campanhaParticipacoes.campanhaId, campanha.id), eq(campanhaParticipacoes.userId, userId)))
    const soma = await sumOf(campanha.id)
    return { campanha, inscritoEm: inscricao?.em ?? null, entradas: soma.entradas, codigosValidados: soma.codigos }
  }

  /** The caller's entries and validated codes in a campaign. */
  async function sumOf(campanhaId: number): Promise<{ entradas: number; codigos: number }> {
    const [soma] = await db
      .select({ entradas: sql<number>`coalesce(sum(${campanhaValidacoes.entradas}), 0)::int`, codigos: sql<number>`count(*)::int` })
      .from(campanhaValidacoes)
      .where(and(eq(campanhaValidacoes.campanhaId, campanhaId), eq(campanhaValidacoes.userId, userId)))
    return soma ?? { entradas: 0, codigos: 0 }
  }
  const entriesTotal = async (campanhaId: number) => (await sumOf(campanhaId)).entradas

  /** The caller's validations (`qrCodeId`: of that code only), with their code and campaign. */
  function validationsOf(qrCodeId?: number) {
    return db
      .select({
        codigo: campanhaQrCodes.codigo,
        descricao: campanhaQrCodes.descricao,
        campanhaId: campanhaValidacoes.campanhaId,
        campanhaNome: campanhasViagem.nome,
        entradas: campanhaValidacoes.entradas,
        validadoEm: campanhaValidacoes.validadoEm,
        idempotencyKey: campanhaValidacoes.idempotencyKey,
      })
      .from(campanhaValidacoes)
      .innerJoin(campanhaQrCodes, eq(campanhaQrCodes.id, campanhaValidacoes.qrCodeId))
      .innerJoin(campanhasViagem, eq(campanhasViagem.id, campanhaValidacoes.campanhaId))
      .where(and(eq(campanhaValidacoes.userId, userId), qrCodeId === undefined ? undefined : eq(campanhaValidacoes.qrCodeId, qrCodeId)))
      .orderBy(desc(campanhaValidacoes.validadoEm), desc(campanhaValidacoes.id))
  }
  const validationOf = async (qrCodeId: number) => (await validationsOf(qrCodeId))[0]

  return {
    /** A campaign by id, or (`'atual'`) the open one that started last; undefined when none. */
    async campaign(id: number | 'atual', now: Date): Promise<CampaignStanding | undefined> {
      if (id !== 'atual' && !isSerialId(id)) return undefined
      const [campanha] = await db
        .select()
        .from(campanhasViagem)
        .where(id === 'atual' ? and(lte(campanhasViagem.inicio, now), gt(campanhasViagem.fim, now)) : eq(campanhasViagem.id, id))
        .orderBy(desc(campanhasViagem.inicio), desc(campanhasViagem.id))
        .limit(1)
      return campanha ? standingOf(campanha) : undefined
    },

    /** Enrols the caller in an open campaign; a second enrolment changes nothing. */
    async join(campanhaId: number, now: Date): Promise<CampaignEntry> {
      const [campanha] = await db.select().from(campanhasViagem).where(eq(campanhasViagem.id, campanhaId))
      if (!campanha) return { kind: 'not-found' }
      if (now >= campanha.fim) return { kind: 'closed', campanha }
      const inserted = await db
        .insert(campanhaParticipacoes)
        .values({ campanhaId, userId, regulamentoAceitoEm: now })
        .onConflictDoNothing()
        .returning({ id: campanhaParticipacoes.id })
      return { kind: inserted.length > 0 ? 'created' : 'existing', standing: await standingOf(campanha) }
    },

    /** The caller's validated codes, newest first. */
    async codes(): Promise<Validado[]> {
      return (await validationsOf()).map(({ idempotencyKey: _key, ...validado }) => validado)
    },

    /**
     * Validates `codigo` for the caller (D27). The unique (user, code) index decides
     * "once per student": concurrent sends insert with ON CONFLICT DO NOTHING and exactly
     * one row is written; a send that wrote nothing reads the row that won. The same
     * `key` as that row's is a replay (the outbox sending again): same answer, no new entry.
     */
    async validate(codigo: string, key: string, now: Date, campanhaId?: number): Promise<CodeValidation> {
      const [qr] = await db
        .select({ qr: campanhaQrCodes, campanha: campanhasViagem })
        .from(campanhaQrCodes)
        .innerJoin(campanhasViagem, eq(campanhasViagem.id, campanhaQrCodes.campanhaId))
        .where(eq(campanhaQrCodes.codigo, codigo))
      // The printed URL names the campaign too: a code of another campaign is unknown there.
      if (!qr || (campanhaId !== undefined && qr.campanha.id !== campanhaId)) return { kind: 'unknown' }
      const { campanha } = qr

      // A replay is answered even after the period (the first send counted in it).
      const previous = await validationOf(qr.qr.id)
      if (previous) return replayOrUsed(previous, key)

      if (now < campanha.inicio) return { kind: 'not-started', campanha }
      if (!aberta(campanha, now)) return { kind: 'ended', campanha }
      const [inscrito] = await db
        .select({ id: campanhaParticipacoes.id })
        .from(campanhaParticipacoes)
        .where(and(eq(campanhaParticipacoes.campanhaId, campanha.id), eq(campanhaParticipacoes.userId, userId)))
      if (!inscrito) return { kind: 'not-enrolled', campanha }

      const inserted = await db
        .insert(campanhaValidacoes)
        .values({ userId, qrCodeId: qr.qr.id, campanhaId: campanha.id, entradas: qr.qr.entradas, idempotencyKey: key, validadoEm: now })
        .onConflictDoNothing()
        .returning({ id: campanhaValidacoes.id })
      const row = await validationOf(qr.qr.id)
      if (!row) return { kind: 'key-reused' }
      if (inserted.length === 0) return replayOrUsed(row, key)
      const { idempotencyKey: _key, ...validado } = row
      return { kind: 'created', validado, entriesTotal: await entriesTotal(campanha.id) }
    },
  }

  async function replayOrUsed(row: Validado & { idempotencyKey: string }, key: string): Promise<CodeValidation> {
    if (row.idempotencyKey !== key) return { kind: 'already-used', validadoEm: row.validadoEm }
    const { idempotencyKey: _key, ...validado } = row
    return { kind: 'replayed', validado, entriesTotal: await entriesTotal(row.campanhaId) }
  }
}
