import { toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import { contract, contractAreas } from '../../src/contract/contract.ts'
import { answersFile, schemaEntries, type Endpoint } from '../../src/contract/define.ts'
import { PORTAL_BASE_PATH } from './contract-route.ts'

/**
 * The API as published (issue 39 item 6): an OpenAPI 3.1 document written from the contract,
 * the one place every endpoint is declared, so the description cannot drift from the code.
 * Each operation has its access (`x-access`: public, user, student, manager, and the bearer
 * scheme unless public), its parameters, headers (Idempotency-Key), JSON, form or multipart
 * body (each file part with its media types, size and count), its answer and its errors (the
 * texts SPEC §8 fixes, and the `{detail}` shape with `request_id` on a 5xx).
 *
 * Schemas are JSON Schema 2020-12 (OpenAPI 3.1's own) from the valibot schemas; a check that
 * JSON Schema cannot say (a transform, a custom rule) is left out rather than guessed, so the
 * published schema may accept a little more than the server does, never less.
 */

type JsonSchema = ReturnType<typeof toJsonSchema>

const CONVERSION: ConversionConfig = { target: 'draft-2020-12', errorMode: 'ignore' }
const inputSchema = (schema: v.GenericSchema): JsonSchema => toJsonSchema(schema, { ...CONVERSION, typeMode: 'input' })
const outputSchema = (schema: v.GenericSchema): JsonSchema => toJsonSchema(schema, { ...CONVERSION, typeMode: 'output' })

/** Whether an entry accepts no value (valibot's optional and nullish wrappers). */
function isOptional(schema: v.GenericSchema): boolean {
  const type = (schema as { type?: string }).type
  return type === 'optional' || type === 'nullish' || type === 'exact_optional'
}

const ERROR_BODY: JsonSchema = {
  type: 'object',
  properties: {
    detail: {
      description: 'What failed, in Portuguese; on 422 the list of invalid fields (`loc`, `msg`, `type`).',
      anyOf: [{ type: 'string' }, { type: 'object', properties: { message: { type: 'string' } } }, { type: 'array' }],
    },
    request_id: { type: 'string', description: 'On a 5xx: the request id, also in `X-Request-Id` ("Código do erro").' },
  },
  required: ['detail'],
}

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }
}

/** The area (tag) an endpoint is declared in: src/contract/endpoints/<area>.ts. */
const AREA_OF = new Map<Endpoint, string>(
  Object.entries(contractAreas).flatMap(([area, endpoints]) => Object.values(endpoints).map((endpoint) => [endpoint as Endpoint, area])),
)

function requestBody(endpoint: Endpoint) {
  const encoding = endpoint.bodyEncoding ?? 'json'
  if (encoding === 'multipart') {
    const properties: Record<string, JsonSchema> = {}
    const required: string[] = []
    const partEncoding: Record<string, { contentType: string }> = {}
    for (const [name, schema] of Object.entries(schemaEntries(endpoint.body))) {
      properties[name] = inputSchema(schema)
      if (!isOptional(schema)) required.push(name)
    }
    for (const [name, part] of Object.entries(endpoint.multipart?.files ?? {})) {
      const file: JsonSchema = { type: 'string', contentMediaType: part.mediaTypes.join(', '), description: `até ${part.maxBytes} bytes` }
      properties[name] = part.maxCount === undefined ? file : { type: 'array', items: file, maxItems: part.maxCount }
      partEncoding[name] = { contentType: part.mediaTypes.join(', ') }
      if (part.required) required.push(name)
    }
    return {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties, required }, encoding: partEncoding } },
    }
  }
  if (!endpoint.body) return undefined
  const type = encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json'
  return { required: true, content: { [type]: { schema: inputSchema(endpoint.body) } } }
}

function parameters(endpoint: Endpoint) {
  const list: Record<string, unknown>[] = []
  const add = (where: 'path' | 'query' | 'header', schema: v.GenericSchema | undefined) => {
    for (const [name, entry] of Object.entries(schemaEntries(schema)))
      list.push({ name, in: where, required: where === 'path' || !isOptional(entry), schema: inputSchema(entry) })
  }
  add('path', endpoint.params)
  add('query', endpoint.query)
  add('header', endpoint.headers)
  return list
}

function responses(endpoint: Endpoint) {
  const success = answersFile(endpoint)
    ? {
        description: 'O arquivo.',
        content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
      }
    : { description: 'Resposta.', content: { 'application/json': { schema: outputSchema(endpoint.response) } } }
  const result: Record<string, unknown> = { '2XX': success }
  for (const [status, text] of Object.entries(endpoint.errors.byStatus ?? {})) result[status] = errorResponse(text)
  if (endpoint.access !== 'public') result['401'] ??= errorResponse('Não autenticado.')
  if (endpoint.access === 'student' || endpoint.access === 'manager') result['403'] ??= errorResponse('O papel da conta não permite.')
  if (endpoint.owned) result['404'] ??= errorResponse('Não encontrado (também o que é de outro aluno).')
  result['422'] ??= errorResponse('Dados inválidos: `detail` lista os campos.')
  result['4XX'] = errorResponse(endpoint.errors.fallback)
  result['5XX'] = errorResponse('Falha do servidor, com `request_id`.')
  return result
}

/** The whole document; `drivePath` is where this process serves the drive API (config). */
export function openApiDocument(options: { drivePath: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const [name, endpoint] of Object.entries(contract) as [string, Endpoint][]) {
    const base = endpoint.service === 'portal' ? PORTAL_BASE_PATH : options.drivePath
    const path = `${base}${endpoint.path}`
    const body = requestBody(endpoint)
    ;(paths[path] ??= {})[endpoint.method.toLowerCase()] = {
      operationId: name,
      tags: [AREA_OF.get(endpoint) ?? 'outros'],
      'x-access': endpoint.access,
      description: `Acesso: ${endpoint.access}.`,
      security: endpoint.access === 'public' ? [] : [{ bearer: [] }],
      parameters: parameters(endpoint),
      ...(body ? { requestBody: body } : {}),
      responses: responses(endpoint),
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portal do aluno: API do portal e do drive',
      version: options.version,
      description: 'Gerada do contrato (src/contract): cada endpoint uma vez, com seu acesso, seus esquemas e seus erros.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: ERROR_BODY },
    },
    paths,
  }
}
