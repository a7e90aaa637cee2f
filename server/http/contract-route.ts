import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import type { BodyEncoding, Endpoint, EndpointRequest, EndpointResponse, Role } from '../../src/api/define.ts'
// Portuguese messages for every schema validated here, the contract's or a test's (issue 8).
import '../../src/api/schemas/messages.ts'
import type { AccountSession } from '../db/repositories/users.ts'
import type { SessionLoader } from '../plugins/auth.ts'
import { HttpError, validationFailed, type ValidationIssue } from './errors.ts'

/**
 * Registers one endpoint of the contract (src/api/contract.ts): the contract decides the
 * URL, the method, who may call it (D7), how params/query/headers/body are validated, and
 * what the handler may answer: only the fields the response schema declares are sent
 * (DESIGN.md "The contract is the spine").
 */

/** The authenticated account making the request, with what its session query loaded. */
export interface Caller<S extends AccountSession = AccountSession> {
  readonly id: number
  readonly role: Role
  readonly session: S
}

export interface HandlerContext<E extends Endpoint, S extends AccountSession = AccountSession> extends EndpointRequest<E> {
  /** The caller; not on public endpoints (reading it there is a bug → 500). */
  readonly caller: Caller<S>
  readonly request: FastifyRequest
  readonly reply: FastifyReply
}

export type ContractHandler<E extends Endpoint, S extends AccountSession = AccountSession> = (
  context: HandlerContext<E, S>,
) => Promise<EndpointResponse<E>>

export interface ContractRouteOptions<S extends AccountSession> {
  /**
   * Loads the caller's session facts and what the handler needs in one query (e.g.
   * `/users/me/`'s profile), instead of the default token-version + role lookup.
   */
  session?: SessionLoader<S>
}

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

export function contractRoute<E extends Endpoint, S extends AccountSession = AccountSession>(
  scope: FastifyInstance,
  endpoint: E,
  handler: ContractHandler<E, NoInfer<S>>,
  options: ContractRouteOptions<S> = {},
): void {
  const encoding = endpoint.bodyEncoding ?? 'json'
  if (endpoint.multipart) {
    // Declared in the contract (limits per file part), but nothing here validates it while
    // streaming yet: refuse to serve it unvalidated.
    throw new Error(`${endpoint.method} ${endpoint.path}: multipart bodies are not served yet`)
  }
  scope.route({
    method: endpoint.method,
    url: routeUrl(endpoint, scope.basePaths),
    // Authentication and the role check run before the body is read, so anonymous or
    // wrong-role uploads cost nothing.
    onRequest: endpoint.access === 'public' ? undefined : scope.authenticate(endpoint.access, options.session as SessionLoader | undefined),
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
      const headers = parsePart(endpoint.headers, request.headers, 'header', issues)
      if (issues.length > 0) throw validationFailed(issues)

      const caller = request.caller
      const context = {
        params,
        query,
        body,
        headers,
        request,
        reply,
        get caller(): Caller {
          if (!caller) throw new Error(`${endpoint.method} ${endpoint.path} is public and has no caller`)
          return caller
        },
      } as HandlerContext<E, S>

      return serialise(endpoint, await handler(context), request, scope.config.validateResponses)
    },
  })
}

type Part = 'path' | 'query' | 'body' | 'header'

function parsePart(schema: v.GenericSchema | undefined, input: unknown, part: Part, issues: ValidationIssue[]) {
  if (!schema) return undefined
  const parsed = v.safeParse(schema, input)
  if (parsed.success) return parsed.output
  for (const issue of parsed.issues) issues.push(toValidationIssue(part, issue, input))
  return undefined
}

/** SPEC §5's default messages where a rule maps onto one. */
function toValidationIssue(part: Part, issue: v.BaseIssue<unknown>, root: unknown): ValidationIssue {
  const keys = (issue.path ?? []).map((item) => item.key as string | number)
  const loc: (string | number)[] = [part, ...keys]
  const missing = issue.input === undefined && (keys.length === 0 ? root === undefined : !hasKey(issue.path?.at(-1)?.input, keys.at(-1)))
  if (missing) return { loc, msg: 'Este campo é obrigatório', type: 'missing' }

  // valibot's global messages are Portuguese (src/api/schemas/messages.ts); a schema's own
  // message, when it has one, is Portuguese too.
  return { loc, msg: issue.message, type: issue.type }
}

function hasKey(container: unknown, key: string | number | undefined): boolean {
  return key !== undefined && typeof container === 'object' && container !== null && Object.hasOwn(container, key)
}

/**
 * The answer goes out through the response schema, so a field the contract does not
 * declare (a leaked column, say) is never sent, in production too. An answer the schema
 * refuses is a 500 and a log line (the client would refuse it anyway); with
 * `validateResponses` (tests) an undeclared field is one as well, so it gets fixed.
 */
function serialise(endpoint: Endpoint, result: unknown, request: FastifyRequest, strict: boolean): unknown {
  const parsed = v.safeParse(endpoint.response, result)
  const undeclared = parsed.success && strict ? undeclaredKeys(result, parsed.output, '') : []
  if (parsed.success && undeclared.length === 0) return parsed.output
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
      input[key] === undefined
        ? []
        : Object.hasOwn(output, key)
          ? undeclaredKeys(input[key], output[key], at ? `${at}.${key}` : key)
          : [at ? `${at}.${key}` : key],
    )
  }
  return []
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
}
