import { runInNewContext } from 'node:vm'
import { afterEach, describe, expect, it } from 'vitest'
import { createApiClient } from './client.ts'
import { financeiroEndpoints } from '../contract/endpoints/financeiro.ts'
import { pedagogicoEndpoints } from '../contract/endpoints/pedagogico.ts'
import { pedidoEndpoints } from '../contract/endpoints/pedidos.ts'
import { clubEndpoints } from '../contract/endpoints/club.ts'
import { EARLY_REQUESTS, earlyAnswersAreFull, SHELL_EARLY_ANSWERS_SCRIPT, takeEarlyAnswer } from '../contract/early-answers.ts'
import { STORAGE_KEYS } from './local-store.ts'
import { demoStudent } from '../contract/schemas/user.fixture.ts'

const TOKEN = 'the-token'
const ANSWERS: Record<string, unknown> = {
  '/api/v1/at-home/financeiro/': { parcelas: [], totais: { pago: 0, aberto: 0, vencido: 0 } },
  '/api/v1/at-home/turmas/': [],
  '/api/v1/pre-invoice/?limit=200': { items: [], total: 0 },
  '/api/v1/transactions/extrato/': { saldo: 0, expirando_30_dias: 0, proxima_expiracao: null, codigo_indicacao: 'ANA1', movimentos: [] },
  '/api/v1/rewards/': [],
  '/api/v1/transactions/debit/rewards/': [],
}

/** What the shell asked for: its URL and headers, and the answer the page keeps. */
interface Asked {
  url: string
  headers: Record<string, string>
}

/**
 * Runs the head script as a page at `path` would, with `stored` in its local storage; the
 * answers it keeps are the page's (globalThis, where the API client looks).
 */
function runShellScript(path: string, stored: Record<string, string>): Asked[] {
  const asked: Asked[] = []
  const page: Record<string, unknown> = {
    location: { pathname: path },
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    AbortController,
    setTimeout: () => 0,
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      asked.push({ url, headers: init.headers })
      return Promise.resolve(Response.json(ANSWERS[url], { headers: { ETag: '"new"' } }))
    },
    JSON,
    String,
    Date,
  }
  page.window = page
  runInNewContext(SHELL_EARLY_ANSWERS_SCRIPT, page)
  Object.assign(globalThis, { __portalEarlyAnswers: page.__portalEarlyAnswers, __portalEarlyFull: page.__portalEarlyFull })
  return asked
}

afterEach(() => {
  delete (globalThis as { __portalEarlyAnswers?: unknown }).__portalEarlyAnswers
  delete (globalThis as { __portalEarlyFull?: unknown }).__portalEarlyFull
})

function signedIn(role: 'student' | 'manager' = 'student', hints: Record<string, Record<string, string>> = {}, isClub = true) {
  return {
    [STORAGE_KEYS.token]: TOKEN,
    [STORAGE_KEYS.keptUser]: JSON.stringify({ user: demoStudent({ role, is_club: isClub }), updatedAt: 1 }),
    [STORAGE_KEYS.etagHints]: JSON.stringify(hints),
  }
}

/** The API client as the app builds it, counting the requests it sends itself. */
function appClient(token = TOKEN) {
  const sent: Asked[] = []
  const client = createApiClient({
    portalBaseUrl: '/api/v1',
    driveBaseUrl: () => '/drive/api/v1',
    getToken: () => token,
    timezoneOffsetHours: () => -new Date().getTimezoneOffset() / 60,
    fetch: async (input, init) => {
      sent.push({ url: String(input), headers: Object.fromEntries(new Headers(init?.headers).entries()) })
      return Response.json(ANSWERS[String(input)])
    },
  })
  return { client, sent }
}

/** Each early request as its sync sends it (src/features/*: the same endpoint, query and ETag). */
const SYNC_CALLS: Record<string, (client: ReturnType<typeof appClient>['client'], etag: string | null) => Promise<unknown>> = {
  '/api/v1/at-home/financeiro/': (client, etag) => client.callConditional(financeiroEndpoints.financeiro, etag),
  '/api/v1/at-home/turmas/': (client, etag) => client.callConditional(pedagogicoEndpoints.turmas, etag, { query: {} }),
  '/api/v1/pre-invoice/?limit=200': (client, etag) => client.callConditional(pedidoEndpoints.pedidos, etag, { query: { limit: 200 } }),
  '/api/v1/transactions/extrato/': (client, etag) => client.callConditional(clubEndpoints.statement, etag, { query: {} }),
  '/api/v1/rewards/': (client, etag) => client.callConditional(clubEndpoints.rewards, etag),
  '/api/v1/transactions/debit/rewards/': (client, etag) => client.callConditional(clubEndpoints.rewardOrders, etag),
}

