import { join } from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contract } from '../src/contract/contract.ts'
import type { Role } from '../src/contract/define.ts'
import { MANAGERS_ONLY, STUDENTS_ONLY } from './plugins/auth.ts'
import { createAccount, OWNED_FACTORIES } from './test/accounts.ts'
import { createTestApp, type TestApp } from './test/app.ts'
import { contractCases, type CaseKind, type ContractCase, type Endpoints, type RawRequest } from './test/contract-cases.ts'
import { filesOnDisk } from './test/multipart.ts'
import { registerUploadTestRoutes, uploadTestContract } from './test/upload-endpoint.ts'

/**
 * The safety net generated from the contract (issue 8): every endpoint, as soon as it is
 * declared, is tried without a token, with the wrong role, with another student's ids and
 * with hostile input (server/test/contract-cases.ts lists the cases). Each case creates
 * the accounts and data it uses.
 */

/** English words valibot, Fastify or Node would use; none belongs in an answer (issue 8). */
const ENGLISH =
  /\b(invalid|expected|received|request|not found|unsupported|error|must|should|failed|unexpected|body|missing|too large|payload|forbidden|unauthorized)\b/i

/** The answer is JSON with a `detail` a Portuguese reader gets: a text, or FastAPI-style issues (D2). */
function expectPortugueseDetail(response: LightMyRequestResponse): void {
  expect(response.headers['content-type'], response.body.slice(0, 200)).toMatch(/^application\/json/)
  const { detail } = response.json<{ detail: unknown }>()
  const texts = typeof detail === 'string' ? [detail] : Array.isArray(detail) ? detail.map((issue: { msg: unknown }) => issue.msg) : []
  expect(texts.length, response.body.slice(0, 200)).toBeGreaterThan(0)
  for (const text of texts) {
    expect(typeof text).toBe('string')
    expect(text, response.body.slice(0, 200)).not.toMatch(ENGLISH)
    expect((text as string).length).toBeGreaterThan(0)
  }
}

const ENGINE = process.env.TEST_DB_ENGINE ?? 'pglite'

/**
 * Cases whose answer comes before the endpoint's handler: no token and the wrong role are
 * refused by the authentication hook (the token's account is read there, by every allowed
 * case as well), and a hostile request the case expects to be refused by the body's parser,
 * the contract's validation or its text floor (415, 413, 400, 422; the Pix webhook's 401 for
 * its signature, judged first). Their answer cannot depend on the engine,
 * so they run once, on PGlite; everything that reaches a handler runs on both (issue 35).
 */
function refusedBeforeSql(item: ContractCase): boolean {
  return item.kind === 'no-token' || item.kind === 'wrong-role' || (item.kind === 'fuzz' && item.request.expect !== undefined)
}

