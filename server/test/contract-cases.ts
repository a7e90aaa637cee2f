import * as v from 'valibot'
import { schemaEntries, type Endpoint, type FilePart, type Role } from '../../src/contract/define.ts'
import { hasSignature } from '../../src/contract/file-signatures.ts'
import type { TEXT_ISSUE_TYPES } from '../http/text-check.ts'
import { MULTIPART_TYPE, multipartPayload, sampleFile, type FilePartBody, type PartBody } from './multipart.ts'

/**
 * The cases server/contract-safety.test.ts runs, generated from the contract, so an
 * endpoint is covered the moment it is declared (issue 8). Pure: bench/ can list them
 * (`contractSuiteSize`) without a database.
 *
 * - `no-token`: every endpoint that is not public answers 401 without a token;
 * - `wrong-role`: a student on a manager endpoint and a manager on a student one get 403;
 * - `allowed-role`: each role the access admits gets past the token and role checks;
 * - `foreign-id`: each owned param given another student's object answers 404 (D7);
 * - `fuzz`: hostile input gets a 4xx with a Portuguese `detail`, or a 2xx, never a 5xx;
 *   text no field takes (issue 36: a lone surrogate, bytes that are not UTF-8, a control
 *   character, each in every string field at once) gets a 422; a multipart endpoint's hostile bodies (a file too big, of the wrong type, missing or
 *   extra parts, broken framing) must be refused, most with a known status, and leave no
 *   file in storage.
 *
 * Multipart endpoints are called with a valid body (a sample file per part) wherever the
 * case is not about the body, so the 404 of another student's id comes from the handler,
 * after the files were stored.
 */

/** The endpoints to generate cases for: the contract, or a test's own declarations. */
export type Endpoints = Readonly<Record<string, Endpoint>>

export type CaseKind = 'no-token' | 'wrong-role' | 'allowed-role' | 'foreign-id' | 'fuzz'

/** A request with every part as raw text, so it can be as broken as an attacker likes. */
export interface RawRequest {
  /** Path values, already URL-encoded (or deliberately not). */
  params: Record<string, string>
  /** The query string without `?`. */
  query?: string
  payload?: string | Buffer
  contentType?: string
  headers?: Record<string, string>
  /** The answer a hostile body must get: this status, or any 4xx (`refused`). */
  expect?: number | 'refused'
  /** A 422 that must come from these checks only (their issues' `type`), not from the schema. */
  issueTypes?: readonly string[]
}

export interface ContractCase {
  name: string
  endpointName: string
  endpoint: Endpoint
  kind: CaseKind
  /** The role of the account that calls (none for `no-token`). */
  role?: Role
  /** For `foreign-id`: the owned param whose value is another student's. */
  ownedParam?: string
  request: RawRequest
}

/** Text the fuzz puts wherever a value goes. */
const HUGE = 'a'.repeat(100_000)
const HOSTILE_SEGMENTS: Record<string, string> = {
  negative: '-1',
  zero: '0',
  overflowing: '99999999999999999999999',
  'beyond int4': '2147483648',
  exponent: '1e3',
  'leading zero': '01',
  text: 'abc',
  'broken encoding': '%zz',
  NUL: '%00',
  'encoded slash': '1%2F2',
  long: 'a'.repeat(500),
}
const HOSTILE_QUERY_VALUES: Record<string, string> = {
  ...HOSTILE_SEGMENTS,
  huge: 'a'.repeat(20_000),
  'NUL inside': 'a%00b',
  empty: '',
}
const HOSTILE_JSON_VALUES: Record<string, unknown> = {
  number: 123,
  negative: -1,
  zero: 0,
  overflowing: 1e308,
  boolean: true,
  null: null,
  array: ['a'],
  object: { a: 1 },
  'huge string': HUGE,
  'NUL string': 'a\u0000b',
  'control characters': '\u001b[31m\u0007',
  'numeric string': '99999999999999999999',
}
const HOSTILE_FORM_VALUES: Record<string, string> = {
  'huge string': encodeURIComponent(HUGE.slice(0, 20_000)),
  NUL: 'a%00b',
  'broken encoding': '%zz',
  empty: '',
  'control characters': '%1B%5B31m%07',
}

