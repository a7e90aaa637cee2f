import type { FastifyInstance, FastifyRequest } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import { KNN_USA_TEXTS } from '../../../src/contract/endpoints/knn-usa.ts'
import {
  documentosExigidos,
  menorNaViagem,
  passaporteValidoNaViagem,
  STATUS_REQUEST_USA_NOMES,
  type DocumentoExigido,
  type DocumentoUsa,
  type KnnUsaRequest,
  type KnnUsaRequestGestao,
  type StatusRequestUsa,
  type TipoDocumentoUsa,
  type TurmaUsa,
} from '../../../src/contract/schemas/knn-usa.ts'
import { ratePerUnit } from '../cambio/conversion.ts'
import * as overseasStudyRepo from './repository.ts'
import * as paymentsRepo from '../payments/repository.ts'
import { paymentFlows, type TargetTexts } from '../payments/routes.ts'
import { contractRoute, type FileAnswer, type HandlerContext } from '../../http/contract-route.ts'
import { HttpError, notFound, validationFailed, type ValidationIssue } from '../../http/errors.ts'
import type { StoredFile } from '../../http/multipart-body.ts'
import { brazilDate } from '../../http/tmz.ts'

/** The kinds of `GET /knn-usa/request/document/` (D28). */
export const REQUIRED_DOCUMENTS: readonly DocumentoExigido[] = [
  {
    tipo: 'passaporte',
    nome: 'Passaporte',
    descricao: 'A página de identificação do passaporte (com foto, número e validade), legível, em PDF ou foto.',
    somente_menores: false,
  },
  {
    tipo: 'autorizacao_viagem',
    nome: 'Autorização de viagem',
    descricao:
      'Autorização de viagem de menor para o exterior assinada pelos responsáveis com firma reconhecida (ou a autorização no passaporte), em PDF ou foto.',
    somente_menores: true,
  },
]
const documentName = (tipo: TipoDocumentoUsa) => REQUIRED_DOCUMENTS.find((doc) => doc.tipo === tipo)!.nome.toLowerCase()

/** What each move is called in a 409 ("não é possível …"). */
const MOVE_TEXTS = {
  excluir: 'excluí-la',
  reenviar: 'reenviar documentos (a escola não pediu nenhum)',
  aprovar: 'aprová-la',
  pedirDocumentos: 'pedir documentos',
  cancelar: 'cancelá-la',
} as const

const forbidden = (status: StatusRequestUsa, move: string) =>
  new HttpError(409, KNN_USA_TEXTS.transicao(STATUS_REQUEST_USA_NOMES[status], move))

/** A class with its seats left and the price in reais at today's rate (no IOF). */
export function toTurmaUsa(turma: overseasStudyRepo.ClassWithSeats): TurmaUsa {
  const rate = turma.taxaMilionesimos
  return {
    id: turma.id,
    programa: turma.programa,
    nome: turma.nome,
    cidade: turma.cidade,
    data_ida: turma.dataIda,
    data_volta: turma.dataVolta,
    vagas: turma.vagas,
    vagas_restantes: Math.max(0, turma.vagas - turma.ocupadas),
    preco: turma.precoCentavos,
    moeda: turma.moeda,
    estimativa_reais: overseasStudyRepo.priceInReais(turma.moeda, turma.precoCentavos, rate),
    taxa: rate ? ratePerUnit(rate) : null,
    taxa_data: turma.taxaData,
  }
}

function toDocumento(doc: overseasStudyRepo.KnnUsaDocumentoRow): DocumentoUsa {
  return {
    id: doc.id,
    tipo: doc.tipo,
    nome: doc.nome,
    tipo_midia: doc.tipoMidia,
    tamanho: doc.tamanho,
    status: doc.status,
    motivo: doc.motivo,
    enviado_em: doc.createdAt.toISOString(),
  }
}

export function toKnnUsaRequest(request: overseasStudyRepo.RequestWithDocuments): KnnUsaRequest {
  return {
    id: request.id,
    turma_id: request.turmaId,
    programa: request.programa,
    status: request.status,
    passaporte_numero: request.passaporteNumero,
    passaporte_validade: request.passaporteValidade,
    data_nascimento: request.dataNascimento,
    menor: request.menor,
    responsavel_nome: request.responsavelNome,
    responsavel_cpf: request.responsavelCpf,
    documentos: request.documentos.map(toDocumento),
    pendencia:
      request.pendenciaTipos && request.pendenciaMotivo ? { tipos: request.pendenciaTipos, motivo: request.pendenciaMotivo } : null,
    motivo_cancelamento: request.motivoCancelamento,
    criado_em: request.createdAt.toISOString(),
    atualizado_em: request.atualizadoEm.toISOString(),
    pago_em: request.pagoEm?.toISOString() ?? null,
    valor_pago: request.valorPagoCentavos,
  }
}

