import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as v from 'valibot'
import webpush from 'web-push'

/**
 * Server configuration, parsed from the environment once at start (STYLE.md: configuration
 * is parsed and checked once). Every variable is optional; with none set the server runs
 * the embedded demo of D3.
 */

/** A bad or missing setting; main.ts prints the message and exits 1. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'
  /** The environment variable at fault. */
  readonly variable: string
  constructor(variable: string, message: string) {
    super(`Configuração inválida: ${variable} ${message}`)
    this.variable = variable
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

const EIGHT_DAYS_IN_MINUTES = 8 * 24 * 60
const ONE_MIB = 1024 * 1024

/** Describes each variable: the message names the variable (ConfigError adds it). */
function integer(min: number, max: number) {
  return v.pipe(
    v.string(),
    v.regex(/^\d+$/, (issue) => `deve ser um número inteiro (recebido "${issue.input}")`),
    v.transform(Number),
    v.minValue(min, `deve ser no mínimo ${min}`),
    v.maxValue(max, `deve ser no máximo ${max}`),
  )
}

const booleanText = v.pipe(
  v.string(),
  v.transform((text) => text.trim().toLowerCase()),
  v.picklist(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], 'deve ser true ou false'),
  v.transform((text) => ['true', '1', 'yes', 'on'].includes(text)),
)

/** An absolute http(s) URL, kept without a trailing slash so paths can be appended. */
const httpUrl = v.pipe(
  v.string(),
  v.trim(),
  v.check((text) => {
    try {
      const url = new URL(text)
      return url.protocol === 'http:' || url.protocol === 'https:'
    } catch {
      return false
    }
  }, 'deve ser uma URL absoluta http(s)'),
  v.transform((text) => text.replace(/\/+$/, '')),
)

/** `/drive/api/v1`: one or more path segments, no trailing slash (D1: same process). */
const basePath = v.pipe(
  v.string(),
  v.trim(),
  v.transform((text) => text.replace(/\/+$/, '')),
  v.regex(/^(\/[A-Za-z0-9._~-]+)+$/, 'deve ser um caminho como /drive/api/v1'),
)

function base64UrlBytes(bytes: number, what: string) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (text) => /^[A-Za-z0-9_-]+$/.test(text) && Buffer.from(text, 'base64url').length === bytes,
      `deve ser ${what} em base64url (${bytes} bytes)`,
    ),
  )
}

const EnvSchema = v.object({
  PORT: v.optional(integer(0, 65535), '8080'),
  HOST: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'não pode ser vazio')), 'localhost'),
  DATA_DIR: v.optional(v.string(), './data'),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^postgres(ql)?:\/\//, 'deve ser uma URL postgres://usuario@host:porta/banco'),
    ),
  ),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'deve ter pelo menos 32 caracteres'))),
  ACCESS_TOKEN_TTL_MINUTES: v.optional(integer(1, 366 * 24 * 60), String(EIGHT_DAYS_IN_MINUTES)),
  VAPID_PUBLIC_KEY: v.optional(base64UrlBytes(65, 'uma chave pública P-256')),
  VAPID_PRIVATE_KEY: v.optional(base64UrlBytes(32, 'uma chave privada P-256')),
  VAPID_SUBJECT: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^(mailto:.+|https:\/\/.+)$/, 'deve começar com mailto: ou https://')),
  ),
  DRIVE_BASE_PATH: v.optional(basePath, '/drive/api/v1'),
  DRIVE_PUBLIC_URL: v.optional(httpUrl),
  CEP_SERVICE_URL: v.optional(httpUrl, 'https://viacep.com.br'),
  SENTRY_DSN: v.optional(httpUrl),
  CHATWOOT_URL: v.optional(httpUrl),
  PRODUCTION_URL: v.optional(httpUrl),
  STATIC_DIR: v.optional(v.string(), 'dist'),
  BODY_LIMIT_BYTES: v.optional(integer(1024, 1024 * ONE_MIB), String(ONE_MIB)),
  SEED_DEMO: v.optional(booleanText, 'true'),
  LOG_LEVEL: v.optional(
    v.pipe(v.string(), v.trim(), v.toLowerCase(), v.picklist(LOG_LEVELS, `deve ser um de ${LOG_LEVELS.join(', ')}`)),
    'info',
  ),
  /** Check every answer against the contract (tests; useful on staging). */
  VALIDATE_RESPONSES: v.optional(booleanText, 'false'),
})

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

