import * as v from 'valibot'
import { BodyId, IsoDateTime, pageQuery, RequiredText, Text } from './common.ts'
import { REQUIRED_MESSAGE } from './messages.ts'
import { REGISTRATION_MAX_LENGTH } from './registration.ts'

/**
 * The KNN Club's shapes (issue 13, D23–D26): rewards, redemptions, the points
 * statement, partnership coupons and referrals.
 */

/** Points a referral earns its referrer once the friend enrols (D25). */
export const REFERRAL_CREDIT_POINTS = 500
/** Points expire this many months after they were earned, oldest first (D23). */
export const POINTS_VALIDITY_MONTHS = 12
/** "What expires soon" on meu-clube and meu-extrato (D23): the next 30 days. */
export const EXPIRING_WINDOW_DAYS = 30
/** An instalment paid on or before its due date earns 10 points per R$ 100, rounded down (D23). */
export const POINTS_PER_100_REAIS = 10

/** Points paid on time for an instalment of `valorCentavos` (D23): 10 per whole R$ 100. */
export function pointsForInstalment(valorCentavos: number): number {
  return Math.floor(valorCentavos / 10_000) * POINTS_PER_100_REAIS
}

const Points = v.pipe(v.number(), v.integer(), v.minValue(0))
/** A JSON id in a body: a positive 32-bit integer. */

export const STATUS_PEDIDO_RECOMPENSA = ['solicitado', 'separado', 'entregue', 'cancelado'] as const
export const PedidoRecompensaStatus = v.picklist(STATUS_PEDIDO_RECOMPENSA)
export type PedidoRecompensaStatus = v.InferOutput<typeof PedidoRecompensaStatus>

export const STATUS_INDICACAO = ['novo', 'contatado', 'matriculado', 'descartado'] as const
export const IndicacaoStatus = v.picklist(STATUS_INDICACAO, 'Escolha uma das situações: novo, contatado, matriculado ou descartado.')
export type IndicacaoStatus = v.InferOutput<typeof IndicacaoStatus>

/** Where a movement's points came from or went (the statement's "origem"). */
export const ORIGENS_MOVIMENTO = ['indicacao', 'parcela', 'parceria', 'resgate', 'estorno', 'expiracao'] as const
export const MovimentoOrigem = v.picklist(ORIGENS_MOVIMENTO)
export type MovimentoOrigem = v.InferOutput<typeof MovimentoOrigem>

/** One reward of the catalogue (D24). */
export const Recompensa = v.object({
  id: v.number(),
  nome: v.string(),
  descricao: v.string(),
  /** An https URL or a path on the portal's host; null: the screen's placeholder. */
  imagem: v.nullable(v.string()),
  /** Cost in points. */
  custo: Points,
  estoque: Points,
  ativo: v.boolean(),
})
export type Recompensa = v.InferOutput<typeof Recompensa>

/** POST /transactions/debit/: the reward to redeem (one unit). */
export const ResgateBody = v.object({ recompensa_id: BodyId })

/** One of the student's reward orders (meus-pedidos). */
export const PedidoRecompensa = v.object({
  id: v.number(),
  recompensa: v.object({ id: v.number(), nome: v.string(), imagem: v.nullable(v.string()) }),
  /** The points it cost, fixed at the redemption. */
  pontos: Points,
  status: PedidoRecompensaStatus,
  criado_em: IsoDateTime,
  atualizado_em: IsoDateTime,
})
export type PedidoRecompensa = v.InferOutput<typeof PedidoRecompensa>

/** A redemption's answer: the order and the balance after it, so the screen updates at once. */
export const ResgateResult = v.object({ pedido: PedidoRecompensa, saldo: Points })
export type ResgateResult = v.InferOutput<typeof ResgateResult>

/** One debit (GET /transactions/debit/). */
export const Debito = v.object({
  id: v.number(),
  pontos: Points,
  descricao: v.string(),
  data: IsoDateTime,
  pedido_id: v.number(),
})
export type Debito = v.InferOutput<typeof Debito>

