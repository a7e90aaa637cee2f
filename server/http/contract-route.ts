import type { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import {
  answersFile,
  schemaEntries,
  type BodyEncoding,
  type Endpoint,
  type EndpointRequest,
  type EndpointResponse,
  type FilesOf,
  type MultipartSpec,
} from '../../src/contract/define.ts'
// Portuguese messages for every schema validated here, the contract's or a test's (issue 8).
import '../../src/contract/schemas/messages.ts'
import type { AccountSession } from '../areas/users/repository.ts'
import type { Caller, SessionLoader } from '../plugins/auth.ts'
import { honestFileName } from '../storage/file-names.ts'
import { HttpError, validationFailed, type ValidationIssue } from './errors.ts'
import { discardFiles, NOT_MULTIPART, receiveMultipart, type StoredFile } from './multipart-body.ts'
import { textIssues } from './text-check.ts'

/**
 * Registers one endpoint of the contract (src/contract/contract.ts): the contract decides the
 * URL, the method, who may call it (D7), how params/query/headers/body are validated, and
 * what the handler may answer: only the fields the response schema declares are sent
 * (DESIGN.md "The contract is the spine").
 */

export interface HandlerContext<E extends Endpoint, S extends AccountSession = AccountSession> extends EndpointRequest<E> {
  /** The caller; not on public endpoints (reading it there is a bug → 500). */
  readonly caller: Caller<S>
  /**
   * A multipart endpoint's files, stored and checked. If the handler throws they are
   * deleted; once it returns they are its own (it has recorded their keys).
   */
  readonly files: [NonNullable<E['multipart']>] extends [never] ? undefined : FilesOf<NonNullable<E['multipart']>, StoredFile>
  readonly request: FastifyRequest
  readonly reply: FastifyReply
}

/** What a download handler answers (a `FileDownload` endpoint): sent as is, streamed. */
export interface FileAnswer {
  body: Readable
  /** The stored media type. */
  type: string
  /** The file name the browser saves it under. */
  name: string
  size: number
  /** Hex SHA-256 of the bytes: the strong ETag. */
  sha256: string
}

/** JSON endpoints answer their response shape; a download answers a FileAnswer. */
export type HandlerResult<E extends Endpoint> = EndpointResponse<E> extends Blob ? FileAnswer : EndpointResponse<E>

export type ContractHandler<E extends Endpoint, S extends AccountSession = AccountSession> = (
  context: HandlerContext<E, S>,
) => Promise<HandlerResult<E>>

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
  const at = `${endpoint.method} ${endpoint.path}`
  const multipart = endpoint.multipart
  if ((encoding === 'multipart') !== (multipart !== undefined)) {
    throw new Error(`${at}: a multipart body declares its file parts (multipart) and bodyEncoding 'multipart', both or neither`)
  }
  if (multipart && !(scope.hasDecorator('fileStorage') && scope.hasRequestDecorator('parts'))) {
    throw new Error(`${at}: multipart bodies need the file-storage and uploads plugins (server/plugins/) registered first`)
  }
  const fieldNames = new Set(Object.keys(schemaEntries(endpoint.body)))
  // Only the headers the endpoint reads are judged as text (a browser's own may hold a tab).
  const headerNames = Object.keys(schemaEntries(endpoint.headers))

  scope.route({
    method: endpoint.method,
    url: routeUrl(endpoint, scope.basePaths),
    // Authentication and the role check run before the body is read, so anonymous or
    // wrong-role uploads cost nothing.
    onRequest: endpoint.access === 'public' ? undefined : scope.authenticate(endpoint.access, options.session as SessionLoader | undefined),
    handler: async (request, reply) => {
      if (multipart && !request.isMultipart()) throw new HttpError(415, NOT_MULTIPART)
      // A multipart body sent to a JSON or form endpoint is left unparsed (body undefined).
      if (!multipart && endpoint.body && (request.body !== undefined || request.isMultipart())) {
        const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
        if (mediaType !== MEDIA_TYPES[encoding]) {
          throw new HttpError(415, `Tipo de conteúdo não suportado: envie ${MEDIA_TYPES[encoding]}.`)
        }
      }

      // The text floor (./text-check.ts) over each part as it arrived, before any schema: a
      // refusal names the fields as sent and nothing else.
      const sentHeaders = declaredHeaders(request.headers, headerNames)
      const text = [
        ...(endpoint.params ? textIssues(request.params, ['path']) : []),
        ...(endpoint.query ? textIssues(request.query, ['query']) : []),
        ...(endpoint.headers ? textIssues(sentHeaders, ['header']) : []),
        ...(endpoint.body && !multipart ? textIssues(request.body, ['body']) : []),
      ]
      if (text.length > 0) throw validationFailed(text)

      const issues: ValidationIssue[] = []
      const params = parsePart(endpoint.params, request.params, 'path', issues)
      const query = parsePart(endpoint.query, request.query, 'query', issues)
      const headers = parsePart(endpoint.headers, sentHeaders, 'header', issues)
      // A multipart body is read only once the rest is valid: a bad URL costs no upload.
      if (multipart && issues.length > 0) throw validationFailed(issues)
      const received = multipart ? await receiveMultipart(request, multipart, fieldNames, scope.fileStorage) : null
      const fieldText = received && endpoint.body ? textIssues(received.fields, ['body']) : []
      if (received && fieldText.length > 0) {
        await discardFiles(request, scope.fileStorage, received.files)
        throw validationFailed(fieldText)
      }
      const body = parsePart(endpoint.body, received ? received.fields : request.body, 'body', issues)
      if (received) issues.push(...missingFiles(multipart!, received.files))
      if (issues.length > 0) {
        if (received) await discardFiles(request, scope.fileStorage, received.files)
        throw validationFailed(issues)
      }

      const caller = request.caller
      const context = {
        params,
        query,
        body,
        headers,
        files: received ? filesForHandler(multipart!, received.files) : undefined,
        request,
        reply,
        get caller(): Caller {
          if (!caller) throw new Error(`${at} is public and has no caller`)
          return caller
        },
      } as HandlerContext<E, S>

      let result: HandlerResult<E>
      try {
        result = await handler(context)
      } catch (error) {
        if (received) await discardFiles(request, scope.fileStorage, received.files)
        throw error
      }
      if (answersFile(endpoint)) return sendFile(reply, result as FileAnswer)
      return serialise(endpoint, result, request, scope.config.validateResponses)
    },
  })
}

