import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contract } from '../../src/contract/contract.ts'
import { defineEndpoint } from '../../src/contract/define.ts'
import { IdempotencyKeyHeaders } from '../../src/contract/schemas/common.ts'
import { buildApp } from '../app.ts'
import { testConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { createTestApp, createTestDatabase, type TestApp } from '../test/app.ts'
import { MULTIPART_TYPE, multipartPayload } from '../test/multipart.ts'
import { uploadTestContract } from '../test/upload-endpoint.ts'
import { contractRoute, routeUrl } from './contract-route.ts'

describe('contract coverage (DESIGN.md: every endpoint has a handler)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it.each(Object.entries(contract))('%s is registered at its contract URL', (_name, endpoint) => {
    const url = routeUrl(endpoint, t.app.basePaths)
    expect(t.app.hasRoute({ method: endpoint.method, url }), `${endpoint.method} ${url}`).toBe(true)
  })
})

describe('routeUrl', () => {
  it('turns {name} into :name, keeps the trailing slash and picks the service base', () => {
    const basePaths = { portal: '/api/v1', drive: '/drive/api/v1' }
    expect(routeUrl({ service: 'portal', path: '/at-home/scanear-qr-code/{a}/{b}/' }, basePaths)).toBe(
      '/api/v1/at-home/scanear-qr-code/:a/:b/',
    )
    expect(routeUrl({ service: 'drive', path: '/financeiro-parcelas/{id}/cobranca/execute/pix/portal/' }, basePaths)).toBe(
      '/drive/api/v1/financeiro-parcelas/:id/cobranca/execute/pix/portal/',
    )
  })
})

const errors = { useDetail: true, fallback: 'Erro' }
const itemEndpoint = defineEndpoint({
  method: 'GET',
  path: '/test/items/{id}/',
  service: 'portal',
  access: 'public',
  params: v.object({ id: v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)) }),
  query: v.object({ page: v.optional(v.pipe(v.string(), v.regex(/^\d+$/))) }),
  response: v.object({ id: v.number(), name: v.string() }),
  errors,
})

