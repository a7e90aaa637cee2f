import type * as v from 'valibot'

/** Which backend answers an endpoint (SPEC §6: two endpoint kinds). */
export type Service = 'portal' | 'drive'
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
/** How the request body travels: JSON, OAuth2 form (D2) or multipart (uploads). */
export type BodyEncoding = 'json' | 'form' | 'multipart'

/** The user-facing texts of SPEC §8 for one endpoint. */
export interface ErrorTexts {
  /** Fixed text for a status, used whatever the server says (e.g. 400 on login). */
  byStatus?: Readonly<Record<number, string>>
  /** Show the server's `detail` (or `detail.message`) when it is a string. */
  useDetail: boolean
  fallback: string
}

type AnySchema = v.GenericSchema

export interface Endpoint<
  TParams extends AnySchema | undefined = AnySchema | undefined,
  TQuery extends AnySchema | undefined = AnySchema | undefined,
  TBody extends AnySchema | undefined = AnySchema | undefined,
  TResponse extends AnySchema = AnySchema,
> {
  method: HttpMethod
  /** Path below the service's base URL, trailing slash kept (D1); `{name}` marks a parameter. */
  path: string
  service: Service
  /** false only for the calls SPEC §6 lists as "without token". */
  auth: boolean
  params?: TParams
  query?: TQuery
  body?: TBody
  bodyEncoding?: BodyEncoding
  response: TResponse
  errors: ErrorTexts
}

export function defineEndpoint<
  TParams extends AnySchema | undefined = undefined,
  TQuery extends AnySchema | undefined = undefined,
  TBody extends AnySchema | undefined = undefined,
  TResponse extends AnySchema = AnySchema,
>(endpoint: Endpoint<TParams, TQuery, TBody, TResponse>): Endpoint<TParams, TQuery, TBody, TResponse> {
  return endpoint
}

type InputOf<T> = T extends AnySchema ? v.InferInput<T> : never
type OutputOf<T> = T extends AnySchema ? v.InferOutput<T> : undefined
/** The declared schema of an optional endpoint part, or never when the endpoint has none. */
type Part<T> = NonNullable<T>

/** What a caller passes: only the parts the endpoint declares. */
export type EndpointInput<E extends Endpoint> = ([Part<E['params']>] extends [never] ? { params?: never } : { params: InputOf<Part<E['params']>> }) &
  ([Part<E['query']>] extends [never] ? { query?: never } : { query: InputOf<Part<E['query']>> }) &
  ([Part<E['body']>] extends [never] ? { body?: never } : { body: InputOf<Part<E['body']>> })

/** What a handler receives after validation. */
export interface EndpointRequest<E extends Endpoint> {
  params: OutputOf<Part<E['params']>>
  query: OutputOf<Part<E['query']>>
  body: OutputOf<Part<E['body']>>
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
