import * as v from 'valibot'
import { checkBirthDateOn, parseIsoDate } from '../validation/age.ts'
import { isValidCpf } from '../validation/cpf.ts'
import { BodyId, Cents, IdParam, IntQuery, IsoDate, IsoDateTime, MultilineText, RequiredText, Text } from './common.ts'
import { REQUIRED_MESSAGE } from './messages.ts'
import { PagamentoCartaoPedidoIn } from './pagamento.ts'
import { PlanoParcelas } from './pre-invoice.ts'

/**
 * KNN Orlando and London by Phenom (issue 14, D28, D29): overseas-study classes,
 * a student's request with its documents, the school's review and the payment in reais at
 * the câmbio rate of the day. Money is integer cents of its currency.
 */

/** Orlando is the knn brand's programme, London the phenom brand's (D29); both open on both hosts. */
export const PROGRAMAS_USA = ['orlando', 'london'] as const
export const ProgramaUsa = v.picklist(PROGRAMAS_USA, 'Escolha o programa: orlando ou london.')
export type ProgramaUsa = v.InferOutput<typeof ProgramaUsa>

/** A class's price currency: US$ for Orlando, £ for London (D29). */
export const MoedaUsa = v.picklist(['USD', 'GBP'])
export type MoedaUsa = v.InferOutput<typeof MoedaUsa>

/** A book used in an overseas class (`GET /knn-usa/turmas/livros/`). */
export const LivroUsa = v.object({
  id: v.number(),
  turma_id: v.number(),
  titulo: v.string(),
  descricao: v.string(),
})
export type LivroUsa = v.InferOutput<typeof LivroUsa>

/** An overseas class as the programme page shows it. */
export const TurmaUsa = v.object({
  id: v.number(),
  programa: ProgramaUsa,
  nome: v.string(),
  cidade: v.string(),
  /** Departure and return days (the underage rule and the passport's expiry are judged against these). */
  data_ida: IsoDate,
  data_volta: IsoDate,
  vagas: v.number(),
  /** Seats no request holds yet (a request holds one from sending until cancelled). */
  vagas_restantes: v.number(),
  /** Price in cents of `moeda`. */
  preco: Cents,
  moeda: MoedaUsa,
  /** The price in reais at today's câmbio rate (no IOF); null when no rate is registered. */
  estimativa_reais: v.nullable(Cents),
  /** Reais per unit of `moeda` and the day of that rate; null with no rate. */
  taxa: v.nullable(v.number()),
  taxa_data: v.nullable(IsoDate),
})
export type TurmaUsa = v.InferOutput<typeof TurmaUsa>

export const TurmasUsaQuery = v.object({
  /** Only the classes of one programme (the Orlando page asks `orlando`, London's `london`); absent: both. */
  programa: v.optional(ProgramaUsa),
})

export const LivrosUsaQuery = v.object({
  programa: v.optional(ProgramaUsa),
  turma_id: v.optional(IdParam),
})

/** The documents the school asks for (D28): a passport always, a travel authorisation from a minor. */
export const TIPOS_DOCUMENTO_USA = ['passaporte', 'autorizacao_viagem'] as const
export const TipoDocumentoUsa = v.picklist(TIPOS_DOCUMENTO_USA, 'Tipo de documento desconhecido: passaporte ou autorizacao_viagem.')
export type TipoDocumentoUsa = v.InferOutput<typeof TipoDocumentoUsa>

/** One kind of document of `GET /knn-usa/request/document/`. */
export const DocumentoExigido = v.object({
  tipo: TipoDocumentoUsa,
  nome: v.string(),
  descricao: v.string(),
  /** Asked only when the student is under 18 on the departure day (SPEC §5, `menorNaViagem`). */
  somente_menores: v.boolean(),
})
export type DocumentoExigido = v.InferOutput<typeof DocumentoExigido>

/**
 * D28's lifecycle: em_analise → documentos_pendentes (the school names which) → em_analise
 * (the student sent them) → aprovado → pago; cancelado from any but pago.
 */
