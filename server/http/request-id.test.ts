import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError, createApiClient } from '../../src/lib/client.ts'
import { contract } from '../../src/contract/contract.ts'
import { NOT_READY } from '../health.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { createAccount } from '../test/accounts.ts'
import { bearer, createTestApp, injectFetch, type TestApp } from '../test/app.ts'
import { INTERNAL_ERROR } from './errors.ts'
import { incomingRequestId } from './request-id.ts'

/**
 * Request ids (issue 39 item 2) and the readiness probe (item 3), on the real server: what a
 * load balancer, an operator reading the logs and a student quoting "Código do erro" see.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('the incoming X-Request-Id', () => {
  it('is kept when it has a safe shape, and nothing else is', () => {
    expect(incomingRequestId('0f8e6c1a-3b7d-4f0e-9a51-7c2d8e4b6a10')).toBe('0f8e6c1a-3b7d-4f0e-9a51-7c2d8e4b6a10')
    expect(incomingRequestId('Root=1-67891233-abcdef012345678912345678')).toBeUndefined()
    expect(incomingRequestId('lb:edge-01.req_42')).toBe('lb:edge-01.req_42')
    for (const hostile of ['short', 'has space inside', 'line\nbreak-12345', '<script>alert(1)</script>', 'x'.repeat(129), ''])
      expect(incomingRequestId(hostile), hostile).toBeUndefined()
    expect(incomingRequestId(['abcdefgh-1', 'abcdefgh-2'])).toBeUndefined()
    expect(incomingRequestId(undefined)).toBeUndefined()
  })
})

describe('request ids on the server', () => {
  const lines: string[] = []
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(
      { logLevel: 'info' },
      { logStream: new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }) },
    )
  })
  afterAll(() => t.close())

  const logged = (id: string) =>
    lines
      .map(
        (line) => JSON.parse(line) as { reqId?: string; msg?: string; res?: { statusCode: number }; req?: { method: string; url: string } },
      )
      .filter((line) => line.reqId === id)

  it('echoes a well-formed incoming id and puts it on every log line of the request', async () => {
    const id = 'edge-7f3a9c21-request'
    const answer = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: { 'x-request-id': id } })
    expect(answer.statusCode).toBe(401)
    expect(answer.headers['x-request-id']).toBe(id)
    const own = logged(id)
    // One line per request, at its end, with the request itself and its answer's status.
    expect(own.map((line) => line.msg)).toEqual(['request completed'])
    expect(own.at(-1)?.res?.statusCode).toBe(401)
    expect(own.at(-1)?.req).toMatchObject({ method: 'GET', url: '/api/v1/users/me/' })
  })

  it('gives a new id to a request without one, or with one of an unsafe shape', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/healthz' })
    const hostile = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'evil\r\nid <b>' } })
    expect(plain.headers['x-request-id']).toMatch(UUID)
    expect(hostile.headers['x-request-id']).toMatch(UUID)
    expect(hostile.headers['x-request-id']).not.toBe(plain.headers['x-request-id'])
  })

  it('is in the body of a 5xx, in its log line, and in the contract client’s error for the screen', async () => {
    const broken = await createTestApp(
      { logLevel: 'info' },
      { logStream: new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }) },
    )
    const student = await createAccount(broken.app, broken.db)
    // The database goes away under a running server: the next signed-in request fails inside.
    await broken.db.close()
    try {
      const id = 'support-case-31337'
      const answer = await broken.app.inject({
        method: 'GET',
        url: '/api/v1/users/me/',
        headers: { ...bearer(student.token), 'x-request-id': id },
      })
      expect(answer.statusCode).toBe(500)
      expect(answer.json()).toEqual({ detail: INTERNAL_ERROR, request_id: id })
      expect(answer.headers['x-request-id']).toBe(id)
      expect(logged(id).map((line) => line.msg)).toContain('unhandled error')

      // What the app makes of it: the screen's message, and the id to quote.
      const client = createApiClient({
        portalBaseUrl: '/api/v1',
        driveBaseUrl: () => '/drive/api/v1',
        getToken: () => student.token,
        fetch: injectFetch(broken.app),
      })
      const error = await client.call(contract.usersMe).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).status).toBe(500)
      expect((error as ApiError).requestId).toMatch(UUID)
      expect(logged((error as ApiError).requestId!).map((line) => line.msg)).toContain('unhandled error')
    } finally {
      await broken.close()
    }
  })

  it('is not in a 4xx body: a refusal already says what to do', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/' })
    expect(answer.json()).toEqual({ detail: 'Não autenticado' })
  })
})

describe('GET /readyz', () => {
  it('is ready when the database answers, every migration is applied and the storage takes a file', async () => {
    const t = await createTestApp()
    try {
      const answer = await t.app.inject({ method: 'GET', url: '/readyz' })
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toEqual({ status: 'ready', checks: { database: true, migrations: true, storage: true, draining: false } })
      expect(answer.headers['cache-control']).toBe('no-store')
    } finally {
      await t.close()
    }
  })

  it('answers 503 from the moment the process starts draining, while /healthz stays 200', async () => {
    const t = await createTestApp()
    try {
      t.app.startDraining()
      const answer = await t.app.inject({ method: 'GET', url: '/readyz', headers: { 'x-request-id': 'probe-000000001' } })
      expect(answer.statusCode).toBe(503)
      expect(answer.json()).toEqual({
        status: 'unavailable',
        checks: { database: true, migrations: true, storage: true, draining: true },
        detail: NOT_READY,
        request_id: 'probe-000000001',
      })
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })

  it('answers 503 while a migration is not applied', async () => {
    const t = await createTestApp()
    try {
      // As a database restored from a backup taken before the last migration.
      await t.db.orm.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      )
      const answer = await t.app.inject({ method: 'GET', url: '/readyz' })
      expect(answer.statusCode).toBe(503)
      expect(answer.json().checks).toEqual({ database: true, migrations: false, storage: true, draining: false })
    } finally {
      await t.close()
    }
  })

  it('answers 503 when the file storage cannot be written', async () => {
    const refusing: FileStorage = {
      put: () => Promise.reject(new Error('AccessDenied')),
      get: () => Promise.resolve(null),
      delete: () => Promise.resolve(),
      list: async function* () {},
      removeAbandoned: () => Promise.resolve({ removed: 0, bytes: 0 }),
    }
    const t = await createTestApp({}, { fileStorage: refusing })
    try {
      const answer = await t.app.inject({ method: 'GET', url: '/readyz' })
      expect(answer.statusCode).toBe(503)
      expect(answer.json().checks).toEqual({ database: true, migrations: true, storage: false, draining: false })
    } finally {
      await t.close()
    }
  })
})