const ROLES_OF: Record<Exclude<Endpoint['access'], 'public'>, Role[]> = {
  user: ['student', 'manager'],
  student: ['student'],
  manager: ['manager'],
}

/** The role that may call the endpoint (any works for `public` and `user`). */
export function callerRole(endpoint: Endpoint): Role {
  return endpoint.access === 'manager' ? 'manager' : 'student'
}

/** `{name}`s of the path. */
function pathParamNames(endpoint: Endpoint): string[] {
  return [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)
}

function keysOf(schema: unknown): string[] {
  return Object.keys(schemaEntries(schema))
}

/** The first example a schema declares (valibot's `v.examples`) when it accepts it. */
function declaredExample(schema: unknown): unknown {
  const declared = (schema as { pipe?: { type: string; examples?: unknown[] }[] }).pipe?.find((item) => item.type === 'examples')
    ?.examples?.[0]
  return declared !== undefined && v.is(schema as v.GenericSchema, declared) ? declared : undefined
}

/**
 * A value each field accepts, when a simple one does (or the field's declared example, e.g.
 * a multipart request's JSON text field), so one hostile field at a time is what fails.
 */
function plausible(schema: unknown, candidates: readonly unknown[]): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schemaEntries(schema)).map(([key, entry]) => [
      key,
      declaredExample(entry) ?? candidates.find((candidate) => v.is(entry, candidate)) ?? candidates[0],
    ]),
  )
}

const plausibleJson = (schema: unknown) => plausible(schema, ['valor-plausivel', 1, true, '1', 'true'])
/**
 * A JSON body the schema accepts, nested lists and objects included (a list of answers, a
 * timestamp), so a case that is not about the body gets past its validation. The
 * last candidates fill a card: a number the sandbox approves, a CVV, next year.
 */
function exampleJson(schema: unknown): unknown {
  // A field that declares an example (valibot's `v.examples`) gets it, e.g. a product code that exists.
  const declared = declaredExample(schema)
  if (declared !== undefined) return declared
  const candidates = [
    'valor-plausivel',
    1,
    true,
    '1',
    'true',
    new Date().toISOString(),
    '2026-01-01',
    '4111111111111111',
    '123',
    new Date().getFullYear() + 1,
  ]
  const found = candidates.find((candidate) => v.is(schema as v.GenericSchema, candidate))
  if (found !== undefined) return found
  const node = schema as { entries?: Record<string, unknown>; item?: unknown; wrapped?: unknown }
  if (node.entries) return Object.fromEntries(Object.entries(node.entries).map(([key, entry]) => [key, exampleJson(entry)]))
  if (node.item) return [exampleJson(node.item)]
  if (node.wrapped) return exampleJson(node.wrapped)
  return candidates[0]
}

const plausibleForm = (schema: unknown) => plausible(schema, ['valor-plausivel', '1', 'true']) as Record<string, string>

function validParams(endpoint: Endpoint): Record<string, string> {
  return Object.fromEntries(pathParamNames(endpoint).map((name) => [name, '1']))
}

/** A file the part accepts: its first media type, small. */
function sampleOf(name: string, part: FilePart, size = Math.min(1024, part.maxBytes)): FilePartBody {
  const type = part.mediaTypes[0]!
  return { name, filename: `amostra-${name}`, contentType: type, bytes: sampleFile(type, size) }
}

/** The text fields and one sample file per declared part. */
function validMultipart(endpoint: Endpoint): PartBody[] {
  const fields = Object.entries(plausibleForm(endpoint.body)).map(([name, value]) => ({ name, value }))
  return [...fields, ...Object.entries(endpoint.multipart!.files).map(([name, part]) => sampleOf(name, part))]
}

/** A value for each header the endpoint declares (an upload's `Idempotency-Key`). */
function validHeaders(endpoint: Endpoint): Record<string, string> {
  return plausibleForm(endpoint.headers)
}

/** The request a case sends when its point is not the body: params, headers, and a valid multipart body. */
function baseRequest(endpoint: Endpoint): RawRequest {
  const params = validParams(endpoint)
  const headers = validHeaders(endpoint)
  return endpoint.multipart
    ? { params, headers, payload: multipartPayload(validMultipart(endpoint)), contentType: MULTIPART_TYPE }
    : { params, headers }
}