export const STATUS_REQUEST_USA = ['em_analise', 'documentos_pendentes', 'aprovado', 'pago', 'cancelado'] as const
export const StatusRequestUsa = v.picklist(STATUS_REQUEST_USA, 'Situação desconhecida.')
export type StatusRequestUsa = v.InferOutput<typeof StatusRequestUsa>

/** How each status is named to a person. */
export const STATUS_REQUEST_USA_NOMES: Readonly<Record<StatusRequestUsa, string>> = {
  em_analise: 'Em análise',
  documentos_pendentes: 'Documentos pendentes',
  aprovado: 'Aprovado',
  pago: 'Pago',
  cancelado: 'Cancelado',
}

/** Who moves a request where: the server's rule, for the screens to offer only these. */
export const TRANSICOES_REQUEST_USA = {
  pedirDocumentos: { de: ['em_analise'], para: 'documentos_pendentes' },
  reenviarDocumentos: { de: ['documentos_pendentes'], para: 'em_analise' },
  aprovar: { de: ['em_analise'], para: 'aprovado' },
  pagar: { de: ['aprovado'], para: 'pago' },
  cancelar: { de: ['em_analise', 'documentos_pendentes', 'aprovado'], para: 'cancelado' },
} as const satisfies Record<string, { de: readonly StatusRequestUsa[]; para: StatusRequestUsa }>
export type TransicaoRequestUsa = keyof typeof TRANSICOES_REQUEST_USA

export function podeTransicionar(transicao: TransicaoRequestUsa, status: StatusRequestUsa): boolean {
  return (TRANSICOES_REQUEST_USA[transicao].de as readonly StatusRequestUsa[]).includes(status)
}

/**
 * SPEC §5 judged on the departure day (D28): under 18 full years on `dataIda`. Both dates
 * YYYY-MM-DD; a birth date that is not a real date, or after the departure, is not a minor's
 * (the body's schema refuses it before).
 */
export function menorNaViagem(dataNascimento: string, dataIda: string): boolean {
  const ida = parseIsoDate(dataIda)
  if (!ida) return false
  const check = checkBirthDateOn(dataNascimento, ida)
  return check.valid && check.underage
}

/** The passport must be valid after the return day (D28): its expiry strictly later than `dataVolta`. */
export function passaporteValidoNaViagem(validade: string, dataVolta: string): boolean {
  return validade > dataVolta
}

/** The kinds a request to a class departing `dataIda` needs from a student born `dataNascimento`. */
export function documentosExigidos(dataNascimento: string, dataIda: string): TipoDocumentoUsa[] {
  return menorNaViagem(dataNascimento, dataIda) ? ['passaporte', 'autorizacao_viagem'] : ['passaporte']
}

const RealDate = v.pipe(
  Text(10),
  v.minLength(1, REQUIRED_MESSAGE),
  v.check((value) => parseIsoDate(value) !== undefined, 'Informe uma data válida (AAAA-MM-DD).'),
)

/** Passport numbers: 5–20 letters and digits (Brazil's are 2 letters + 6 digits), upper-cased. */
const PassaporteNumero = v.pipe(
  Text(20),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z0-9]{5,20}$/, 'Informe o número do passaporte: de 5 a 20 letras e números, sem espaços.'),
)

/** `knn_usa_request_in` (a JSON text field of the multipart body), as parsed. */
export const KnnUsaRequestIn = v.object({
  turma_id: BodyId,
  passaporte_numero: PassaporteNumero,
  passaporte_validade: RealDate,
  /** The student's birth date: the underage rule is judged with it on the class's departure day. */
  data_nascimento: RealDate,
  /** Required when a minor on the departure day (422 otherwise), ignored for an adult. */
  responsavel_nome: v.optional(v.nullable(v.pipe(Text(150), v.trim())), null),
  responsavel_cpf: v.optional(
    v.nullable(
      v.pipe(
        Text(14),
        v.transform((value) => value.replace(/\D/g, '')),
        v.check((value) => value === '' || isValidCpf(value), 'CPF inválido'),
      ),
    ),
    null,
  ),
  /** The kind of each `files` part, in the order the files are sent: `documentos[i]` names `files[i]`. */
  documentos: v.pipe(v.array(TipoDocumentoUsa), v.minLength(1, 'Envie pelo menos o passaporte.'), v.maxLength(TIPOS_DOCUMENTO_USA.length)),
})
export type KnnUsaRequestIn = v.InferOutput<typeof KnnUsaRequestIn>