/**
 * A stored file as a download: its stored type (never sniffed by the browser), saved
 * under its name, never cached by anyone but the browser's own download.
 */
function sendFile(reply: FastifyReply, file: FileAnswer): FastifyReply {
  return (
    reply
      .header('Content-Type', file.type)
      .header('Content-Length', String(file.size))
      // Made honest again: a row stored before names were made honest is offered like a new one.
      .header('Content-Disposition', attachment(honestFileName(file.name, file.type)))
      .header('ETag', `"${file.sha256}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(file.body)
  )
}

/** RFC 6266: an ASCII fallback name and the real one in UTF-8 (RFC 8187). */
export function attachment(name: string): string {
  const fallback = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_')
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

function missingFiles(spec: MultipartSpec, files: Record<string, StoredFile[]>): ValidationIssue[] {
  return Object.entries(spec.files)
    .filter(([name, part]) => part.required && !files[name]?.length)
    .map(([name]) => ({ loc: ['body', name], msg: REQUIRED, type: 'missing' }))
}

/** One descriptor per single-file part (absent when not sent), a list where the part declares `maxCount`. */
function filesForHandler(spec: MultipartSpec, files: Record<string, StoredFile[]>): Record<string, StoredFile | StoredFile[]> {
  const out: Record<string, StoredFile | StoredFile[]> = {}
  for (const [name, part] of Object.entries(spec.files)) {
    const stored = files[name] ?? []
    if (part.maxCount !== undefined) out[name] = stored
    else if (stored[0]) out[name] = stored[0]
  }
  return out
}

type Part = 'path' | 'query' | 'body' | 'header'

/** SPEC §5's required-field message. */
const REQUIRED = 'Este campo é obrigatório'

function declaredHeaders(headers: FastifyRequest['headers'], names: readonly string[]): Record<string, unknown> {
  const declared: Record<string, unknown> = {}
  for (const name of names) if (headers[name] !== undefined) declared[name] = headers[name]
  return declared
}

/**
 * A part of the request through its schema, then the text floor (./text-check.ts) over what
 * the schema made of it: strings a transform produced (a JSON text field's) are judged too,
 * so no string that fails it reaches a handler.
 */
function parsePart(schema: v.GenericSchema | undefined, input: unknown, part: Part, issues: ValidationIssue[]) {
  if (!schema) return undefined
  const parsed = v.safeParse(schema, input)
  if (!parsed.success) {
    for (const issue of parsed.issues) issues.push(toValidationIssue(part, issue, input))
    return undefined
  }
  const produced = textIssues(parsed.output, [part])
  issues.push(...produced)
  return produced.length > 0 ? undefined : parsed.output
}

/** SPEC §5's default messages where a rule maps onto one. */
function toValidationIssue(part: Part, issue: v.BaseIssue<unknown>, root: unknown): ValidationIssue {
  const keys = (issue.path ?? []).map((item) => item.key as string | number)
  const loc: (string | number)[] = [part, ...keys]
  const missing = issue.input === undefined && (keys.length === 0 ? root === undefined : !hasKey(issue.path?.at(-1)?.input, keys.at(-1)))
  if (missing) return { loc, msg: REQUIRED, type: 'missing' }

  // valibot's global messages are Portuguese (src/contract/schemas/messages.ts); a schema's own
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
