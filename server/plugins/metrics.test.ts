import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createAccount } from '../test/accounts.ts'
import { bearer, createTestApp } from '../test/app.ts'

/** GET /metrics (issue 39 item 4): closed by default, open to the scraper's token or on a port of its own. */

const TOKEN = 'scraper-token-0123456789'

describe('GET /metrics', () => {
  it('is closed when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const t = await createTestApp()
    try {
      const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
      expect([answer.statusCode, answer.json()]).toEqual([404, { detail: 'Não encontrado' }])
    } finally {
      await t.close()
    }
  })

  it('answers the scraper with the token: requests by route pattern, the outbox’s writes, the queues and Node’s own', async () => {
    const t = await createTestApp({ metricsToken: TOKEN })
    try {
      for (const authorization of [undefined, 'Bearer not-the-token-at-all-xx', `Bearer ${TOKEN}x`]) {
        const refused = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })
        expect(refused.statusCode, authorization).toBe(401)
      }
      const student = await createAccount(t.app, t.db)
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: bearer(student.token) })).statusCode).toBe(200)
      // A secret in the path stays out: the label is the route's pattern.
      const secret = 'c2VjcmV0LWF1dGgtb2YtYS1kZXZpY2UtMTIzNDU2'
      await t.app.inject({ method: 'GET', url: `/api/v1/push-notifications/${secret}/`, headers: bearer(student.token) })
      // A write from a phone's outbox carries its Idempotency-Key.
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/turma-aluno-atividades/999999/enviar-arquivo-atividade/',
        headers: { ...bearer(student.token), 'idempotency-key': randomUUID() },
      })

      const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
      const text = answer.body
      expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/v1\/users\/me\/",status="200"\} 1$/m)
      expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/users\/me\/",status="200"\} 1$/m)
      expect(text).toContain('route="/api/v1/push-notifications/:auth/"')
      expect(text).toMatch(
        /^outbox_receipts_total\{route="\/api\/v1\/turma-aluno-atividades\/:id\/enviar-arquivo-atividade\/",status="\d{3}"\} 1$/m,
      )
      expect(text).toMatch(/^queue_depth\{queue="mail"\} \d+$/m)
      expect(text).toMatch(/^queue_depth\{queue="push"\} \d+$/m)
      expect(text).toMatch(/^queue_oldest_age_seconds\{queue="push"\} [\d.e+-]+$/m)
      expect(text).toMatch(/^mail_failed \d+$/m)
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e+-]+$/m)
      for (const leak of [secret, student.token, TOKEN, student.email]) expect(text).not.toContain(leak)
    } finally {
      await t.close()
    }
  })

  it('answers on METRICS_PORT without a token, and only /metrics there', async () => {
    const t = await createTestApp({ metricsPort: 0 })
    try {
      const port = t.app.metricsAddress!.port
      const own = await fetch(`http://127.0.0.1:${port}/metrics`)
      expect(own.status).toBe(200)
      expect(await own.text()).toMatch(/^queue_depth\{queue="mail"\} \d+$/m)
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/users/me/`)).status).toBe(404)
      // The public port does not serve it: there it is closed.
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })
})