/** A JSON text field parsed with `schema`: invalid JSON is a field error, not a 500. */
function JsonField<T extends v.GenericSchema>(schema: T, example: string) {
  return v.pipe(
    Text(4000),
    // A valid value, for the generated contract tests to send (server/test/contract-cases.ts).
    v.examples([example]),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        return JSON.parse(dataset.value) as unknown
      } catch {
        addIssue({ message: 'JSON inválido' })
        return NEVER
      }
    }),
    schema,
  )
}

/** The multipart body's text field of `POST /knn-usa/request/`. */
export const KnnUsaRequestBody = v.object({
  knn_usa_request_in: JsonField(
    KnnUsaRequestIn,
    '{"turma_id":1,"passaporte_numero":"FZ123456","passaporte_validade":"2036-01-01","data_nascimento":"2000-01-01","documentos":["passaporte"]}',
  ),
})

/** `knn_usa_resend_in` of `PATCH …/resend-document/`: the kind of each `files` part, in order. */
export const KnnUsaResendIn = v.object({
  documentos: v.pipe(v.array(TipoDocumentoUsa), v.minLength(1, 'Envie pelo menos um documento.'), v.maxLength(TIPOS_DOCUMENTO_USA.length)),
})
export const KnnUsaResendBody = v.object({
  knn_usa_resend_in: JsonField(KnnUsaResendIn, '{"documentos":["passaporte"]}'),
})

/** enviado: waiting for or passed the review; reenviar: the school asked it again (with `motivo`); substituido: an older copy. */
export const StatusDocumentoUsa = v.picklist(['enviado', 'reenviar', 'substituido'])
export type StatusDocumentoUsa = v.InferOutput<typeof StatusDocumentoUsa>

/** A document of a request (its bytes: `GET /knn-usa/request/{id}/document/{x}/`). */
export const DocumentoUsa = v.object({
  id: v.number(),
  tipo: TipoDocumentoUsa,
  /** The file's name as sent. */
  nome: v.string(),
  tipo_midia: v.string(),
  tamanho: v.number(),
  status: StatusDocumentoUsa,
  /** Why the school asked it again (status reenviar). */
  motivo: v.nullable(v.string()),
  enviado_em: IsoDateTime,
})
export type DocumentoUsa = v.InferOutput<typeof DocumentoUsa>

/** A student's request (the student's own view: `GET /knn-usa/request/me/`). */
export const KnnUsaRequest = v.object({
  id: v.number(),
  turma_id: v.number(),
  programa: ProgramaUsa,
  status: StatusRequestUsa,
  passaporte_numero: v.string(),
  passaporte_validade: IsoDate,
  data_nascimento: IsoDate,
  /** Under 18 on the departure day: the guardian's fields and the travel authorisation were required. */
  menor: v.boolean(),
  responsavel_nome: v.nullable(v.string()),
  responsavel_cpf: v.nullable(v.string()),
  /** The current documents (older copies replaced by a resend are not listed). */
  documentos: v.array(DocumentoUsa),
  /** While documentos_pendentes: which kinds the school asked again and why. */
  pendencia: v.nullable(v.object({ tipos: v.array(TipoDocumentoUsa), motivo: v.string() })),
  /** Why it was cancelled (the school's reason, or "Excluída pelo aluno."). */
  motivo_cancelamento: v.nullable(v.string()),
  criado_em: IsoDateTime,
  atualizado_em: IsoDateTime,
  pago_em: v.nullable(IsoDateTime),
  /** What was paid, in reais (the câmbio of the payment's day). */
  valor_pago: v.nullable(Cents),
})
export type KnnUsaRequest = v.InferOutput<typeof KnnUsaRequest>