function fuzzRequests(endpoint: Endpoint): [string, RawRequest][] {
  // Hostile URLs and headers go with a valid body where one is needed to get that far.
  const base = baseRequest(endpoint)
  const { params, headers } = base
  const cases: [string, RawRequest][] = []
  for (const name of pathParamNames(endpoint)) {
    for (const [label, value] of Object.entries(HOSTILE_SEGMENTS))
      cases.push([`path ${name}: ${label}`, { ...base, params: { ...params, [name]: value } }])
  }

  const queryKeys = keysOf(endpoint.query)
  for (const key of queryKeys) {
    for (const [label, value] of Object.entries(HOSTILE_QUERY_VALUES))
      cases.push([`query ${key}: ${label}`, { ...base, query: `${key}=${value}` }])
    cases.push([`query ${key}: repeated`, { ...base, query: `${key}=1&${key}=2` }])
  }
  cases.push(['query: unknown key', { ...base, query: 'desconhecido=1' }])
  cases.push(['query: broken encoding in a key', { ...base, query: '%zz=1' }])

  for (const key of keysOf(endpoint.headers)) {
    cases.push([`header ${key}: huge`, { ...base, headers: { ...headers, [key]: 'a'.repeat(8_000) } }])
    cases.push([`header ${key}: spaces`, { ...base, headers: { ...headers, [key]: 'a b c' } }])
  }
  // Every endpoint reads the caller's zone (D21).
  for (const tmz of ['NaN', '1e999', '-99999999999999999999', 'a'.repeat(4_000)])
    cases.push([`header tmz: ${tmz.slice(0, 20)}`, { ...base, headers: { ...headers, tmz } }])

  if (endpoint.multipart) cases.push(...multipartFuzz(endpoint, params, headers ?? {}))
  else if (endpoint.body) cases.push(...bodyFuzz(endpoint, params))
  cases.push(...textFuzz(endpoint, base))
  return cases
}

/** Bytes no UTF-8 decoder reads as text (issue 36 item 5), and the placeholder they replace in a payload. */
const INVALID_UTF8 = Buffer.from([0xff, 0xfe, 0xc3])
const INVALID_UTF8_MARK = '@@bytes-FF-FE-C3@@'

/** `payload` as bytes, every INVALID_UTF8_MARK replaced by INVALID_UTF8. */
function withInvalidUtf8(payload: string | Buffer): Buffer {
  const bytes = Buffer.from(payload)
  const mark = Buffer.from(INVALID_UTF8_MARK)
  const pieces: Buffer[] = []
  let from = 0
  for (let at = bytes.indexOf(mark); at !== -1; at = bytes.indexOf(mark, from)) {
    pieces.push(bytes.subarray(from, at), INVALID_UTF8)
    from = at + mark.length
  }
  pieces.push(bytes.subarray(from))
  return Buffer.concat(pieces)
}

/** `value` with every string in it (nested lists and objects too) replaced by `text`. */
function everyString(value: unknown, text: string): unknown {
  if (typeof value === 'string') return text
  if (Array.isArray(value)) return value.map((item) => everyString(item, text))
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, everyString(item, text)]))
  }
  return value
}

/**
 * Issue 36 item 4: text no field takes, in every string field of the request at once, one
 * case per kind, refused with 422 before the handler (server/http/text-check.ts). A lone
 * surrogate can only travel in JSON (`"\ud800"`); invalid UTF-8 in a raw body (JSON, form,
 * multipart text); a control character anywhere (path and query too). The 422 must come
 * from the text check, not from the schema (the other fields of these bodies are not all
 * valid). An endpoint that judges a signature before the body (the Pix webhook)
 * answers its 401 first.
 */