export interface Config {
  port: number
  host: string
  /** Absolute path. */
  dataDir: string
  /** PostgreSQL server URL; null → embedded PGlite in `${dataDir}/pglite` (D3). */
  databaseUrl: string | null
  /** null → generated once and kept in `${dataDir}/secrets.json` (server/secrets.ts). */
  jwtSecret: string | null
  accessTokenTtlMinutes: number
  /** null → generated once and kept in `${dataDir}/secrets.json` (D17). */
  vapid: VapidKeys | null
  vapidSubject: string
  /** Where the drive API is mounted in this process (D1), no trailing slash. */
  driveBasePath: string
  /** Absolute drive URL handed to clients instead of driveBasePath (D22). */
  drivePublicUrl: string | null
  cepServiceUrl: string
  sentryDsn: string | null
  chatwootUrl: string | null
  productionUrl: string | null
  /** Absolute path of the Vite build; skipped when it does not exist. */
  staticDir: string
  bodyLimitBytes: number
  seedDemo: boolean
  logLevel: LogLevel
  validateResponses: boolean
}

/** The variables this module reads; used to name the culprit of a bad value. */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.entries) as (keyof typeof EnvSchema.entries)[]

/**
 * Parses the environment. Empty values count as unset (`FOO=` in a compose file), so a
 * blank variable falls back to its default instead of failing.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const input: Record<string, string> = {}
  for (const name of CONFIG_VARIABLES) {
    const value = env[name]
    if (value !== undefined && value.trim() !== '') input[name] = value
  }

  const parsed = v.safeParse(EnvSchema, input)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    const variable = issue.path?.[0]?.key
    throw new ConfigError(typeof variable === 'string' ? variable : 'ambiente', issue.message)
  }
  const e = parsed.output

  // The key pair only makes sense together (D17).
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    const missing = e.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'
    throw new ConfigError(missing, 'é obrigatória quando a outra chave VAPID é informada')
  }

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    jwtSecret: e.JWT_SECRET ?? null,
    accessTokenTtlMinutes: e.ACCESS_TOKEN_TTL_MINUTES,
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : null,
    vapidSubject: e.VAPID_SUBJECT ?? defaultVapidSubject(e.PRODUCTION_URL),
    driveBasePath: e.DRIVE_BASE_PATH,
    drivePublicUrl: e.DRIVE_PUBLIC_URL ?? null,
    cepServiceUrl: e.CEP_SERVICE_URL,
    sentryDsn: e.SENTRY_DSN ?? null,
    chatwootUrl: e.CHATWOOT_URL ?? null,
    productionUrl: e.PRODUCTION_URL ?? null,
    staticDir: path.resolve(cwd, e.STATIC_DIR),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    validateResponses: e.VALIDATE_RESPONSES,
  }
}

/**
 * Push services want a contact (RFC 8292). The production site is the natural one; some
 * services reject `localhost`, so the offline demo uses a reserved example address.
 */
function defaultVapidSubject(productionUrl: string | undefined): string {
  return productionUrl?.startsWith('https://') ? productionUrl : 'mailto:portal@example.com'
}

/**
 * A complete config for tests: random secrets per call (never a constant), nothing on disk,
 * no static app, silent logs, and responses checked against the contract.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const unique = randomBytes(6).toString('hex')
  return {
    ...loadConfig({}, tmpdir()),
    host: '127.0.0.1',
    port: 0,
    dataDir: path.join(tmpdir(), `portal-test-${unique}`),
    staticDir: path.join(tmpdir(), `portal-test-${unique}-no-static`),
    jwtSecret: randomBytes(32).toString('base64url'),
    vapid: webpush.generateVAPIDKeys(),
    seedDemo: true,
    logLevel: 'silent',
    validateResponses: true,
    ...overrides,
  }
}
