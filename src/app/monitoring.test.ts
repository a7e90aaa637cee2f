import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as Monitoring from './monitoring.ts'

type SentryModule = Monitoring.SentryModule

let monitoring: typeof Monitoring

beforeEach(async () => {
  // Fresh module state (initialised or not) for every test.
  vi.resetModules()
  monitoring = await import('./monitoring.ts')
})

afterEach(() => {
  vi.restoreAllMocks()
})

function fakeSentry() {
  const fake = {
    init: vi.fn(),
    captureException: vi.fn(),
    browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
  }
  return { fake, load: () => Promise.resolve(fake as unknown as SentryModule) }
}

describe('shouldIgnoreError', () => {
  const ignored = [
    'TypeError: Failed to fetch dynamically imported module: https://x/assets/notas-abc.js',
    'TypeError: Importing a module script failed.',
    'TypeError: error loading dynamically imported module: https://x/assets/a.js',
    'Loading chunk 42 failed.',
    'Loading chunk pedagogico-notas failed. (error: https://x/1.js)',
    'Loading CSS chunk 7 failed.',
    'Unable to preload CSS for /assets/index-abc.css',
    'ResizeObserver loop limit exceeded',
    'ResizeObserver loop completed with undelivered notifications.',
  ]

  it.each(ignored)('ignores "%s" as a string and as an Error', (message) => {
    expect(monitoring.shouldIgnoreError(message)).toBe(true)
    expect(monitoring.shouldIgnoreError(new Error(message))).toBe(true)
  })

  it('ignores a ChunkLoadError by name', () => {
    const error = new Error('something')
    error.name = 'ChunkLoadError'
    expect(monitoring.shouldIgnoreError(error)).toBe(true)
  })

  it('reads Sentry events and DOM events', () => {
    expect(
      monitoring.shouldIgnoreError({
        exception: {
          values: [{ type: 'TypeError', value: 'Failed to fetch dynamically imported module: /a.js' }],
        },
      }),
    ).toBe(true)
    expect(monitoring.shouldIgnoreError({ message: 'ResizeObserver loop limit exceeded' })).toBe(true)
    expect(monitoring.shouldIgnoreError({ reason: new TypeError('Importing a module script failed.') })).toBe(true)
    expect(monitoring.shouldIgnoreError({ error: { name: 'ChunkLoadError', message: 'x' } })).toBe(true)
  })

  it('keeps real errors', () => {
    expect(monitoring.shouldIgnoreError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false)
    expect(monitoring.shouldIgnoreError('Failed to fetch')).toBe(false)
    expect(monitoring.shouldIgnoreError({ exception: { values: [{ type: 'Error', value: 'Erro ao efetuar login' }] } })).toBe(false)
    expect(monitoring.shouldIgnoreError(undefined)).toBe(false)
    expect(monitoring.shouldIgnoreError(42)).toBe(false)
  })

  it('survives cyclic objects', () => {
    const a: Record<string, unknown> = { message: 'boom' }
    a.cause = a
    a.error = { reason: a }
    expect(monitoring.shouldIgnoreError(a)).toBe(false)
  })
})

describe('sentryOptions', () => {
  it('uses the SPEC §9 rates and limits', () => {
    const options = monitoring.sentryOptions({ dsn: 'https://k@o.example/1', environment: 'production', release: '1.2.3' })
    expect(options).toMatchObject({
      dsn: 'https://k@o.example/1',
      environment: 'production',
      release: '1.2.3',
      sampleRate: 0.05,
      tracesSampleRate: 0.1,
      maxBreadcrumbs: 50,
      attachStacktrace: true,
    })
    expect(options.ignoreErrors?.length).toBeGreaterThanOrEqual(8)
  })

  it('collects no user data, cookies, bodies or query strings', () => {
    expect(monitoring.sentryOptions({ dsn: 'x' }).dataCollection).toEqual({
      userInfo: false,
      cookies: false,
      httpBodies: [],
      urlQueryParams: false,
    })
  })

  it('beforeSend drops ignored errors and keeps the rest', () => {
    const { beforeSend } = monitoring.sentryOptions({ dsn: 'x' })
    const chunkEvent = { exception: { values: [{ type: 'ChunkLoadError', value: 'Loading chunk 3 failed.' }] } }
    expect(beforeSend?.(chunkEvent as never, {})).toBeNull()
    // The event text may be generic while the original exception is not.
    const event = { exception: { values: [{ type: 'Error', value: 'x' }] } }
    expect(beforeSend?.(event as never, { originalException: new Error('ResizeObserver loop limit exceeded') })).toBeNull()
    const real = { exception: { values: [{ type: 'Error', value: 'Erro ao atualizar' }] } }
    expect(beforeSend?.(real as never, { originalException: new Error('Erro ao atualizar') })).toBe(real)
  })
})