const asStatus = (value: unknown): StatusRequestUsa | null =>
  typeof value === 'object' && value !== null && typeof (value as { status?: unknown }).status === 'string'
    ? ((value as { status: StatusRequestUsa }).status ?? null)
    : null

function toGestao(request: overseasStudyRepo.RequestForStaff): KnnUsaRequestGestao {
  return {
    ...toKnnUsaRequest(request),
    aluno: request.aluno,
    turma: {
      id: request.turma.id,
      nome: request.turma.nome,
      cidade: request.turma.cidade,
      data_ida: request.turma.dataIda,
      data_volta: request.turma.dataVolta,
    },
    historico: request.historico.map((entry) => {
      const motivo = (entry.after as { motivo?: unknown } | null)?.motivo
      return {
        acao: entry.acao,
        gestor: entry.gestor,
        em: entry.em.toISOString(),
        de: asStatus(entry.before),
        para: asStatus(entry.after),
        motivo: typeof motivo === 'string' ? motivo : null,
      }
    }),
  }
}

/** Pairs `documentos[i]` with `files[i]`; 422 when the counts differ or a kind repeats. */
function pairDocuments(loc: string, tipos: TipoDocumentoUsa[], files: readonly StoredFile[]) {
  if (tipos.length !== files.length) {
    throw validationFailed([{ loc: ['body', 'files'], msg: KNN_USA_TEXTS.arquivosDocumentos, type: 'value_error' }])
  }
  if (new Set(tipos).size !== tipos.length) {
    throw validationFailed([{ loc: ['body', loc, 'documentos'], msg: KNN_USA_TEXTS.documentoRepetido, type: 'value_error' }])
  }
  return tipos.map((tipo, index) => ({ tipo, file: files[index]! }))
}

/** Today in Brazil: the day a class "has departed" from (its data_ida on or before it). */
const today = () => brazilDate(new Date())

const paymentTarget = (id: number): paymentsRepo.PaymentTarget => ({ tipo: 'knnUsa', id })

const KNN_USA_TARGET: TargetTexts = {
  notFound: KNN_USA_TEXTS.requestNotFound,
  alreadyPaid: KNN_USA_TEXTS.jaPaga,
  closed: KNN_USA_TEXTS.naoAprovada,
}

/** What the handlers share: the database, the file storage and the payments' flows. */
interface Area {
  db: FastifyInstance['db']['orm']
  storage: FastifyInstance['fileStorage']
  payments: ReturnType<typeof paymentFlows>
}

/** Deletes the bytes of documents whose rows are gone (after the commit): a failure leaves unreachable bytes, never a row without them. */
async function deleteDocumentFiles({ storage }: Area, keys: string[], request: FastifyRequest) {
  await Promise.all(
    keys.map((key) => storage.delete(key).catch((error: unknown) => request.log.error({ err: error }, 'knn-usa document not deleted'))),
  )
}

function changeOrThrow(result: overseasStudyRepo.ChangeResult, move: keyof typeof MOVE_TEXTS) {
  switch (result.kind) {
    case 'notFound':
      throw notFound(KNN_USA_TEXTS.requestNotFound)
    case 'forbidden':
      if (move === 'excluir' && result.current === 'pago') throw new HttpError(409, KNN_USA_TEXTS.pagaNaoExclui)
      throw forbidden(result.current, MOVE_TEXTS[move])
    case 'stale':
      throw new HttpError(409, KNN_USA_TEXTS.alteradaPorOutro)
    case 'documentos': {
      const issues: ValidationIssue[] = []
      if (result.missing.length > 0) {
        const nomes = result.missing.map(documentName).join(', ')
        issues.push({ loc: ['body', 'files'], msg: KNN_USA_TEXTS.documentosFaltando(nomes), type: 'missing' })
      }
      for (const tipo of result.notAsked) {
        issues.push({
          loc: ['body', 'knn_usa_resend_in', 'documentos'],
          msg: KNN_USA_TEXTS.documentoNaoPedido(documentName(tipo)),
          type: 'value_error',
        })
      }
      throw validationFailed(issues)
    }
    case 'changed':
      return result
  }
}