function textFuzz(endpoint: Endpoint, base: RawRequest): [string, RawRequest][] {
  const signed = keysOf(endpoint.headers).some((key) => key.endsWith('-signature'))
  const refusal = (type: (typeof TEXT_ISSUE_TYPES)[number]) => ({ expect: signed ? 401 : 422, issueTypes: [type] })
  const encoding = endpoint.bodyEncoding ?? 'json'
  const control = 'a\u0007b'
  const bodies: Partial<Record<'surrogate' | 'bytes' | 'control', Pick<RawRequest, 'payload' | 'contentType'>>> = {}
  if (endpoint.multipart) {
    const texts = (value: string) => validMultipart(endpoint).map((part) => ('bytes' in part ? part : { ...part, value }))
    if (keysOf(endpoint.body).length > 0) {
      bodies.bytes = { payload: withInvalidUtf8(multipartPayload(texts(INVALID_UTF8_MARK))), contentType: MULTIPART_TYPE }
      bodies.control = { payload: multipartPayload(texts(control)), contentType: MULTIPART_TYPE }
    }
  } else if (endpoint.body && encoding === 'form') {
    const form = (value: string) =>
      keysOf(endpoint.body)
        .map((key) => `${key}=${value}`)
        .join('&')
    const contentType = 'application/x-www-form-urlencoded'
    bodies.bytes = { payload: withInvalidUtf8(form(INVALID_UTF8_MARK)), contentType }
    bodies.control = { payload: form(encodeURIComponent(control)), contentType }
  } else if (endpoint.body) {
    const example = exampleJson(endpoint.body)
    const json = (text: string) => JSON.stringify(everyString(example, text))
    if (json('') !== json('x')) {
      const contentType = 'application/json'
      bodies.surrogate = { payload: json('a\ud800'), contentType }
      bodies.bytes = { payload: withInvalidUtf8(json(INVALID_UTF8_MARK)), contentType }
      bodies.control = { payload: json(control), contentType }
    }
  }
  const cases: [string, RawRequest][] = []
  if (bodies.surrogate)
    cases.push(['text: a lone surrogate in every string field', { ...base, ...bodies.surrogate, ...refusal('lone_surrogate') }])
  if (bodies.bytes) cases.push(['text: invalid UTF-8 in every string field', { ...base, ...bodies.bytes, ...refusal('invalid_utf8') }])
  // Path and query values are text too: the control character goes there as well.
  const params = Object.fromEntries(Object.keys(base.params).map((name) => [name, encodeURIComponent(control)]))
  const queryKeys = keysOf(endpoint.query)
  const query = queryKeys.length > 0 ? queryKeys.map((key) => `${key}=${encodeURIComponent(control)}`).join('&') : undefined
  if (bodies.control || queryKeys.length > 0 || Object.keys(params).length > 0) {
    cases.push([
      'text: a control character in every string field',
      { ...base, ...bodies.control, params, ...(query === undefined ? {} : { query }), ...refusal('control_character') },
    ])
  }
  return cases
}

/** Text every text field of a multipart body gets in turn, raw (no URL encoding in multipart). */
const HOSTILE_MULTIPART_TEXT: Record<string, string> = {
  'huge string': HUGE.slice(0, 20_000),
  NUL: 'a\u0000b',
  'control characters': '\u001b[31m\u0007',
  empty: '',
  'numeric string': '99999999999999999999',
}

