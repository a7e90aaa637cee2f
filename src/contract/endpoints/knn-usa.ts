import * as v from 'valibot'
import { defineEndpoint, type FilePart } from '../define.ts'
import { FileDownload, IdParam } from '../schemas/common.ts'
import {
  AprovarRequestBody,
  CancelarRequestBody,
  DocumentoExigido,
  KnnUsaRequest,
  KnnUsaRequestBody,
  KnnUsaRequestGestao,
  KnnUsaRequestsPage,
  KnnUsaRequestsQuery,
  KnnUsaResendBody,
  LivroUsa,
  LivrosUsaQuery,
  PagamentoUsa,
  PagamentoUsaCartaoIn,
  PagamentoUsaPixIn,
  PedirDocumentosBody,
  TIPOS_DOCUMENTO_USA,
  TurmaUsa,
  TurmasUsaQuery,
} from '../schemas/knn-usa.ts'
import { CobrancaPix, PagamentoCartao } from '../schemas/pagamento.ts'
import { MB } from '../uploads.ts'

/**
 * A document of an overseas-study request (D28): a PDF or a photo (JPEG, PNG, WebP)
 * of up to 10 MB, checked by its first bytes on the server and by the form before
 * sending. `documentos[i]` of the JSON field names the kind of the i-th `files` part.
 */
export const KNN_USA_FILE = {
  maxBytes: 10 * MB,
  mediaTypes: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
  required: true,
  maxCount: TIPOS_DOCUMENTO_USA.length,
} as const satisfies FilePart

/** Texts of the knn-usa endpoints (Portuguese, shown as the server's `detail`). */
export const KNN_USA_TEXTS = {
  turmaNotFound: 'Turma não encontrada',
  requestNotFound: 'Solicitação não encontrada',
  documentoNotFound: 'Documento não encontrado',
  semVagas: 'Não há mais vagas nesta turma.',
  turmaPartiu: 'Esta turma já partiu: escolha outra data.',
  requestAberta: 'Você já tem uma solicitação em andamento. Acompanhe-a ou exclua-a antes de pedir outra.',
  passaporteVencido: (dataVolta: string) => `O passaporte precisa valer até depois da volta (${dataVolta}).`,
  responsavelNome: 'Informe o nome do responsável: você terá menos de 18 anos na data da viagem.',
  responsavelCpf: 'Informe o CPF do responsável: você terá menos de 18 anos na data da viagem.',
  documentosFaltando: (nomes: string) => `Envie também: ${nomes}.`,
  documentoNaoPedido: (nome: string) => `A escola não pediu ${nome}: envie só os documentos pedidos.`,
  documentoNaoSeAplica: (nome: string) => `Esta solicitação não leva ${nome}: o aluno não será menor na viagem.`,
  documentoRepetido: 'Cada documento vai uma vez só.',
  arquivosDocumentos: 'Envie um arquivo para cada documento indicado, na mesma ordem.',
  nascimentoFuturo: 'A data de nascimento não pode ser depois da viagem.',
  transicao: (situacao: string, acao: string) => `Esta solicitação está "${situacao}": não é possível ${acao}.`,
  alteradaPorOutro: 'Esta solicitação mudou desde que você a abriu. Recarregue para ver a situação atual.',
  pagaNaoExclui: 'Esta solicitação já foi paga e não pode ser excluída. Fale com a escola.',
  jaPaga: 'Esta solicitação já está paga.',
  naoAprovada: 'Esta solicitação ainda não foi aprovada: o pagamento abre depois da aprovação da escola.',
  semTaxa: 'Não há taxa de câmbio cadastrada para a moeda desta turma. Tente mais tarde.',
} as const

const requestNotFound = { 404: KNN_USA_TEXTS.requestNotFound } as const
/** `{id}` is one of the caller's requests (another student's: 404). */
const byRequest = { id: 'knnUsaRequest' } as const

/**
 * KNN Orlando and London by Phenom (issue 14, SPEC §7 knn-usa, D28, D29, D31): classes, a student's request with documents, its payment at the câmbio
 * rate of the day, and the school's review (managers, online only, every action audited).
 */