describe('query strings never leave (SPEC §7: the reset link carries an e-mail and a token)', () => {
  const page = 'http://localhost:8080/login/main?email=aluno%40example.com&token=reset-7f3a9c2e'

  it('cuts them from a long animation frame span, whatever attribute holds the address', () => {
    const { beforeSendSpan } = monitoring.sentryOptions({ dsn: 'x' })
    const span = {
      name: 'Main UI thread blocked',
      attributes: {
        'browser.script.invoker': page,
        'code.file.path': { value: `${page}#top`, type: 'string' },
        'sentry.op': 'ui.long_animation_frame',
      },
    }
    const sent = JSON.stringify(beforeSendSpan?.(span as never))
    expect(sent).not.toContain('aluno')
    expect(sent).not.toContain('reset-7f3a9c2e')
    expect(sent).toContain('"http://localhost:8080/login/main"')
    expect(sent).toContain('ui.long_animation_frame')
  })

  it('cuts them from breadcrumbs and events, relative addresses too, and leaves other text alone', () => {
    const { beforeBreadcrumb, beforeSend } = monitoring.sentryOptions({ dsn: 'x' })
    const crumb = beforeBreadcrumb?.({ category: 'navigation', data: { from: '/login/main?token=t1&email=a%40b.c', to: '/dashboard' } })
    expect(crumb?.data).toEqual({ from: '/login/main', to: '/dashboard' })
    const event = { message: 'Tudo certo? Sim.', request: { url: page }, exception: { values: [{ type: 'Error', value: 'x' }] } }
    expect(beforeSend?.(event as never, {})).toMatchObject({
      message: 'Tudo certo? Sim.',
      request: { url: 'http://localhost:8080/login/main' },
    })
  })
})

describe('initMonitoring and reportError', () => {
  it('does nothing without a DSN', async () => {
    const { fake, load } = fakeSentry()
    const loader = vi.fn(load)
    expect(await monitoring.initMonitoring({ dsn: undefined }, loader)).toBe(false)
    expect(await monitoring.initMonitoring({ dsn: '  ' }, loader)).toBe(false)
    expect(loader).not.toHaveBeenCalled()
    expect(fake.init).not.toHaveBeenCalled()
  })

  it('logs to the console while monitoring is off', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const error = new Error('x')
    monitoring.reportError(error)
    expect(log).toHaveBeenCalledWith(error)
  })

  it('loads the SDK once and initialises it with the options', async () => {
    const { fake, load } = fakeSentry()
    const loader = vi.fn(load)
    const first = monitoring.initMonitoring({ dsn: 'https://k@o.example/1', environment: 'test' }, loader)
    const second = monitoring.initMonitoring({ dsn: 'https://k@o.example/1' }, loader)
    expect(await first).toBe(true)
    expect(await second).toBe(true)
    expect(loader).toHaveBeenCalledTimes(1)
    expect(fake.init).toHaveBeenCalledTimes(1)
    expect(fake.init.mock.calls[0]?.[0]).toMatchObject({
      dsn: 'https://k@o.example/1',
      environment: 'test',
      sampleRate: 0.05,
      tracesSampleRate: 0.1,
      maxBreadcrumbs: 50,
      attachStacktrace: true,
      integrations: [{ name: 'BrowserTracing' }],
    })
  })

  it('names the release: the configured one, else the package name and version', async () => {
    const { name, version } = (await import('../../package.json')).default
    const { fake, load } = fakeSentry()
    await monitoring.initMonitoring({ dsn: 'https://k@o.example/1', release: '' }, load)
    expect(fake.init.mock.calls[0]?.[0]).toMatchObject({ release: `${name}@${version}` })

    vi.resetModules()
    monitoring = await import('./monitoring.ts')
    const other = fakeSentry()
    await monitoring.initMonitoring({ dsn: 'https://k@o.example/1', release: 'abc1234' }, other.load)
    expect(other.fake.init.mock.calls[0]?.[0]).toMatchObject({ release: 'abc1234' })
  })

  it('forwards errors to Sentry once initialised, including ones reported while loading', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { fake, load } = fakeSentry()
    const started = monitoring.initMonitoring({ dsn: 'https://k@o.example/1' }, load)
    const early = new Error('early')
    monitoring.reportError(early)
    await started
    await Promise.resolve()
    const late = new Error('late')
    monitoring.reportError(late)
    expect(fake.captureException).toHaveBeenCalledWith(early)
    expect(fake.captureException).toHaveBeenCalledWith(late)
    expect(log).not.toHaveBeenCalled()
  })

  it('stays off when the SDK cannot be downloaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failed = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
    expect(await monitoring.initMonitoring({ dsn: 'https://k@o.example/1' }, failed)).toBe(false)
    monitoring.reportError(new Error('after'))
    expect(log).toHaveBeenCalledTimes(1)
  })
})
