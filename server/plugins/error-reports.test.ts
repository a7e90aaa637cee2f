import { describe, expect, it } from 'vitest'
import { createTestApp } from '../test/app.ts'
import { startSentryStandIn } from '../test/stand-ins/sentry.ts'

/** Server-side error reports (issue 39 item 5) against the Sentry stand-in, a local HTTP service. */

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg'
const CARD = '4111 1111 1111 1111'

describe('error reports', () => {
  it('are off without SENTRY_DSN: the log line is the report', async () => {
    const t = await createTestApp()
    try {
      expect(t.app.errorReports.kind).toBe('none')
    } finally {
      await t.close()
    }
  })

  it('send an unhandled error with its request id and route, and nothing of the request or the person', async () => {
    const sentry = await startSentryStandIn()
    const t = await createTestApp(
      { sentryDsn: sentry.dsn },
      {
        register: (app) =>
          app.post('/api/v1/teste/falha/', async () => {
            throw new Error(`o cartão ${CARD} e o token ${JWT} estavam aqui`)
          }),
      },
    )
    let requestId: string | undefined
    try {
      expect(t.app.errorReports.kind).toBe('sentry')
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/v1/teste/falha/?token=segredo-da-url-123456&email=aluna%40example.com',
        headers: { authorization: `Bearer ${JWT}`, cookie: 'sessao=biscoito-secreto', 'x-request-id': 'support-case-000042' },
        payload: { password: 'senha-do-corpo', numero: CARD },
      })
      expect(answer.statusCode).toBe(500)
      requestId = String(answer.headers['x-request-id'])
    } finally {
      // Closing flushes what the SDK still holds.
      await t.close()
    }
    try {
      const events = sentry.events()
      expect(events).toHaveLength(1)
      const event = events[0] as {
        tags: Record<string, string>
        request?: unknown
        user?: unknown
        exception: { values: { value: string }[] }
      }
      expect(requestId).toBe('support-case-000042')
      expect(event.tags).toMatchObject({ request_id: requestId, route: '/api/v1/teste/falha/', method: 'POST', status: '500' })
      expect(event.request).toBeUndefined()
      expect(event.user).toBeUndefined()
      expect(event.exception.values[0]!.value).toBe('o cartão [redacted] e o token [redacted] estavam aqui')
      const sent = sentry.raw.join('\n')
      for (const secret of [JWT, CARD, '4111111111111111', 'segredo-da-url-123456', 'aluna', 'biscoito-secreto', 'senha-do-corpo'])
        expect(sent, secret).not.toContain(secret)
    } finally {
      await sentry.close()
    }
  })
})
