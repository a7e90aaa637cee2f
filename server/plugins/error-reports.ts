import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { redactSecrets } from '../http/logging.ts'
import { PACKAGE } from '../release.ts'

declare module 'fastify' {
  interface FastifyInstance {
    errorReports: ErrorReports
  }
}

/** Where a server failure is reported beside the log (issue 39 item 5). */
export interface ErrorReports {
  readonly kind: 'none' | 'sentry'
  /** A 5xx or an unhandled error of `request`: its request id and route, never its data. */
  report(error: Error, request: FastifyRequest, status: number): void
}

/** A string with every secret shape (JWT, random token, card number) replaced (server/http/logging.ts). */
const clean = (text: string | undefined) => (text === undefined ? undefined : redactSecrets(text))

/**
 * Server-side error reports (issue 39): with SENTRY_DSN, the browser's Sentry project gets the
 * server's unhandled errors and 5xx too, through @sentry/node, loaded only then (no DSN, no
 * SDK in memory). Each event carries the request id (the "Código do erro" the student quotes),
 * the route's pattern and the method; never a password, token, card number, body, header,
 * cookie, query string or user: the SDK's own integrations are off (no request data, no
 * breadcrumbs, no tracing) and `beforeSend` keeps only what is named here, with messages and
 * stack values passed through the log's secret filter. Without a DSN, the log line is the report.
 */
async function errorReports(app: FastifyInstance) {
  const dsn = app.config.sentryDsn
  if (!dsn) {
    app.decorate('errorReports', { kind: 'none', report: () => {} } satisfies ErrorReports)
    return
  }
  const Sentry = await import('@sentry/node')
  const client = Sentry.init({
    dsn,
    release: process.env.SENTRY_RELEASE ?? `${PACKAGE.name}@${PACKAGE.version}`,
    environment: app.config.production ? 'production' : 'development',
    defaultIntegrations: false,
    integrations: [],
    enableOpenTelemetrySetup: false,
    enableRuntimeChannelInjection: false,
    // Nothing of the person or the request is collected (and beforeSend drops what would be).
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    tracesSampleRate: 0,
    maxBreadcrumbs: 0,
    beforeSend(event) {
      // Only what the report names: no request (URL with its query, headers, cookies, body), no user.
      delete event.request
      delete event.user
      delete event.breadcrumbs
      delete event.extra
      if (event.message) event.message = clean(event.message)
      for (const exception of event.exception?.values ?? []) {
        exception.value = clean(exception.value)
        for (const frame of exception.stacktrace?.frames ?? []) delete frame.vars
      }
      return event
    },
  })
  app.decorate('errorReports', {
    kind: 'sentry',
    report(error, request, status) {
      Sentry.withScope((scope) => {
        scope.setTag('request_id', request.id)
        scope.setTag('route', request.routeOptions.url ?? 'unmatched')
        scope.setTag('method', request.method)
        scope.setTag('status', String(status))
        Sentry.captureException(error)
      })
    },
  } satisfies ErrorReports)
  app.addHook('onClose', async () => {
    await client?.close(2000)
  })
}

export default fp(errorReports, { name: 'error-reports', fastify: '5.x' })

/** The error handler's side: reports a 5xx (FastifyError or ours) when a report service is configured. */
export function reportServerError(error: FastifyError | Error, request: FastifyRequest, status: number): void {
  request.server.errorReports?.report(error, request, status)
}
