/**
 * Error monitoring (D20, SPEC §8–§9). Sentry is on only when a DSN is configured, and the
 * SDK is loaded with a dynamic import so it is a separate chunk fetched after the first
 * screen; this module itself only holds types and small pure functions.
 */
import type * as Sentry from '@sentry/react'
import type { Breadcrumb, BrowserOptions, ErrorEvent, EventHint } from '@sentry/react'
import { name as appName, version as appVersion } from '../../package.json'

/**
 * The release every event names (D20): VITE_RELEASE when the build sets one (a commit, a
 * tag), else the package's name and version, so an event always says which build it came from.
 */
export const DEFAULT_RELEASE: string = import.meta.env.VITE_RELEASE || `${appName}@${appVersion}`

/** The part of the SDK the app uses: naming it lets the bundler drop the rest. */
export type SentryModule = Pick<typeof Sentry, 'init' | 'browserTracingIntegration' | 'captureException'>

/**
 * Loads the SDK as a separate chunk (sentry-sdk.ts names it, so the service worker can
 * leave it out of the precache). Only the re-exported functions are kept by the bundler.
 */
async function loadSentry(): Promise<SentryModule> {
  const { init, browserTracingIntegration, captureException } = await import('./sentry-sdk.ts')
  return { init, browserTracingIntegration, captureException }
}

export interface MonitoringConfig {
  dsn?: string | null | undefined
  environment?: string | undefined
  release?: string | undefined
}

/**
 * Errors never reported (SPEC §8): failed lazy loads of screens and chunks (the app
 * reloads the page instead, SPEC §2) and the harmless ResizeObserver loop warnings.
 * Used as Sentry's `ignoreErrors` and by `shouldIgnoreError` in `beforeSend`.
 */
export const IGNORED_ERRORS: readonly RegExp[] = [
  // Dynamic import failures: Chromium, Safari, Firefox.
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
  // Chunk loads (webpack-style names kept for any library that still throws them; Vite's
  // preload helper reports CSS chunks as "Unable to preload CSS").
  /ChunkLoadError/,
  /Loading chunk [\w./-]+ failed/i,
  /Loading CSS chunk/i,
  /Unable to preload CSS/i,
  // ResizeObserver: Chromium (old and new wording).
  /ResizeObserver loop limit exceeded/i,
  /ResizeObserver loop completed with undelivered notifications/i,
]

/** Texts that describe an error, an event of Sentry's or a DOM error/rejection event. */
function describe(value: unknown, depth = 0): string[] {
  if (depth > 3 || value === null || value === undefined) return []
  if (typeof value === 'string') return [value]
  if (typeof value !== 'object') return []
  const texts: string[] = []
  const record = value as Record<string, unknown>
  const name = typeof record.name === 'string' ? record.name : undefined
  const type = typeof record.type === 'string' ? record.type : undefined
  const message = typeof record.message === 'string' ? record.message : undefined
  if (name) texts.push(name)
  if (type) texts.push(type)
  if (message) texts.push(message, `${name ?? type ?? 'Error'}: ${message}`)
  if (typeof record.value === 'string') texts.push(record.value, `${type ?? 'Error'}: ${record.value}`)
  // Sentry event: { message, exception: { values: [{ type, value }] } }
  const exception = record.exception as { values?: unknown } | undefined
  if (exception && Array.isArray(exception.values)) {
    for (const item of exception.values) texts.push(...describe(item, depth + 1))
  }
  // Sentry's message objects, DOM ErrorEvent.error, PromiseRejectionEvent.reason, Error.cause
  for (const key of ['logentry', 'error', 'reason', 'cause'] as const) {
    if (key in record && record[key] !== value) texts.push(...describe(record[key], depth + 1))
  }
  return texts
}

/** True for the errors of IGNORED_ERRORS, whatever shape they arrive in. */
export function shouldIgnoreError(eventOrError: unknown): boolean {
  return describe(eventOrError).some((text) => IGNORED_ERRORS.some((re) => re.test(text)))
}

/** An address's path and host followed by its query string or fragment (the part to drop). */
const URL_WITH_QUERY = /((?:https?:\/\/|\/)[^\s?#"'<>]*)[?#][^\s"'<>]*/g

/**
 * `value` with the query strings and fragments cut from every address in it, however deep.
 * Sentry's `urlQueryParams: false` covers requests and navigations, but some spans (long
 * animation frames' `browser.script.invoker`, for one) carry the page's whole address, and
 * the reset link's has an e-mail and a token (SPEC §7).
 */
export function withoutQueryStrings<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return value.replace(URL_WITH_QUERY, '$1') as T
  if (depth > 6 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item: unknown) => withoutQueryStrings(item, depth + 1)) as T
  const record = value as Record<string, unknown>
  for (const key of Object.keys(record)) record[key] = withoutQueryStrings(record[key], depth + 1)
  return value
}

/** Sentry.init options of SPEC §9 (sample rates, breadcrumbs, stack traces) and §8 filters. */
export function sentryOptions(config: { dsn: string; environment?: string | undefined; release?: string | undefined }): BrowserOptions {
  return {
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    sampleRate: 0.05,
    tracesSampleRate: 0.1,
    maxBreadcrumbs: 50,
    attachStacktrace: true,
    ignoreErrors: [...IGNORED_ERRORS],
    // Students include minors (LGPD): no automatic user data, cookies, bodies or query
    // strings (reset tokens and e-mails travel in query strings, SPEC §7).
    dataCollection: { userInfo: false, cookies: false, httpBodies: [], urlQueryParams: false },
    beforeSend(event: ErrorEvent, hint: EventHint) {
      if (shouldIgnoreError(event) || shouldIgnoreError(hint.originalException)) return null
      return withoutQueryStrings(event)
    },
    beforeBreadcrumb: (breadcrumb: Breadcrumb) => withoutQueryStrings(breadcrumb),
    beforeSendSpan: (span) => withoutQueryStrings(span),
  }
}

let sentry: SentryModule | null = null
let loading: Promise<SentryModule | null> | null = null

/**
 * Starts Sentry when `config.dsn` is set; otherwise does nothing. Resolves to whether
 * monitoring is on. Never throws: a failed SDK download (offline) leaves it off.
 * `load` exists for tests.
 */
export function initMonitoring(config: MonitoringConfig, load: () => Promise<SentryModule> = loadSentry): Promise<boolean> {
  const dsn = config.dsn?.trim()
  if (!dsn) return Promise.resolve(false)
  if (sentry) return Promise.resolve(true)
  loading ??= load()
    .then((module) => {
      module.init({
        ...sentryOptions({ dsn, environment: config.environment, release: config.release || DEFAULT_RELEASE }),
        integrations: [module.browserTracingIntegration()],
      })
      sentry = module
      return module
    })
    .catch((error: unknown) => {
      console.warn('Monitoring unavailable', error)
      loading = null
      return null
    })
  return loading.then((module) => module !== null)
}

/** Sends `error` to Sentry when it is on (or starting); otherwise logs it to the console. */
export function reportError(error: unknown): void {
  if (sentry) {
    sentry.captureException(error)
    return
  }
  if (loading) {
    void loading.then((module) => {
      if (module) module.captureException(error)
      else console.error(error)
    })
    return
  }
  console.error(error)
}
