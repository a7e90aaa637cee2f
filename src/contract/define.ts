import type * as v from 'valibot'

/** Which backend answers an endpoint (SPEC §6: two endpoint kinds). */
export type Service = 'portal' | 'drive'
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
/** How the request body travels: JSON, OAuth2 form (D2) or multipart (uploads). */
export type BodyEncoding = 'json' | 'form' | 'multipart'

/** The roles of D7; `users.role` holds one per account. */
export const ROLES = ['student', 'manager'] as const
export type Role = (typeof ROLES)[number]

/**
 * Who may call an endpoint (D7):
 * - `public`: no token (the calls SPEC §6 lists as "without token");
 * - `user`: any signed-in account, about its own account (`/users/me/`, password, install);
 * - `student`: students only, answering the caller's own school data (classes, grades,
 *   instalments, orders); a manager has no enrolment and gets 403;
 * - `manager`: managers only (manager panel, push sending, D31 reviews); students get 403.
 */
export type Access = 'public' | 'user' | 'student' | 'manager'

/** The kinds of objects a student owns and a path or query parameter can name (D7: another student's → 404). */
export type OwnedKind =
  | 'turma'
  | 'turmaAluno'
  | 'bookUuid'
  | 'bookCopy'
  | 'turmaAtividade'
  | 'turmaAlunoAtividade'
  | 'atividadeArquivo'
  | 'atividadeCorrecao'
  | 'englishTestTentativa'
  /** A practice test of the book of one of the caller's classes (issue 10). */
  | 'praticaTeste'
  | 'aulaOnline'
  /** A device's push subscription, by id or by its `auth` secret (issue 11). */
  | 'pushSubscription'
  | 'pushSubscriptionAuth'
  /** A notice in the caller's "Avisos", by its sending's id (issue 40 item 13). */
  | 'pushNotice'
  /** One of the caller's instalments (issue 12). */
  | 'parcela'
  /** One of the caller's orders (pre-invoices, issue 12). */
  | 'pedido'
  /** One of the caller's overseas-study requests, and a document of it (issue 14, D28). */
  | 'knnUsaRequest'
  | 'knnUsaDocumento'
  /** One of the caller's signed-in devices (issue 36 item 3). */
  | 'userSession'

/** The user-facing texts of SPEC §8 for one endpoint. */
export interface ErrorTexts {
  /** Fixed text for a status, used whatever the server says (e.g. 400 on login). */
  byStatus?: Readonly<Record<number, string>>
  /** Show the server's `detail` (or `detail.message`) when it is a string. */
  useDetail: boolean
  fallback: string
}

/**
 * One file part of a multipart body: its limits are checked while it streams in
 * (server/http/multipart-body.ts).
 */
export interface FilePart {
  /** Largest accepted file, in bytes. */
  maxBytes: number
  /** Accepted media types, e.g. `image/jpeg`, `application/pdf` (src/contract/uploads.ts knows their content). */
  mediaTypes: readonly string[]
  required: boolean
  /**
   * Declared: the part is a list of up to this many files (repeated parts, e.g. a request's
   * documents). Absent: one file.
   */
  maxCount?: number
}

/** A multipart body: the file parts by field name; the text fields go in `body`. */
export interface MultipartSpec {
  files: Readonly<Record<string, FilePart>>
}

/**
 * The files of a multipart endpoint by part name, each a `T` (a `Blob` the client sends, a
 * stored file's descriptor the handler receives): a list where the part declares
 * `maxCount`, optional where it is not required.
 */
export type FilesOf<M extends MultipartSpec, T> = {
  -readonly [K in keyof M['files'] as M['files'][K] extends { required: true } ? K : never]: FileValue<M['files'][K], T>
} & {
  -readonly [K in keyof M['files'] as M['files'][K] extends { required: true } ? never : K]?: FileValue<M['files'][K], T>
}
type FileValue<P, T> = P extends { maxCount: number } ? readonly T[] : T

type AnySchema = v.GenericSchema

/** Whether the endpoint answers a file (`FileDownload` of ./schemas/common.ts, a Blob) rather than JSON. */
export function answersFile(endpoint: Pick<Endpoint, 'response'>): boolean {
  return (endpoint.response as { type?: string }).type === 'blob'
}