/** The statement's month filter, YYYY-MM (SPEC §9 month list + year). */
export const ExtratoQuery = v.object({
  mes: v.optional(v.pipe(Text(7), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Informe o mês no formato AAAA-MM.'))),
})

/**
 * One line of the statement: a credit, a debit, or points that expired (computed from the
 * ledger, D23). `pontos` is positive; `tipo` gives the sign. `saldo_apos` is the balance
 * right after it.
 */
export const Movimento = v.object({
  /** `m<id>` for a ledger movement, `e<id>` for the expiry of credit `<id>`. */
  id: v.string(),
  tipo: v.picklist(['credito', 'debito', 'expiracao']),
  origem: MovimentoOrigem,
  descricao: v.string(),
  pontos: Points,
  data: IsoDateTime,
  saldo_apos: Points,
})
export type Movimento = v.InferOutput<typeof Movimento>

/** GET /transactions/extrato/ (our addition): the balance, what expires soon and the movements. */
export const Extrato = v.object({
  saldo: Points,
  /** Points that expire in the next 30 days (D23) unless spent first. */
  expirando_30_dias: Points,
  /** When the next of those expires; null when none does in 30 days. */
  proxima_expiracao: v.nullable(IsoDateTime),
  /** The student's personal referral code: the link is `/indicacao/{code}` (D25). */
  codigo_indicacao: v.string(),
  /** Newest first; only the month asked for, when one is. */
  movimentos: v.array(Movimento),
})
export type Extrato = v.InferOutput<typeof Extrato>

/** What a partnership coupon gives (D26): a discount on the next order's books, or points. */
export const BENEFICIOS_CUPOM = ['desconto', 'pontos'] as const

/** A partnership coupon as its student sees it (D26). */
export const CupomParceria = v.object({
  codigo: v.string(),
  empresa: v.string(),
  beneficio: v.picklist(BENEFICIOS_CUPOM),
  /** `desconto`: percent off the next order's books. */
  percentual: v.nullable(Points),
  /** `pontos`: the points it credited. */
  pontos: v.nullable(Points),
  expira_em: IsoDateTime,
  vinculado_em: IsoDateTime,
  /** A discount coupon taken by an order not cancelled: that order's number; else null. */
  usado_no_pedido: v.nullable(v.string()),
})
export type CupomParceria = v.InferOutput<typeof CupomParceria>

/** GET /at-home/parceria-cupom/: the coupon attached last, or none. */
export const CupomAtual = v.object({ cupom: v.nullable(CupomParceria) })
export type CupomAtual = v.InferOutput<typeof CupomAtual>

/** Coupon and referral codes: letters, digits and hyphens, compared in upper case. */
const Code = (max: number) => v.pipe(RequiredText(max), v.toUpperCase(), v.regex(/^[A-Z0-9-]{3,}$/, 'Formato inválido'))

export const CUPOM_MAX_LENGTH = 40
export const CupomBody = v.object({ cupom: Code(CUPOM_MAX_LENGTH) })

/** DDD + number, digits only once masks are removed: 10 digits (landline) or 11 (mobile). */
const Phone = v.pipe(
  Text(20),
  v.transform((text) => text.replace(/[\s().-]/g, '')),
  v.minLength(1, REQUIRED_MESSAGE),
  v.regex(/^[1-9]{2}\d{8,9}$/, 'Formato inválido'),
)

export const CONSENT_MESSAGE = 'Para enviar a indicação, é preciso aceitar que a escola entre em contato.'
export const REFERRAL_CODE_MAX_LENGTH = 40

/** POST /transactions/credit/indicacao/ (public, D25): the friend's form. */
export const IndicacaoBody = v.object({
  nome: RequiredText(REGISTRATION_MAX_LENGTH.full_name),
  telefone: Phone,
  email: v.pipe(Text(REGISTRATION_MAX_LENGTH.email), v.trim(), v.minLength(1, REQUIRED_MESSAGE), v.email(), v.toLowerCase()),
  codigo: Code(REFERRAL_CODE_MAX_LENGTH),
  consentimento: v.literal(true, CONSENT_MESSAGE),
})
export type IndicacaoInput = v.InferInput<typeof IndicacaoBody>

/**
 * The referral's answer: `registrada` for a new lead, `ja_indicada` when the e-mail or
 * phone was already referred (the first referrer keeps it). Nothing says whether the
 * e-mail belongs to a student.
 */
export const IndicacaoResult = v.object({
  detail: v.string(),
  situacao: v.picklist(['registrada', 'ja_indicada']),
})
export type IndicacaoResult = v.InferOutput<typeof IndicacaoResult>

/** PUT /users/is_club/: join (or leave) the club. */
export const IsClubBody = v.object({ is_club: v.boolean() })

// Managers (D31).

export const CLUB_PAGE_MAX = 100
const Paging = pageQuery(CLUB_PAGE_MAX)

const Person = v.object({ id: v.number(), nome: v.nullable(v.string()), email: v.nullable(v.string()) })

export const IndicacoesQuery = v.object({ status: v.optional(IndicacaoStatus), ...Paging })

/** A referral lead as the school's staff sees it. */
export const IndicacaoGestao = v.object({
  id: v.number(),
  nome: v.string(),
  telefone: v.string(),
  email: v.string(),
  status: IndicacaoStatus,
  indicado_por: Person,
  /** Whether the referrer got the 500 points (once, when marked enrolled and a club member). */
  creditado: v.boolean(),
  criado_em: IsoDateTime,
  atualizado_em: IsoDateTime,
})
export type IndicacaoGestao = v.InferOutput<typeof IndicacaoGestao>

export const IndicacoesPage = v.object({ items: v.array(IndicacaoGestao), total: Points })
export type IndicacoesPage = v.InferOutput<typeof IndicacoesPage>

export const IndicacaoStatusBody = v.object({ status: IndicacaoStatus })

export const PedidosRecompensaQuery = v.object({
  status: v.optional(v.picklist(STATUS_PEDIDO_RECOMPENSA, 'Escolha uma das situações: solicitado, separado, entregue ou cancelado.')),
  ...Paging,
})

/** A reward order as the staff sees it. */
export const PedidoRecompensaGestao = v.object({ ...PedidoRecompensa.entries, aluno: Person })
export type PedidoRecompensaGestao = v.InferOutput<typeof PedidoRecompensaGestao>

export const PedidosRecompensaPage = v.object({
  items: v.array(PedidoRecompensaGestao),
  total: Points,
  /** How many orders are in each status, whatever the filter. */
  por_status: v.array(v.object({ status: PedidoRecompensaStatus, total: Points })),
})
export type PedidosRecompensaPage = v.InferOutput<typeof PedidosRecompensaPage>

/**
 * A move of a reward order: `de` the status the manager saw, `para` solicitado → separado
 * → entregue, or cancelado from solicitado or separado (the points go back once).
 */
export const MoverPedidoRecompensaBody = v.object({
  de: v.picklist(['solicitado', 'separado'], 'Informe a situação atual do pedido: solicitado ou separado.'),
  para: v.picklist(['separado', 'entregue', 'cancelado'], 'Informe a próxima situação do pedido: separado, entregue ou cancelado.'),
})

export const REWARD_NAME_MAX_LENGTH = 120
export const REWARD_DESCRIPTION_MAX_LENGTH = 1000
const RewardImage = v.nullable(
  v.pipe(Text(500), v.trim(), v.regex(/^(https:\/\/\S+|\/\S*)$/, 'Informe um endereço https:// ou um caminho começando com /.')),
)
const Cost = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000))
const Stock = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000))

/** A new reward of the catalogue. */
export const RecompensaBody = v.object({
  nome: RequiredText(REWARD_NAME_MAX_LENGTH),
  descricao: v.pipe(Text(REWARD_DESCRIPTION_MAX_LENGTH), v.trim()),
  imagem: v.optional(RewardImage, null),
  custo: Cost,
  estoque: Stock,
  ativo: v.optional(v.boolean(), true),
})

/** An edit: only the fields sent change (stock included, as an absolute number). */
export const RecompensaEditBody = v.object({
  nome: v.optional(RequiredText(REWARD_NAME_MAX_LENGTH)),
  descricao: v.optional(v.pipe(Text(REWARD_DESCRIPTION_MAX_LENGTH), v.trim())),
  imagem: v.optional(RewardImage),
  custo: v.optional(Cost),
  estoque: v.optional(Stock),
  ativo: v.optional(v.boolean()),
})