function multipartFuzz(endpoint: Endpoint, params: Record<string, string>, headers: Record<string, string>): [string, RawRequest][] {
  const files = endpoint.multipart!.files
  const valid = validMultipart(endpoint)
  const body = (parts: PartBody[], expect?: RawRequest['expect']): RawRequest => ({
    params,
    headers,
    payload: multipartPayload(parts),
    contentType: MULTIPART_TYPE,
    ...(expect === undefined ? {} : { expect }),
  })
  const without = (name: string) => valid.filter((part) => part.name !== name)
  const bytes = multipartPayload(valid)
  const cases: [string, RawRequest][] = [
    ['multipart: valid', body(valid)],
    [
      'multipart: JSON instead',
      { params, headers, payload: JSON.stringify(plausibleJson(endpoint.body)), contentType: 'application/json', expect: 415 },
    ],
    ['multipart: form instead', { params, headers, payload: 'a=1', contentType: 'application/x-www-form-urlencoded', expect: 415 }],
    ['multipart: no body', { params, headers, expect: 415 }],
    ['multipart: no boundary', { params, headers, payload: bytes, contentType: 'multipart/form-data', expect: 400 }],
    [
      'multipart: wrong boundary',
      { params, headers, payload: bytes, contentType: 'multipart/form-data; boundary=outra-fronteira', expect: 400 },
    ],
    ['multipart: cut short', { params, headers, payload: bytes.subarray(0, bytes.length - 100), contentType: MULTIPART_TYPE, expect: 400 }],
    [
      'multipart: not closed',
      { params, headers, payload: multipartPayload(valid, { close: false }), contentType: MULTIPART_TYPE, expect: 400 },
    ],
    ['multipart: garbage', { params, headers, payload: 'isto não é multipart', contentType: MULTIPART_TYPE, expect: 400 }],
    ['multipart: field named __proto__', body([{ name: '__proto__', value: '{"role":"manager"}' }, ...valid], 400)],
    ['multipart: undeclared file part', body([...valid, sampleOf('extra', Object.values(files)[0]!)], 422)],
    ['multipart: undeclared text field', body([...valid, { name: 'extra', value: '1' }], 422)],
    ['multipart: a flood of parts', body([...valid, ...Array.from({ length: 200 }, () => valid[0]!)], 'refused')],
  ]
  for (const [name, part] of Object.entries(files)) {
    const at = `multipart file ${name}`
    const others = without(name)
    cases.push([`${at}: over its limit`, body([...others, sampleOf(name, part, part.maxBytes + 1)], 413)])
    cases.push([`${at}: undeclared type`, body([...others, { ...sampleOf(name, part), contentType: 'application/x-msdownload' }], 415)])
    if (hasSignature(part.mediaTypes[0]!)) {
      const disguised = { ...sampleOf(name, part), bytes: new TextEncoder().encode('MZ\u0090 um executável disfarçado') }
      cases.push([`${at}: content not of its type`, body([...others, disguised], 415)])
    }
    cases.push([`${at}: empty`, body([...others, { ...sampleOf(name, part), bytes: new Uint8Array() }], 422)])
    const many = Array.from({ length: (part.maxCount ?? 1) + 1 }, () => sampleOf(name, part))
    cases.push([`${at}: one file too many`, body([...others, ...many], 422)])
    if (part.required) cases.push([`${at}: missing`, body(others, 422)])
    cases.push([`${at}: sent as text`, body([...others, { name, value: 'não é um arquivo' }], 422)])
    for (const [label, filename] of Object.entries({ traversal: '../../../../etc/passwd', long: 'a'.repeat(2_000), control: 'a\u0007b' })) {
      cases.push([`${at}: file name ${label}`, body([...others, { ...sampleOf(name, part), filename }])])
    }
  }
  for (const key of keysOf(endpoint.body)) {
    const at = `multipart field ${key}`
    const others = without(key)
    cases.push([`${at}: missing`, body(others)])
    cases.push([`${at}: repeated`, body([...valid, { name: key, value: 'outro' }])])
    cases.push([`${at}: over the field size`, body([{ name: key, value: 'a'.repeat(1_100_000) }, ...others], 413)])
    for (const [label, value] of Object.entries(HOSTILE_MULTIPART_TEXT))
      cases.push([`${at}: ${label}`, body([{ name: key, value }, ...others])])
  }
  return cases
}

