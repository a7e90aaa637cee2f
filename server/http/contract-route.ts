import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import type { BodyEncoding, Endpoint, EndpointRequest, EndpointResponse } from '../../src/api/define.ts'
import { HttpError, validationFailed, type ValidationIssue } from './errors.ts'

/**
 * Registers one endpoint of the contract (src/api/contract.ts): the contract decides the
 * URL, the method, the auth kind, how params/query/body are validated, and what the
 * handler may answer (DESIGN.md "The contract is the spine").
 */

/** The authenticated account making the request. */
export interface Caller {
  readonly id: number
}

export interface HandlerContext<E extends Endpoint> extends EndpointRequest<E> {
  /** The caller; only on endpoints with `auth: true` (reading it elsewhere is a bug → 500). */
  readonly caller: Caller
  readonly request: FastifyRequest
  readonly reply: FastifyReply
}

export type ContractHandler<E extends Endpoint> = (context: HandlerContext<E>) => Promise<EndpointResponse<E>>

/** Where each service is mounted: portal under /api/v1, drive under DRIVE_BASE_PATH (D1). */
export interface BasePaths {
  portal: string
  drive: string
}

export const PORTAL_BASE_PATH = '/api/v1'

/** `/at-home/turma/{id}/` → `/api/v1/at-home/turma/:id/` (trailing slash kept, D1). */
export function routeUrl(endpoint: Pick<Endpoint, 'service' | 'path'>, basePaths: BasePaths): string {
  const base = endpoint.service === 'drive' ? basePaths.drive : basePaths.portal
  return `${base}${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`
}

const MEDIA_TYPES: Record<BodyEncoding, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
}

export function contractRoute<E extends Endpoint>(scope: FastifyInstance, endpoint: E, handler: ContractHandler<E>): void {
  const encoding = endpoint.bodyEncoding ?? 'json'
  scope.route({
    method: endpoint.method,
    url: routeUrl(endpoint, scope.basePaths),
    // Authentication runs before the body is read, so anonymous uploads cost nothing.
    onRequest: endpoint.auth ? scope.authenticate : undefined,
    handler: async (request, reply) => {
      if (endpoint.body && request.body !== undefined) {
        const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
        if (mediaType !== MEDIA_TYPES[encoding]) {
          throw new HttpError(415, `Tipo de conteúdo não suportado: envie ${MEDIA_TYPES[encoding]}.`)
        }
      }

      const issues: ValidationIssue[] = []
      const params = parsePart(endpoint.params, request.params, 'path', issues)
      const query = parsePart(endpoint.query, request.query, 'query', issues)
      const body = parsePart(endpoint.body, request.body, 'body', issues)
      if (issues.length > 0) throw validationFailed(issues)

      const caller = request.caller
      const context = {
        params,
        query,
        body,
        request,
        reply,
        get caller(): Caller {
          if (!caller) throw new Error(`${endpoint.method} ${endpoint.path} has auth: false and no caller`)
          return caller
        },
      } as HandlerContext<E>

      const result = await handler(context)
      if (scope.config.validateResponses) checkResponse(endpoint, result, request)
      return result
    },
  })
}

function parsePart(schema: v.GenericSchema | undefined, input: unknown, part: 'path' | 'query' | 'body', issues: ValidationIssue[]) {
  if (!schema) return undefined
  const parsed = v.safeParse(schema, input)
  if (parsed.success) return parsed.output
  for (const issue of parsed.issues) issues.push(toValidationIssue(part, issue, input))
  return undefined
}

/** SPEC §5's default messages where a rule maps onto one. */
function toValidationIssue(part: 'path' | 'query' | 'body', issue: v.BaseIssue<unknown>, root: unknown): ValidationIssue {
  const keys = (issue.path ?? []).map((item) => item.key as string | number)
  const loc: (string | number)[] = [part, ...keys]
  const missing = issue.input === undefined && (keys.length === 0 ? root === undefined : !hasKey(issue.path?.at(-1)?.input, keys.at(-1)))
  if (missing) return { loc, msg: 'Este campo é obrigatório', type: 'missing' }

  const requirement = (issue as { requirement?: unknown }).requirement
  switch (issue.type) {
    case 'min_length':
      return {
        loc,
        msg: requirement === 1 ? 'Este campo é obrigatório' : `Você deve inserir no mínimo ${String(requirement)} caracteres`,
        type: issue.type,
      }
    case 'max_length':
      return { loc, msg: `Você deve inserir no máximo ${String(requirement)} caracteres`, type: issue.type }
    case 'length':
      return { loc, msg: 'O comprimento do campo inserido é inválido', type: issue.type }
    case 'email':
      return { loc, msg: 'Por favor, insira um e-mail válido', type: issue.type }
    case 'integer':
      return { loc, msg: 'Este campo só pode conter valores inteiros', type: issue.type }
    case 'number':
      return { loc, msg: 'Este campo só pode conter números', type: issue.type }
    case 'regex':
      return { loc, msg: 'Formato inválido', type: issue.type }
    default:
      return { loc, msg: issue.message, type: issue.type }
  }
}

function hasKey(container: unknown, key: string | number | undefined): boolean {
  return key !== undefined && typeof container === 'object' && container !== null && Object.hasOwn(container, key)
}

/**
 * With `validateResponses` (tests), an answer the contract does not allow, or one carrying
 * fields the contract does not declare (a leaked column, say), is a 500 and a log line.
 */
function checkResponse(endpoint: Endpoint, result: unknown, request: FastifyRequest): void {
  const parsed = v.safeParse(endpoint.response, result)
  const undeclared = parsed.success ? undeclaredKeys(result, parsed.output, '') : []
  if (parsed.success && undeclared.length === 0) return
  request.log.error(
    {
      endpoint: `${endpoint.method} ${endpoint.path}`,
      issues: parsed.success ? undefined : v.flatten(parsed.issues),
      undeclared: undeclared.length > 0 ? undeclared : undefined,
    },
    'response does not match the contract',
  )
  throw new Error(`response of ${endpoint.method} ${endpoint.path} does not match the contract`)
}

/** Keys present in what the handler returned but dropped by the schema (v.object strips them). */
function undeclaredKeys(input: unknown, output: unknown, at: string): string[] {
  if (Array.isArray(input) && Array.isArray(output)) {
    return input.flatMap((item, index) => undeclaredKeys(item, output[index], `${at}[${index}]`))
  }
  if (isPlainObject(input) && isPlainObject(output)) {
    return Object.keys(input).flatMap((key) =>
      input[key] === undefined ? [] :
      Object.hasOwn(output, key) ? undeclaredKeys(input[key], output[key], at ? `${at}.${key}` : key) : [at ? `${at}.${key}` : key],
    )
  }
  return []
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
}
