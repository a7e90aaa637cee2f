import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contract } from '../src/api/contract.ts'
import type { Role } from '../src/api/define.ts'
import { MANAGERS_ONLY, STUDENTS_ONLY } from './plugins/auth.ts'
import { createAccount, OWNED_FACTORIES } from './test/accounts.ts'
import { createTestApp, type TestApp } from './test/app.ts'
import { contractCases, type CaseKind, type ContractCase, type RawRequest } from './test/contract-cases.ts'

/**
 * The safety net generated from the contract (issue 8): every endpoint, as soon as it is
 * declared, is tried without a token, with the wrong role, with another student's ids and
 * with hostile input (server/test/contract-cases.ts lists the cases). Each case creates
 * the accounts and data it uses.
 */

const cases = contractCases(contract)
const ofKind = (kind: CaseKind) => cases.filter((item) => item.kind === kind)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
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

describe('generated from the contract', () => {
  it('covers every endpoint', () => {
    expect(new Set(cases.map((item) => item.endpointName))).toEqual(new Set(Object.keys(contract)))
  })

  it.each(ofKind('no-token'))('$name', async (item) => {
    const response = await send(item, null)
    expect(response.statusCode).toBe(401)
    expect(response.headers['www-authenticate']).toBe('Bearer')
    expect(response.json()).toEqual({ detail: 'Não autenticado' })
  })

  it.each(ofKind('wrong-role'))('$name', async (item) => {
    const response = await send(item, await tokenOf(item.role!))
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ detail: item.role === 'manager' ? STUDENTS_ONLY : MANAGERS_ONLY })
  })

  it.each(ofKind('allowed-role'))('$name', async (item) => {
    const response = await send(item, await tokenOf(item.role!))
    expect([401, 403], response.body.slice(0, 200)).not.toContain(response.statusCode)
    expect(response.statusCode).toBeLessThan(500)
  })

  it.each(ofKind('foreign-id'))('$name', async (item) => {
    const [me, other] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
    const param = item.ownedParam!
    const theirs = await OWNED_FACTORIES[item.endpoint.owned![param]!](t.db, other.id)
    const request = { ...item.request, params: { ...item.request.params, [param]: String(theirs) } }

    const foreign = await send(item, me.token, request)
    expect(foreign.statusCode, foreign.body).toBe(404)
    expectPortugueseDetail(foreign)
    // The same id is real: its owner gets it.
    const own = await send(item, other.token, request)
    expect(own.statusCode, own.body).toBe(200)
  })

  it.each(ofKind('fuzz'))('$name', async (item) => {
    const response = await send(item, await tokenOf(item.role!))
    expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500)
    if (response.statusCode >= 400) expectPortugueseDetail(response)
  })
})