async function classes({ db }: Area, { query }: HandlerContext<typeof contract.knnUsaTurmas>) {
  return (await overseasStudyRepo.classes(db, query.programa, today())).map(toTurmaUsa)
}

async function classFromRequest({ db }: Area, { caller }: HandlerContext<typeof contract.knnUsaTurmaFromRequest>) {
  const request = await overseasStudyRepo.forUser(db, caller.id).latest()
  if (!request) return null
  return toTurmaUsa((await overseasStudyRepo.classById(db, request.turmaId))!)
}

async function books({ db }: Area, { query }: HandlerContext<typeof contract.knnUsaLivros>) {
  return (await overseasStudyRepo.books(db, { programa: query.programa, turmaId: query.turma_id })).map((livro) => ({
    id: livro.id,
    turma_id: livro.turmaId,
    titulo: livro.titulo,
    descricao: livro.descricao,
  }))
}

const documentKinds = async () => [...REQUIRED_DOCUMENTS]

async function ownRequest({ db }: Area, { caller }: HandlerContext<typeof contract.knnUsaMinhaRequest>) {
  const request = await overseasStudyRepo.forUser(db, caller.id).latest()
  return request ? toKnnUsaRequest(request) : null
}

async function createRequest({ db }: Area, { caller, body, files, reply }: HandlerContext<typeof contract.knnUsaCriarRequest>) {
  const input = body.knn_usa_request_in
  const turma = await overseasStudyRepo.classById(db, input.turma_id)
  if (!turma) throw notFound(KNN_USA_TEXTS.turmaNotFound)
  const loc = (field: string) => ['body', 'knn_usa_request_in', field]
  const issues: ValidationIssue[] = []
  if (input.data_nascimento >= turma.dataIda) {
    issues.push({ loc: loc('data_nascimento'), msg: KNN_USA_TEXTS.nascimentoFuturo, type: 'value_error' })
  }
  if (!passaporteValidoNaViagem(input.passaporte_validade, turma.dataVolta)) {
    const volta = turma.dataVolta.split('-').reverse().join('/')
    issues.push({ loc: loc('passaporte_validade'), msg: KNN_USA_TEXTS.passaporteVencido(volta), type: 'value_error' })
  }
  const menor = menorNaViagem(input.data_nascimento, turma.dataIda)
  const responsavelNome = input.responsavel_nome || null
  const responsavelCpf = input.responsavel_cpf || null
  if (menor && !responsavelNome) issues.push({ loc: loc('responsavel_nome'), msg: KNN_USA_TEXTS.responsavelNome, type: 'missing' })
  if (menor && !responsavelCpf) issues.push({ loc: loc('responsavel_cpf'), msg: KNN_USA_TEXTS.responsavelCpf, type: 'missing' })
  const required = documentosExigidos(input.data_nascimento, turma.dataIda)
  const missing = required.filter((tipo) => !input.documentos.includes(tipo))
  if (missing.length > 0) {
    issues.push({
      loc: ['body', 'files'],
      msg: KNN_USA_TEXTS.documentosFaltando(missing.map(documentName).join(', ')),
      type: 'missing',
    })
  }
  for (const tipo of input.documentos.filter((tipo) => !required.includes(tipo))) {
    issues.push({ loc: loc('documentos'), msg: KNN_USA_TEXTS.documentoNaoPedido(documentName(tipo)), type: 'value_error' })
  }
  if (issues.length > 0) throw validationFailed(issues)
  const documentos = pairDocuments('knn_usa_request_in', input.documentos, files.files)

  const result = await overseasStudyRepo.forUser(db, caller.id).create(
    {
      turmaId: turma.id,
      passaporteNumero: input.passaporte_numero,
      passaporteValidade: input.passaporte_validade,
      dataNascimento: input.data_nascimento,
      menor,
      responsavelNome,
      responsavelCpf,
      documentos,
    },
    today(),
    new Date(),
  )
  // Any refusal throws, and contractRoute deletes the files just stored.
  switch (result.kind) {
    case 'not-found':
      throw notFound(KNN_USA_TEXTS.turmaNotFound)
    case 'departed':
      throw new HttpError(409, KNN_USA_TEXTS.turmaPartiu)
    case 'full':
      throw new HttpError(409, KNN_USA_TEXTS.semVagas)
    case 'open-exists':
      throw new HttpError(409, KNN_USA_TEXTS.requestAberta)
    case 'created':
      reply.code(201)
      return toKnnUsaRequest(result.request)
  }
}