export const knnUsaEndpoints = {
  /** Classes still to depart, by departure; `?programa=orlando|london`. */
  knnUsaTurmas: defineEndpoint({
    method: 'GET',
    path: '/knn-usa/turmas/',
    service: 'portal',
    access: 'student',
    query: TurmasUsaQuery,
    response: v.array(TurmaUsa),
    errors: { useDetail: true, fallback: 'Erro ao carregar as turmas' },
  }),
  /** The class of the caller's latest request (null: no request yet). */
  knnUsaTurmaFromRequest: defineEndpoint({
    method: 'GET',
    path: '/knn-usa/turmas/from-request/',
    service: 'portal',
    access: 'student',
    response: v.nullable(TurmaUsa),
    errors: { useDetail: true, fallback: 'Erro ao carregar a turma da solicitação' },
  }),
  /** The books of the classes (of one programme or class). */
  knnUsaLivros: defineEndpoint({
    method: 'GET',
    path: '/knn-usa/turmas/livros/',
    service: 'portal',
    access: 'student',
    query: LivrosUsaQuery,
    response: v.array(LivroUsa),
    errors: { useDetail: true, fallback: 'Erro ao carregar os livros' },
  }),
  /** The kinds of documents a request takes (passport; a minor's travel authorisation too). */
  knnUsaDocumentos: defineEndpoint({
    method: 'GET',
    path: '/knn-usa/request/document/',
    service: 'portal',
    access: 'student',
    response: v.array(DocumentoExigido),
    errors: { useDetail: true, fallback: 'Erro ao carregar os documentos exigidos' },
  }),
  /** The caller's latest request, any status (null: none yet). */
  knnUsaMinhaRequest: defineEndpoint({
    method: 'GET',
    path: '/knn-usa/request/me/',
    service: 'portal',
    access: 'student',
    response: v.nullable(KnnUsaRequest),
    errors: { useDetail: true, fallback: 'Erro ao carregar a sua solicitação' },
  }),
  /**
   * Sends a request (multipart: `knn_usa_request_in` JSON + repeated `files`): 201 em_analise.
   * 404 unknown class; 409 no seats, departed, one already open; 413/415 a file; 422 a field
   * (passport expiry, guardian of a minor, missing documents) with its detail.
   */
  knnUsaCriarRequest: defineEndpoint({
    method: 'POST',
    path: '/knn-usa/request/',
    service: 'portal',
    access: 'student',
    body: KnnUsaRequestBody,
    bodyEncoding: 'multipart',
    multipart: { files: { files: KNN_USA_FILE } },
    response: KnnUsaRequest,
    errors: { byStatus: { 404: KNN_USA_TEXTS.turmaNotFound }, useDetail: true, fallback: 'Erro ao enviar a solicitação' },
  }),
  /** Deletes (cancels) the caller's request before payment: its documents are erased. 409 once paid. */
  knnUsaExcluirRequest: defineEndpoint({
    method: 'DELETE',
    path: '/knn-usa/request/{id}/',
    service: 'portal',
    access: 'student',
    owned: byRequest,
    params: v.object({ id: IdParam }),
    response: KnnUsaRequest,
    errors: { byStatus: requestNotFound, useDetail: true, fallback: 'Erro ao excluir a solicitação' },
  }),
  /**
   * Sends again the documents the school asked (multipart: `knn_usa_resend_in` JSON
   * `{documentos}` + repeated `files`): exactly the asked kinds; the request goes back to
   * em_analise. 409 when nothing was asked.
   */
  knnUsaReenviarDocumentos: defineEndpoint({
    method: 'PATCH',
    path: '/knn-usa/request/{id}/resend-document/',
    service: 'portal',
    access: 'student',
    owned: byRequest,
    params: v.object({ id: IdParam }),
    body: KnnUsaResendBody,
    bodyEncoding: 'multipart',
    multipart: { files: { files: KNN_USA_FILE } },
    response: KnnUsaRequest,
    errors: { byStatus: requestNotFound, useDetail: true, fallback: 'Erro ao reenviar os documentos' },
  }),
  /** A document's bytes: to the request's student and to managers (another student 404), as an attachment. */
  knnUsaDocumento: defineEndpoint({
    method: 'GET',
    path: '/knn-usa/request/{id}/document/{x}/',
    service: 'portal',
    access: 'user',
    owned: { ...byRequest, x: 'knnUsaDocumento' },
    params: v.object({ id: IdParam, x: IdParam }),
    response: FileDownload,
    errors: { byStatus: { 404: KNN_USA_TEXTS.documentoNotFound }, useDetail: true, fallback: 'Erro ao baixar o documento' },
  }),
  /** What paying the request costs today in reais and the card plans (`{id}` is the request). */
  knnUsaPagamento: defineEndpoint({
    method: 'GET',
    path: '/knn-usa/payment/{id}/',
    service: 'portal',
    access: 'student',
    owned: byRequest,
    params: v.object({ id: IdParam }),
    response: PagamentoUsa,
    errors: { byStatus: requestNotFound, useDetail: true, fallback: 'Erro ao carregar o pagamento' },
  }),
  /** A Pix charge of the approved request at today's rate (the pending one while it lasts). 409 not approved / paid. */
  knnUsaPagarPix: defineEndpoint({
    method: 'POST',
    path: '/knn-usa/payment/',
    service: 'portal',
    access: 'student',
    body: PagamentoUsaPixIn,
    response: CobrancaPix,
    errors: { byStatus: requestNotFound, useDetail: true, fallback: 'Erro ao gerar o Pix' },
  }),
  /** Pays the approved request by card in 1–10 instalments (201); declined 402; as the Pix for 404/409. */
  knnUsaPagarCartao: defineEndpoint({
    method: 'PUT',
    path: '/knn-usa/payment/',
    service: 'portal',
    access: 'student',
    body: PagamentoUsaCartaoIn,
    response: PagamentoCartao,
    errors: { byStatus: requestNotFound, useDetail: true, fallback: 'Erro ao pagar com cartão' },
  }),

  /** Managers (D31): requests by status and programme, oldest first, with the tabs' counts. */
  knnUsaGestaoRequests: defineEndpoint({
    method: 'GET',
    path: '/knn-usa/manager/requests/',
    service: 'portal',
    access: 'manager',
    query: KnnUsaRequestsQuery,
    response: KnnUsaRequestsPage,
    errors: { useDetail: true, fallback: 'Erro ao carregar as solicitações' },
  }),
  /** One request with every document (older copies too) and its audit history. */
  knnUsaGestaoRequest: defineEndpoint({
    method: 'GET',
    path: '/knn-usa/manager/requests/{id}/',
    service: 'portal',
    access: 'manager',
    params: v.object({ id: IdParam }),
    response: KnnUsaRequestGestao,
    errors: { byStatus: requestNotFound, useDetail: true, fallback: 'Erro ao carregar a solicitação' },
  }),
  /** em_analise → aprovado (`de` the status seen; otherwise 409). */
  knnUsaAprovar: defineEndpoint({
    method: 'POST',
    path: '/knn-usa/manager/requests/{id}/approve/',
    service: 'portal',
    access: 'manager',
    params: v.object({ id: IdParam }),
    body: AprovarRequestBody,
    response: KnnUsaRequestGestao,
    errors: { byStatus: requestNotFound, useDetail: true, fallback: 'Erro ao aprovar a solicitação' },
  }),
  /** em_analise → documentos_pendentes: which kinds again and why. */
  knnUsaPedirDocumentos: defineEndpoint({
    method: 'POST',
    path: '/knn-usa/manager/requests/{id}/ask-documents/',
    service: 'portal',
    access: 'manager',
    params: v.object({ id: IdParam }),
    body: PedirDocumentosBody,
    response: KnnUsaRequestGestao,
    errors: { byStatus: requestNotFound, useDetail: true, fallback: 'Erro ao pedir os documentos' },
  }),
  /** Any status but pago or cancelado → cancelado, with the reason the student sees; frees the seat. */
  knnUsaCancelar: defineEndpoint({
    method: 'POST',
    path: '/knn-usa/manager/requests/{id}/cancel/',
    service: 'portal',
    access: 'manager',
    params: v.object({ id: IdParam }),
    body: CancelarRequestBody,
    response: KnnUsaRequestGestao,
    errors: { byStatus: requestNotFound, useDetail: true, fallback: 'Erro ao cancelar a solicitação' },
  }),
} as const