/** The generated cases of `endpoints`, against an app that serves them. */
function generatedSuite(title: string, endpoints: Endpoints, build: () => Promise<TestApp>): void {
  const cases = contractCases(endpoints)
  const ofKind = (kind: CaseKind) => cases.filter((item) => item.kind === kind)

  describe(title, () => {
    let t: TestApp
    beforeAll(async () => {
      t = await build()
    })
    afterAll(() => t.close())

    function send(item: ContractCase, token: string | null, request: RawRequest = item.request): Promise<LightMyRequestResponse> {
      const { endpoint } = item
      const base = endpoint.service === 'drive' ? t.app.basePaths.drive : t.app.basePaths.portal
      const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => request.params[name]!)
      return t.app.inject({
        method: endpoint.method,
        url: `${base}${path}${request.query === undefined ? '' : `?${request.query}`}`,
        payload: request.payload,
        headers: {
          ...(request.contentType ? { 'content-type': request.contentType } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...request.headers,
        },
      })
    }

    async function tokenOf(role: Role): Promise<string> {
      return (await createAccount(t.app, t.db, role)).token
    }

    /**
     * Runs `act`; if the endpoint takes files and the answer is an error, storage must hold
     * exactly what it held before: no file of a refused request stays, not even a partial.
     */
    async function keepsStorage(item: ContractCase, act: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
      const root = join(t.config.dataDir, 'files')
      const before = item.endpoint.multipart ? await filesOnDisk(root) : null
      const response = await act()
      if (before && response.statusCode >= 400) expect(await filesOnDisk(root), 'files left in storage').toEqual(before)
      return response
    }

    /**
     * One test per case, named in full (vitest's `$name` cuts names at 40 characters). A case
     * refused before the handler runs any SQL of its own runs on PGlite only (issue 35).
     */
    function eachCase(kind: CaseKind, test: (item: ContractCase) => Promise<void>): void {
      for (const item of ofKind(kind)) if (ENGINE === 'pglite' || !refusedBeforeSql(item)) it(item.name, () => test(item))
    }

    it('covers every endpoint', () => {
      expect(new Set(cases.map((item) => item.endpointName))).toEqual(new Set(Object.keys(endpoints)))
    })

    eachCase('no-token', async (item) => {
      const response = await keepsStorage(item, () => send(item, null))
      expect(response.statusCode).toBe(401)
      expect(response.headers['www-authenticate']).toBe('Bearer')
      expect(response.json()).toEqual({ detail: 'Não autenticado' })
    })

    eachCase('wrong-role', async (item) => {
      const token = await tokenOf(item.role!)
      const response = await keepsStorage(item, () => send(item, token))
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ detail: item.role === 'manager' ? STUDENTS_ONLY : MANAGERS_ONLY })
    })

    eachCase('allowed-role', async (item) => {
      const token = await tokenOf(item.role!)
      const response = await keepsStorage(item, () => send(item, token))
      expect([401, 403], response.body.slice(0, 200)).not.toContain(response.statusCode)
      expect(response.statusCode).toBeLessThan(500)
    })

    eachCase('foreign-id', async (item) => {
      const [me, other] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
      // The endpoint's last owned kind is the most specific (a file of an activity): its
      // factory makes the objects it belongs to as well, so every owned param names theirs.
      const owned = item.endpoint.owned!
      const theirs = await OWNED_FACTORIES[Object.values(owned).at(-1)!](t.db, other.id, t.app.fileStorage)
      const params = { ...item.request.params }
      for (const [param, kind] of Object.entries(owned)) if (theirs[kind] !== undefined) params[param] = String(theirs[kind])
      const request = { ...item.request, params }

      const foreign = await keepsStorage(item, () => send(item, me.token, request))
      expect(foreign.statusCode, foreign.body).toBe(404)
      expectPortugueseDetail(foreign)
      // The same ids are real: their owner gets them (a first upload is 201).
      const own = await send(item, other.token, request)
      expect([200, 201], own.body.slice(0, 300)).toContain(own.statusCode)
    })

    eachCase('fuzz', async (item) => {
      const token = await tokenOf(item.role!)
      const response = await keepsStorage(item, () => send(item, token))
      expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500)
      if (response.statusCode >= 400) expectPortugueseDetail(response)
      const expected = item.request.expect
      if (expected === 'refused') expect(response.statusCode, response.body.slice(0, 300)).toBeGreaterThanOrEqual(400)
      else if (expected !== undefined) expect(response.statusCode, response.body.slice(0, 300)).toBe(expected)
      // Refused by the check the case is about (issue 36's text floor), not by another one.
      if (item.request.issueTypes && response.statusCode === 422) {
        const types = response.json<{ detail: { type: string }[] }>().detail.map((issue) => issue.type)
        expect(types.length).toBeGreaterThan(0)
        for (const type of types) expect(item.request.issueTypes, response.body.slice(0, 300)).toContain(type)
      }
    })
  })
}

generatedSuite('generated from the contract', contract, () => createTestApp())

// The contract has no multipart endpoint yet (issue 10 adds uploads): the same cases run on
// one the tests declare, served by the same contractRoute and plugins. A multipart endpoint
// added to the contract gets them above the moment it is declared.
generatedSuite('generated for a multipart endpoint', uploadTestContract, () => createTestApp({}, { register: registerUploadTestRoutes }))