async function deleteRequest(area: Area, { caller, params, request }: HandlerContext<typeof contract.knnUsaExcluirRequest>) {
  const { db } = area
  const { request: row, keysToDelete } = changeOrThrow(
    await overseasStudyRepo.forUser(db, caller.id).delete(params.id, new Date()),
    'excluir',
  )
  await deleteDocumentFiles(area, keysToDelete, request)
  return toKnnUsaRequest(row)
}

async function resendDocuments({ db }: Area, { caller, params, body, files }: HandlerContext<typeof contract.knnUsaReenviarDocumentos>) {
  const documentos = pairDocuments('knn_usa_resend_in', body.knn_usa_resend_in.documentos, files.files)
  const result = await overseasStudyRepo.forUser(db, caller.id).resendDocuments(params.id, documentos, new Date())
  return toKnnUsaRequest(changeOrThrow(result, 'reenviar').request)
}

async function documentFile(
  { db, storage }: Area,
  { caller, params, request }: HandlerContext<typeof contract.knnUsaDocumento>,
): Promise<FileAnswer> {
  const doc =
    caller.role === 'manager'
      ? await overseasStudyRepo.forStaff(db, caller.id).document(params.id, params.x)
      : await overseasStudyRepo.forUser(db, caller.id).document(params.id, params.x)
  if (!doc) throw notFound(KNN_USA_TEXTS.documentoNotFound)
  const bytes = await storage.get(doc.chave)
  if (!bytes) {
    request.log.error({ key: doc.chave }, 'stored file missing')
    throw notFound(KNN_USA_TEXTS.documentoNotFound)
  }
  return { body: bytes, type: doc.tipoMidia, name: doc.nome, size: doc.tamanho, sha256: doc.sha256 }
}

/** The caller's request ready to pay: 404 not theirs; 409 cancelled or without a rate (the rest is the payments' flow). */
async function payable({ db }: Area, userId: number, id: number) {
  const request = await overseasStudyRepo.forUser(db, userId).request(id)
  if (!request) throw notFound(KNN_USA_TEXTS.requestNotFound)
  if (request.status === 'cancelado') throw forbidden('cancelado', 'pagá-la')
  if (request.status === 'aprovado') {
    const target = await paymentsRepo.forUser(db, userId).target(paymentTarget(id))
    if (target && target.valorCentavos === 0) throw new HttpError(409, KNN_USA_TEXTS.semTaxa)
  }
  return request
}

async function payment({ db, payments }: Area, { caller, params }: HandlerContext<typeof contract.knnUsaPagamento>) {
  const request = await overseasStudyRepo.forUser(db, caller.id).request(params.id)
  if (!request) throw notFound(KNN_USA_TEXTS.requestNotFound)
  const turma = (await overseasStudyRepo.classById(db, request.turmaId))!
  const rate = turma.taxaMilionesimos
  const valor = overseasStudyRepo.priceInReais(turma.moeda, turma.precoCentavos, rate)
  return {
    request_id: request.id,
    status: request.status,
    preco: turma.precoCentavos,
    moeda: turma.moeda,
    taxa: rate ? ratePerUnit(rate) : null,
    taxa_data: turma.taxaData,
    valor_reais: valor,
    // The card form's plans, as the payments' flow splits them, while it can be paid.
    planos:
      valor !== null && request.status === 'aprovado'
        ? (await payments.cardOptions(caller.id, paymentTarget(request.id), KNN_USA_TARGET)).planos
        : [],
    pago_em: request.pagoEm?.toISOString() ?? null,
    valor_pago: request.valorPagoCentavos,
  }
}

async function payByPix(area: Area, { caller, body }: HandlerContext<typeof contract.knnUsaPagarPix>) {
  await payable(area, caller.id, body.request_id)
  return area.payments.pix(caller.id, paymentTarget(body.request_id), KNN_USA_TARGET)
}

async function payByCard(area: Area, { caller, body, request, reply }: HandlerContext<typeof contract.knnUsaPagarCartao>) {
  await payable(area, caller.id, body.request_id)
  return area.payments.card(caller.id, paymentTarget(body.request_id), KNN_USA_TARGET, body, request, reply)
}

// The managers' review (D31): online only, each move audited in its transaction.
async function staffRequests({ db }: Area, { caller, query }: HandlerContext<typeof contract.knnUsaGestaoRequests>) {
  const page = await overseasStudyRepo.forStaff(db, caller.id).list({
    status: query.status,
    programa: query.programa,
    limit: query.limit ?? 50,
    offset: query.offset ?? 0,
  })
  return { items: page.items.map(toGestao), total: page.total, por_status: page.porStatus }
}