describe('the answers the shell asks for before the app runs (issue 37)', () => {
  it("names the contract's own paths and the hints' keys of the syncs", () => {
    const byUrl = new Map(Object.values(EARLY_REQUESTS).flatMap((requests) => requests.map(([sync, path, url]) => [url, [sync, path]])))
    expect(Object.fromEntries(byUrl)).toEqual({
      '/api/v1/at-home/financeiro/': ['financeiro', financeiroEndpoints.financeiro.path],
      '/api/v1/at-home/turmas/': ['turmas', pedagogicoEndpoints.turmas.path],
      '/api/v1/pre-invoice/?limit=200': ['pedidos', pedidoEndpoints.pedidos.path],
      '/api/v1/transactions/extrato/': ['clubExtrato', clubEndpoints.statement.path],
      '/api/v1/rewards/': ['clubRecompensas', clubEndpoints.rewards.path],
      '/api/v1/transactions/debit/rewards/': ['clubPedidos', clubEndpoints.rewardOrders.path],
    })
  })

  for (const [path, requests] of Object.entries(EARLY_REQUESTS)) {
    it(`${path}: asks what its syncs ask, with their headers, and the client takes each answer once`, async () => {
      const hints = {
        financeiro: { '/at-home/financeiro/': '"f1"' },
        turmas: { '/at-home/turmas/': '"t1"' },
        clubExtrato: { '/transactions/extrato/': '"e1"' },
      }
      const asked = runShellScript(`${path}/`, signedIn('student', hints))
      expect(asked.map(({ url }) => url)).toEqual(requests.map(([, , url]) => url))

      const { client, sent } = appClient()
      for (const [sync, hintPath, url] of requests) {
        const etag = (hints as Record<string, Record<string, string>>)[sync]?.[hintPath] ?? null
        const result = await SYNC_CALLS[url]!(client, etag)
        expect(result).toEqual({ notModified: false, data: ANSWERS[url], etag: '"new"' })
        // The headers the client sends itself are the ones the shell sent.
        await SYNC_CALLS[url]!(client, etag)
        expect(sent.at(-1)).toEqual({ url, headers: lowerCased(asked.find((request) => request.url === url)!.headers) })
      }
      // Taken once each: the second call of each sent its own request.
      expect(sent).toHaveLength(requests.length)
    })
  }

  it('says the answers will be full ones only when it asked with no ETag at all (nothing of the screen on the device)', () => {
    runShellScript('/dashboard', signedIn())
    expect(earlyAnswersAreFull()).toBe(true)
    runShellScript('/dashboard', signedIn('student', { turmas: { '/at-home/turmas/': '"t1"' } }))
    expect(earlyAnswersAreFull()).toBe(false)
    runShellScript('/me', signedIn())
    expect(earlyAnswersAreFull()).toBe(false)
  })

  it("asks for a club page's data only for a member: a non-member's page draws the invitation", () => {
    expect(runShellScript('/knn-club/usar-pontos', signedIn('student', {}, false))).toEqual([])
    expect(earlyAnswersAreFull()).toBe(true)
    expect(runShellScript('/knn-club/usar-pontos', signedIn()).map(({ url }) => url)).toEqual([
      '/api/v1/transactions/extrato/',
      '/api/v1/rewards/',
    ])
  })

  it('asks nothing for a manager, without a token, or on a screen it does not know', () => {
    expect(runShellScript('/dashboard', signedIn('manager'))).toEqual([])
    expect(runShellScript('/dashboard', { ...signedIn(), [STORAGE_KEYS.token]: '' })).toEqual([])
    expect(runShellScript('/me', signedIn())).toEqual([])
    expect(runShellScript('/login/main', {})).toEqual([])
  })

  it('an answer asked with another token or ETag is not taken: the client asks again', async () => {
    runShellScript('/financial', signedIn('student', { financeiro: { '/at-home/financeiro/': '"old"' } }))
    const other = appClient('another-token')
    await other.client.callConditional(financeiroEndpoints.financeiro, '"old"')
    expect(other.sent).toHaveLength(1)

    runShellScript('/financial', signedIn('student', { financeiro: { '/at-home/financeiro/': '"old"' } }))
    const newer = appClient()
    await newer.client.callConditional(financeiroEndpoints.financeiro, '"newer"')
    expect(newer.sent).toHaveLength(1)
    // Dropped once looked at: nothing is left to take.
    expect(takeEarlyAnswer('/api/v1/at-home/financeiro/', `Bearer ${TOKEN}`, '"old"')).toBeNull()
  })
})

function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
}