function bodyFuzz(endpoint: Endpoint, params: Record<string, string>): [string, RawRequest][] {
  const keys = keysOf(endpoint.body)
  const cases: [string, RawRequest][] = []
  if (endpoint.bodyEncoding === 'form') {
    const form = 'application/x-www-form-urlencoded'
    const valid = Object.entries(plausibleForm(endpoint.body)).map(([key, value]) => `${key}=${value}`)
    cases.push(['body: empty', { params, payload: '', contentType: form }])
    cases.push(['body: not a form', { params, payload: '{"a":1}', contentType: form }])
    cases.push([
      'body: wrong content type',
      { params, payload: JSON.stringify(plausibleJson(endpoint.body)), contentType: 'application/json' },
    ])
    cases.push(['body: text/plain', { params, payload: valid.join('&'), contentType: 'text/plain' }])
    cases.push(['body: extra field', { params, payload: [...valid, 'extra=1'].join('&'), contentType: form }])
    for (const key of keys) {
      cases.push([
        `body ${key}: missing`,
        { params, payload: valid.filter((pair) => !pair.startsWith(`${key}=`)).join('&'), contentType: form },
      ])
      cases.push([`body ${key}: repeated`, { params, payload: [...valid, `${key}=outro`].join('&'), contentType: form }])
      for (const [label, value] of Object.entries(HOSTILE_FORM_VALUES)) {
        const payload = valid.map((pair) => (pair.startsWith(`${key}=`) ? `${key}=${value}` : pair)).join('&')
        cases.push([`body ${key}: ${label}`, { params, payload, contentType: form }])
      }
    }
    return cases
  }

  const json = 'application/json'
  const valid = plausibleJson(endpoint.body)
  // Past any body limit a deployment would set (BODY_LIMIT_BYTES, 1 MiB by default): 413.
  cases.push(['body: 5 MB', { params, payload: JSON.stringify({ a: 'a'.repeat(5_000_000) }), contentType: json }])
  cases.push(['body: malformed JSON', { params, payload: '{"a":', contentType: json }])
  cases.push(['body: empty', { params, payload: '', contentType: json }])
  cases.push(['body: wrong content type', { params, payload: JSON.stringify(valid), contentType: 'text/plain' }])
  cases.push(['body: form instead of JSON', { params, payload: 'a=1', contentType: 'application/x-www-form-urlencoded' }])
  cases.push(['body: deeply nested', { params, payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}`, contentType: json }])
  for (const [label, value] of Object.entries({ array: [], null: null, string: 'x', number: 1, 'no fields': {} })) {
    cases.push([`body: ${label}`, { params, payload: JSON.stringify(value), contentType: json }])
  }
  cases.push(['body: extra field', { params, payload: JSON.stringify({ ...valid, extra: 'x' }), contentType: json }])
  cases.push([
    'body: prototype pollution',
    { params, payload: '{"__proto__":{"role":"manager"},"constructor":{"prototype":{"x":1}}}', contentType: json },
  ])
  for (const key of keys) {
    const { [key]: _missing, ...rest } = valid
    cases.push([`body ${key}: missing`, { params, payload: JSON.stringify(rest), contentType: json }])
    for (const [label, value] of Object.entries(HOSTILE_JSON_VALUES)) {
      cases.push([`body ${key}: ${label}`, { params, payload: JSON.stringify({ ...valid, [key]: value }), contentType: json }])
    }
  }
  return cases
}

/** Every case for every endpoint of the contract (or of a test's own endpoints). */
export function contractCases(endpoints: Endpoints): ContractCase[] {
  const cases: ContractCase[] = []
  for (const [endpointName, endpoint] of Object.entries(endpoints)) {
    const at = `${endpoint.method} ${endpoint.path}`
    const base = { endpointName, endpoint }
    const request = baseRequest(endpoint)
    if (endpoint.access !== 'public') {
      cases.push({ ...base, kind: 'no-token', name: `${at} without a token → 401`, request })
      for (const role of ROLES_OF[endpoint.access]) {
        cases.push({ ...base, kind: 'allowed-role', role, name: `${at} as a ${role} → past the checks`, request })
      }
      for (const role of (['student', 'manager'] as const).filter(
        (role) => !ROLES_OF[endpoint.access as keyof typeof ROLES_OF].includes(role),
      )) {
        cases.push({ ...base, kind: 'wrong-role', role, name: `${at} as a ${role} → 403`, request })
      }
    }
    for (const ownedParam of Object.keys(endpoint.owned ?? {})) {
      cases.push({
        ...base,
        kind: 'foreign-id',
        role: 'student',
        ownedParam,
        name: `${at} with another student's ${ownedParam} → 404`,
        // A JSON body that passes validation, so the 404 comes from the ownership check.
        request:
          endpoint.body && (endpoint.bodyEncoding ?? 'json') === 'json'
            ? { ...request, payload: JSON.stringify(exampleJson(endpoint.body)), contentType: 'application/json' }
            : request,
      })
    }
    for (const [label, request] of fuzzRequests(endpoint)) {
      cases.push({ ...base, kind: 'fuzz', role: callerRole(endpoint), name: `${at} fuzz ${label}`, request })
    }
  }
  return cases
}

/** For bench/: how big the generated suite is. */
export function contractSuiteSize(endpoints: Endpoints): { endpoints: number; cases: number; byKind: Record<CaseKind, number> } {
  const cases = contractCases(endpoints)
  const byKind: Record<CaseKind, number> = { 'no-token': 0, 'wrong-role': 0, 'allowed-role': 0, 'foreign-id': 0, fuzz: 0 }
  for (const item of cases) byKind[item.kind]++
  return { endpoints: new Set(cases.map((item) => item.endpointName)).size, cases: cases.length, byKind }
}