async function staffRequest({ db }: Area, { caller, params }: HandlerContext<typeof contract.knnUsaGestaoRequest>) {
  const request = await overseasStudyRepo.forStaff(db, caller.id).request(params.id)
  if (!request) throw notFound(KNN_USA_TEXTS.requestNotFound)
  return toGestao(request)
}

const asStaffView = (result: overseasStudyRepo.ChangeResult, move: keyof typeof MOVE_TEXTS) =>
  toGestao(changeOrThrow(result, move).request as overseasStudyRepo.RequestForStaff)

async function approve({ db }: Area, { caller, params, body }: HandlerContext<typeof contract.knnUsaAprovar>) {
  return asStaffView(await overseasStudyRepo.forStaff(db, caller.id).approve(params.id, body.de, new Date()), 'aprovar')
}

async function askDocuments({ db }: Area, { caller, params, body }: HandlerContext<typeof contract.knnUsaPedirDocumentos>) {
  const staff = overseasStudyRepo.forStaff(db, caller.id)
  const current = await staff.request(params.id)
  if (!current) throw notFound(KNN_USA_TEXTS.requestNotFound)
  // Only kinds the request takes: a passport, and a minor's travel authorisation.
  const accepted: TipoDocumentoUsa[] = current.menor ? ['passaporte', 'autorizacao_viagem'] : ['passaporte']
  const others = body.tipos.filter((tipo) => !accepted.includes(tipo))
  if (others.length > 0) {
    throw validationFailed(
      others.map((tipo) => ({
        loc: ['body', 'tipos'],
        msg: KNN_USA_TEXTS.documentoNaoSeAplica(documentName(tipo)),
        type: 'value_error',
      })),
    )
  }
  return asStaffView(await staff.askDocuments(params.id, body.de, body.tipos, body.motivo, new Date()), 'pedirDocumentos')
}

async function cancel(area: Area, { caller, params, body, request }: HandlerContext<typeof contract.knnUsaCancelar>) {
  const { db } = area
  const result = changeOrThrow(
    await overseasStudyRepo.forStaff(db, caller.id).cancel(params.id, body.de, body.motivo, new Date()),
    'cancelar',
  )
  await deleteDocumentFiles(area, result.keysToDelete, request)
  return toGestao(result.request as overseasStudyRepo.RequestForStaff)
}

/** KNN Orlando and London by Phenom (issue 14, SPEC §7 knn-usa, D28, D29, D31): one handler per endpoint, above. */
export default async function knnUsaRoutes(app: FastifyInstance) {
  const area: Area = { db: app.db.orm, storage: app.fileStorage, payments: paymentFlows(app) }
  contractRoute(app, contract.knnUsaTurmas, (context) => classes(area, context))
  contractRoute(app, contract.knnUsaTurmaFromRequest, (context) => classFromRequest(area, context))
  contractRoute(app, contract.knnUsaLivros, (context) => books(area, context))
  contractRoute(app, contract.knnUsaDocumentos, documentKinds)
  contractRoute(app, contract.knnUsaMinhaRequest, (context) => ownRequest(area, context))
  contractRoute(app, contract.knnUsaCriarRequest, (context) => createRequest(area, context))
  contractRoute(app, contract.knnUsaExcluirRequest, (context) => deleteRequest(area, context))
  contractRoute(app, contract.knnUsaReenviarDocumentos, (context) => resendDocuments(area, context))
  contractRoute(app, contract.knnUsaDocumento, (context) => documentFile(area, context))
  contractRoute(app, contract.knnUsaPagamento, (context) => payment(area, context))
  contractRoute(app, contract.knnUsaPagarPix, (context) => payByPix(area, context))
  contractRoute(app, contract.knnUsaPagarCartao, (context) => payByCard(area, context))
  contractRoute(app, contract.knnUsaGestaoRequests, (context) => staffRequests(area, context))
  contractRoute(app, contract.knnUsaGestaoRequest, (context) => staffRequest(area, context))
  contractRoute(app, contract.knnUsaAprovar, (context) => approve(area, context))
  contractRoute(app, contract.knnUsaPedirDocumentos, (context) => askDocuments(area, context))
  contractRoute(app, contract.knnUsaCancelar, (context) => cancel(area, context))
}