export interface Endpoint<
  TParams extends AnySchema | undefined = AnySchema | undefined,
  TQuery extends AnySchema | undefined = AnySchema | undefined,
  TBody extends AnySchema | undefined = AnySchema | undefined,
  TResponse extends AnySchema = AnySchema,
  THeaders extends AnySchema | undefined = AnySchema | undefined,
  TMultipart extends MultipartSpec | undefined = MultipartSpec | undefined,
> {
  method: HttpMethod
  /** Path below the service's base URL, trailing slash kept (D1); `{name}` marks a parameter. */
  path: string
  service: Service
  access: Access
  /**
   * Params (path or query) that name objects a student owns, and of which kind: the
   * generated tests (server/contract-safety.test.ts) call with another student's → 404.
   */
  owned?: Readonly<Record<string, OwnedKind>>
  params?: TParams
  query?: TQuery
  body?: TBody
  bodyEncoding?: BodyEncoding
  /** Request headers the endpoint reads (lower-case names), e.g. `idempotency-key`. */
  headers?: THeaders
  /** File parts, with `bodyEncoding: 'multipart'`. */
  multipart?: TMultipart
  response: TResponse
  errors: ErrorTexts
}

export function defineEndpoint<
  TParams extends AnySchema | undefined = undefined,
  TQuery extends AnySchema | undefined = undefined,
  TBody extends AnySchema | undefined = undefined,
  TResponse extends AnySchema = AnySchema,
  THeaders extends AnySchema | undefined = undefined,
  // const: each part's `required: true` and `maxCount` stay literal, so the files type knows them.
  const TMultipart extends MultipartSpec | undefined = undefined,
>(
  endpoint: Endpoint<TParams, TQuery, TBody, TResponse, THeaders, TMultipart>,
): Endpoint<TParams, TQuery, TBody, TResponse, THeaders, TMultipart> {
  return endpoint
}

/**
 * The fields of an object schema (wrapped in pipes or not), else none: the text fields a
 * multipart body may carry, the keys the generated tests fill in.
 */
export function schemaEntries(schema: unknown): Readonly<Record<string, AnySchema>> {
  const node = schema as { entries?: Record<string, AnySchema>; pipe?: readonly unknown[] } | undefined
  if (node?.entries) return node.entries
  return node?.pipe ? schemaEntries(node.pipe[0]) : {}
}

/**
 * Whether an account with `role` (null: nobody signed in) may call the endpoint: the
 * server's rule (403/401), for the client's route guards and menus to read the same one.
 */
export function canCall(endpoint: Pick<Endpoint, 'access'>, role: Role | null): boolean {
  switch (endpoint.access) {
    case 'public':
      return true
    case 'user':
      return role !== null
    default:
      return role === endpoint.access
  }
}

type InputOf<T> = T extends AnySchema ? v.InferInput<T> : never
type OutputOf<T> = T extends AnySchema ? v.InferOutput<T> : undefined
/** The declared schema of an optional endpoint part, or never when the endpoint has none. */
type Part<T> = NonNullable<T>

/** What a caller passes: only the parts the endpoint declares. */
export type EndpointInput<E extends Endpoint> = ([Part<E['params']>] extends [never]
  ? { params?: never }
  : { params: InputOf<Part<E['params']>> }) &
  ([Part<E['query']>] extends [never] ? { query?: never } : { query: InputOf<Part<E['query']>> }) &
  ([Part<E['body']>] extends [never] ? { body?: never } : { body: InputOf<Part<E['body']>> }) &
  ([Part<E['headers']>] extends [never] ? { headers?: never } : { headers: InputOf<Part<E['headers']>> }) &
  ([Part<E['multipart']>] extends [never] ? { files?: never } : { files: FilesOf<Part<E['multipart']>, Blob> })

/** What a handler receives after validation. */
export interface EndpointRequest<E extends Endpoint> {
  params: OutputOf<Part<E['params']>>
  query: OutputOf<Part<E['query']>>
  body: OutputOf<Part<E['body']>>
  headers: OutputOf<Part<E['headers']>>
}

export type EndpointResponse<E extends Endpoint> = v.InferOutput<E['response']>

/** `/at-home/turma/{id}/` + `{id: 3}` → `/at-home/turma/3/` */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`)
    return encodeURIComponent(String(value))
  })
}