describe('contractRoute', () => {
  let db: Database
  const lines: string[] = []
  beforeAll(async () => {
    db = await createTestDatabase()
  })
  afterAll(() => db.close())

  async function appWith(answer: (id: number) => unknown, validateResponses = true) {
    lines.length = 0
    const app = await buildApp(testConfig({ validateResponses, seedDemo: false, logLevel: 'error' }), {
      db,
      logStream: new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }),
    })
    contractRoute(app, itemEndpoint, async ({ params }) => answer(params.id) as never)
    return app
  }

  it('hands the handler parsed params and answers what it returns', async () => {
    const app = await appWith((id) => ({ id, name: `item ${id}` }))
    const response = await app.inject({ method: 'GET', url: '/api/v1/test/items/7/?page=2' })
    expect(response.json()).toEqual({ id: 7, name: 'item 7' })
    await app.close()
  })

  it('reports every invalid part with FastAPI locations (D2)', async () => {
    const app = await appWith((id) => ({ id, name: 'x' }))
    const response = await app.inject({ method: 'GET', url: '/api/v1/test/items/abc/?page=two' })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toEqual({
      detail: [
        { loc: ['path', 'id'], msg: 'Formato inválido', type: 'regex' },
        { loc: ['query', 'page'], msg: 'Formato inválido', type: 'regex' },
      ],
    })
    await app.close()
  })

  it('turns an answer the contract does not allow into a 500 and a log line', async () => {
    const app = await appWith((id) => ({ id: String(id), name: 'x' }))
    const response = await app.inject({ method: 'GET', url: '/api/v1/test/items/7/' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ detail: 'Erro interno do servidor', request_id: response.headers['x-request-id'] })
    expect(lines.join('')).toContain('response does not match the contract')
    await app.close()
  })

  it('catches fields the contract does not declare (a leaked column)', async () => {
    const app = await appWith((id) => ({ id, name: 'x', password_hash: '$argon2id$...' }))
    const response = await app.inject({ method: 'GET', url: '/api/v1/test/items/7/' })
    expect(response.statusCode).toBe(500)
    expect(lines.join('')).toContain('password_hash')
    await app.close()
  })

  it('in production too, sends only the declared fields and refuses an answer of the wrong shape', async () => {
    const leaky = await appWith((id) => ({ id, name: 'x', password_hash: '$argon2id$...' }), false)
    const stripped = await leaky.inject({ method: 'GET', url: '/api/v1/test/items/7/' })
    expect(stripped.statusCode).toBe(200)
    expect(stripped.json()).toEqual({ id: 7, name: 'x' })
    expect(stripped.body).not.toContain('argon2')
    await leaky.close()

    const wrong = await appWith((id) => ({ id: String(id), name: 'x' }), false)
    expect((await wrong.inject({ method: 'GET', url: '/api/v1/test/items/7/' })).statusCode).toBe(500)
    await wrong.close()
  })

  it("answers validation failures in Portuguese, never valibot's English defaults", async () => {
    const app = await appWith((id) => ({ id, name: 'x' }))
    const typed = defineEndpoint({
      method: 'POST',
      path: '/test/typed/',
      service: 'portal',
      access: 'public',
      body: v.object({ count: v.number(), tags: v.array(v.string()), kind: v.picklist(['a', 'b']) }),
      response: v.object({ ok: v.boolean() }),
      errors,
    })
    contractRoute(app, typed, async () => ({ ok: true }))
    const response = await app.inject({ method: 'POST', url: '/api/v1/test/typed/', payload: { count: 'x', tags: 'y', kind: 'c' } })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toEqual({
      detail: [
        { loc: ['body', 'count'], msg: 'Este campo só pode conter números', type: 'number' },
        { loc: ['body', 'tags'], msg: 'Este campo deve ser uma lista', type: 'array' },
        { loc: ['body', 'kind'], msg: 'Valor não permitido', type: 'picklist' },
      ],
    })
    await app.close()
  })

  it('validates the headers an endpoint declares and hands them to the handler', async () => {
    const app = await appWith((id) => ({ id, name: 'x' }))
    const write = defineEndpoint({
      method: 'PUT',
      path: '/test/write/',
      service: 'portal',
      access: 'public',
      headers: IdempotencyKeyHeaders,
      response: v.object({ key: v.nullable(v.string()) }),
      errors,
    })
    contractRoute(app, write, async ({ headers }) => ({ key: headers['idempotency-key'] ?? null }))
    const url = '/api/v1/test/write/'
    expect((await app.inject({ method: 'PUT', url, headers: { 'idempotency-key': 'b7c1e2a4-0d9f' } })).json()).toEqual({
      key: 'b7c1e2a4-0d9f',
    })
    expect((await app.inject({ method: 'PUT', url })).json()).toEqual({ key: null })
    const bad = await app.inject({ method: 'PUT', url, headers: { 'idempotency-key': 'a b' } })
    expect(bad.statusCode).toBe(422)
    expect(bad.json()).toEqual({ detail: [{ loc: ['header', 'idempotency-key'], msg: 'Formato inválido', type: 'regex' }] })
    await app.close()
  })

  it('refuses a multipart declaration that is half made (file parts without the multipart encoding, or the reverse)', async () => {
    const app = await appWith((id) => ({ id, name: 'x' }))
    const base = { method: 'POST', service: 'portal', access: 'student', response: v.object({ ok: v.boolean() }), errors } as const
    const files = { documento: { maxBytes: 5_000_000, mediaTypes: ['application/pdf'], required: true } }
    const withoutEncoding = defineEndpoint({ ...base, path: '/test/a/', multipart: { files } })
    expect(() => contractRoute(app, withoutEncoding, async () => ({ ok: true }))).toThrow("bodyEncoding 'multipart', both or neither")
    const withoutParts = defineEndpoint({ ...base, path: '/test/b/', bodyEncoding: 'multipart' })
    expect(() => contractRoute(app, withoutParts, async () => ({ ok: true }))).toThrow("bodyEncoding 'multipart', both or neither")
    await app.close()
  })

  it('answers 415 to a multipart body sent to a JSON endpoint', async () => {
    const app = await appWith((id) => ({ id, name: 'x' }))
    const typed = defineEndpoint({
      method: 'POST',
      path: '/test/json/',
      service: 'portal',
      access: 'public',
      body: v.object({ nome: v.string() }),
      response: v.object({ ok: v.boolean() }),
      errors,
    })
    contractRoute(app, typed, async () => ({ ok: true }))
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/test/json/',
      payload: multipartPayload([{ name: 'nome', value: 'Ana' }]),
      headers: { 'content-type': MULTIPART_TYPE },
    })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toEqual({ detail: 'Tipo de conteúdo não suportado: envie application/json.' })
    await app.close()
  })
})

/**
 * Type-level checks, enforced by `npm run typecheck` (never run): a handler cannot answer a
 * shape its endpoint does not allow (DESIGN.md "The contract is the spine").
 */
export function typeChecks(app: FastifyInstance) {
  // @ts-expect-error the config answer lacks the contract's fields
  contractRoute(app, contract.config, async () => ({ vapid_public_key: 'k' }))
  // @ts-expect-error login answers users[] or a bearer token, not a bare string
  contractRoute(app, contract.loginAccessToken, async () => 'token')
  contractRoute(app, contract.updatePasswordPortal, async ({ body }) => ({
    detail: body.new_password.length > 0 ? 'ok' : 'no',
    access_token: 't',
    token_type: 'bearer' as const,
  }))
  // A multipart handler's files follow the declared parts: one required file, a list.
  contractRoute(app, uploadTestContract.enviarArquivos, async ({ files, params }) => ({
    turma: params.id,
    descricao: files.arquivo.name,
    // @ts-expect-error `anexos` declares maxCount: a list, not one file
    arquivos: [{ campo: 'anexos', nome: files.anexos?.name ?? '', tipo: '', tamanho: 0, chave: '' }],
  }))
  // @ts-expect-error an endpoint without file parts hands the handler no files
  contractRoute(app, contract.config, async ({ files }) => files.arquivo)
}