/** `GET /knn-usa/payment/{id}/` (`{id}` the request): what paying it costs today and how. */
export const PagamentoUsa = v.object({
  request_id: v.number(),
  status: StatusRequestUsa,
  preco: Cents,
  moeda: MoedaUsa,
  /** Reais per unit and its day (the payment's when paid). */
  taxa: v.nullable(v.number()),
  taxa_data: v.nullable(IsoDate),
  /** The price in reais at that rate (no IOF): what a Pix or a card charges; null without a rate. */
  valor_reais: v.nullable(Cents),
  /** Card instalments offered, 1–10, each split in cents (the last absorbs the rounding). */
  planos: v.array(PlanoParcelas),
  pago_em: v.nullable(IsoDateTime),
  valor_pago: v.nullable(Cents),
})
export type PagamentoUsa = v.InferOutput<typeof PagamentoUsa>

/** Card instalments a request can be paid in (D28). */
export const KNN_USA_MAX_PARCELAS = 10

/** `POST /knn-usa/payment/`: a Pix charge of the approved request. */
export const PagamentoUsaPixIn = v.object({ request_id: BodyId })

/** `PUT /knn-usa/payment/`: the card (as an order's) and 1–10 card instalments. */
export const PagamentoUsaCartaoIn = v.object({
  ...PagamentoCartaoPedidoIn.entries,
  parcelas: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(1, 'Escolha pelo menos 1 parcela.'),
    v.maxValue(KNN_USA_MAX_PARCELAS, `Escolha no máximo ${KNN_USA_MAX_PARCELAS} parcelas.`),
  ),
  request_id: BodyId,
})
export type PagamentoUsaCartaoIn = v.InferOutput<typeof PagamentoUsaCartaoIn>

/** The managers' list: one status (all when absent), one programme, paged; oldest first. */
export const KNN_USA_PAGE_MAX = 100
export const KnnUsaRequestsQuery = v.object({
  status: v.optional(StatusRequestUsa),
  programa: v.optional(ProgramaUsa),
  limit: v.optional(v.pipe(IntQuery, v.minValue(1), v.maxValue(KNN_USA_PAGE_MAX))),
  offset: v.optional(IntQuery),
})

/** An audit entry of a request (D31): who, when, what, before → after. */
export const HistoricoUsa = v.object({
  acao: v.string(),
  gestor: v.nullable(v.string()),
  em: IsoDateTime,
  de: v.nullable(StatusRequestUsa),
  para: v.nullable(StatusRequestUsa),
  motivo: v.nullable(v.string()),
})

/** A request as the school's staff sees it. */
export const KnnUsaRequestGestao = v.object({
  ...KnnUsaRequest.entries,
  aluno: v.object({ id: v.number(), nome: v.nullable(v.string()), email: v.nullable(v.string()) }),
  turma: v.object({ id: v.number(), nome: v.string(), cidade: v.string(), data_ida: IsoDate, data_volta: IsoDate }),
  /** The managers' actions on it, oldest first (empty in the list). */
  historico: v.array(HistoricoUsa),
})
export type KnnUsaRequestGestao = v.InferOutput<typeof KnnUsaRequestGestao>

export const KnnUsaRequestsPage = v.object({
  items: v.array(KnnUsaRequestGestao),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Requests in each status, whatever the status filter (the programme filter applies): the tabs' counts. */
  por_status: v.array(v.object({ status: StatusRequestUsa, total: v.pipe(v.number(), v.integer(), v.minValue(0)) })),
})
export type KnnUsaRequestsPage = v.InferOutput<typeof KnnUsaRequestsPage>

/** `de`: the status the manager saw; another manager who moved it first makes it a 409. */
export const AprovarRequestBody = v.object({ de: StatusRequestUsa })

export const PedirDocumentosBody = v.object({
  de: StatusRequestUsa,
  tipos: v.pipe(v.array(TipoDocumentoUsa), v.minLength(1, 'Escolha pelo menos um documento.'), v.maxLength(TIPOS_DOCUMENTO_USA.length)),
  motivo: v.pipe(MultilineText(500), v.trim(), v.minLength(3, 'Explique ao aluno o que corrigir (pelo menos 3 caracteres).')),
})

export const CancelarRequestBody = v.object({
  de: StatusRequestUsa,
  motivo: v.pipe(RequiredText(500), v.minLength(3, 'Informe o motivo do cancelamento (pelo menos 3 caracteres).')),
})
