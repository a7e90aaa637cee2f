import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { reportServerError } from '../plugins/error-reports.ts'

/**
 * Errors in the shapes of the original FastAPI backend (D2): `{detail: string}` for
 * expected failures, `{detail: [{loc, msg, type}]}` with 422 for invalid requests.
 */

export interface ValidationIssue {
  loc: (string | number)[]
  msg: string
  type: string
}

/** An expected failure whose `detail` is safe to show the user. */
export class HttpError extends Error {
  override readonly name = 'HttpError'
  readonly statusCode: number
  readonly detail: string | { message: string } | ValidationIssue[]
  readonly headers: Readonly<Record<string, string>>
  constructor(statusCode: number, detail: HttpError['detail'], headers: Record<string, string> = {}) {
    super(typeof detail === 'string' ? detail : `HTTP ${statusCode}`)
    this.statusCode = statusCode
    this.detail = detail
    this.headers = headers
  }
}

export const NOT_AUTHENTICATED = 'Não autenticado'
export const NOT_FOUND = 'Não encontrado'
export const INTERNAL_ERROR = 'Erro interno do servidor'

export const badRequest = (detail: string) => new HttpError(400, detail)
export const notFound = (detail = NOT_FOUND) => new HttpError(404, detail)
/** RFC 6750: a missing, invalid or expired bearer token. */
export const unauthorized = () => new HttpError(401, NOT_AUTHENTICATED, { 'WWW-Authenticate': 'Bearer' })
export const validationFailed = (issues: ValidationIssue[]) => new HttpError(422, issues)

/**
 * 429 for a limit that was reached: `what` says which, then when to try again,
 * the same instant as `Retry-After`.
 */
export function tooManyRequests(what: string, retryAfterSeconds: number): HttpError {
  const minutes = Math.ceil(retryAfterSeconds / 60)
  const wait = minutes === 1 ? '1 minuto' : `${minutes} minutos`
  return new HttpError(429, `${what} Aguarde ${wait} e tente novamente.`, { 'Retry-After': String(retryAfterSeconds) })
}

/** Framework errors (body parsing, limits) mapped to texts a user may read. */
function frameworkError(error: FastifyError, bodyLimit: number): HttpError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, `O corpo da requisição excede o limite de ${bodyLimit} bytes.`)
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(415, 'Tipo de conteúdo não suportado.')
    // FastAPI answers unparsable JSON with 422 json_invalid; the parser's message is not
    // echoed because it can quote the body (a password, say).
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return validationFailed([{ loc: ['body'], msg: 'JSON inválido', type: 'json_invalid' }])
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpError(400, 'Content-Length inválido.')
    case 'FST_ERR_BAD_URL':
      return new HttpError(400, 'URL inválida.')
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new HttpError(414, 'URL longa demais.')
    default:
      return null
  }
}

/**
 * An error's body: `{detail}`, and on a 5xx the request's id too, so the student can quote
 * the "Código do erro" the app shows and staff find the request in the logs.
 */
export function errorBody(status: number, detail: HttpError['detail'], request: FastifyRequest) {
  return status >= 500 ? { detail, request_id: request.id } : { detail }
}

export function errorHandler(bodyLimit: number) {
  return function handleError(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
    const code = error instanceof HttpError ? undefined : error.code
    const known = error instanceof HttpError ? error : frameworkError(error, bodyLimit)
    if (known) {
      // Expected outcomes: log the status only; messages may echo user input.
      request.log.debug({ statusCode: known.statusCode, code }, 'request rejected')
      if (known.statusCode >= 500) reportServerError(known, request, known.statusCode)
      return reply
        .code(known.statusCode)
        .headers(known.headers)
        .send(errorBody(known.statusCode, known.detail, request))
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error')
      reportServerError(error, request, 500)
      return reply.code(500).send(errorBody(500, INTERNAL_ERROR, request))
    }
    // Another 4xx raised by a plugin: its status stands, its wording is generic.
    request.log.debug({ statusCode: status, code }, 'request rejected')
    return reply.code(status).send({ detail: status === 404 ? NOT_FOUND : 'Requisição inválida.' })
  }
}
