import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as v from 'valibot'
import webpush from 'web-push'
import { emvText, MERCHANT_CITY_MAX, MERCHANT_NAME_MAX, PIX_KEY_MAX } from './areas/payments/brcode.ts'
import type { PaymentProviderSettings } from './areas/payments/provider.ts'
import type { S3Settings } from './storage/s3.ts'

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

/** `text` parsed as an absolute URL of one of `protocols` (`'https:'`…), or null. */
function urlOf(text: string, protocols: readonly string[]): URL | null {
  try {
    const url = new URL(text)
    return protocols.includes(url.protocol) ? url : null
  } catch {
    return null
  }
}

const HTTP = ['http:', 'https:']

/** An absolute http(s) URL, kept without a trailing slash so paths can be appended. */
const httpUrl = v.pipe(
  v.string(),
  v.trim(),
  v.check((text) => urlOf(text, HTTP) !== null, 'deve ser uma URL absoluta http(s)'),
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

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

const VAPID_PAIR = 'é obrigatória quando a outra chave VAPID é informada'

/**
 * `false` (default: the socket's address is the client), `true` (every proxy: only behind
 * one that overwrites X-Forwarded-For), a number of proxy hops, or a comma-separated list of
 * proxy addresses/CIDRs. The client address drives the login limits.
 */
const trustProxy = v.pipe(
  v.string(),
  v.trim(),
  v.check(
    (text) => /^(true|false|\d{1,2}|[0-9A-Fa-f:.]+(\/\d{1,3})?(\s*,\s*[0-9A-Fa-f:.]+(\/\d{1,3})?)*)$/i.test(text),
    'deve ser true, false, um número de proxies ou uma lista de endereços/CIDR separados por vírgula',
  ),
  v.transform((text): boolean | number | string[] => {
    const lower = text.toLowerCase()
    if (lower === 'true' || lower === 'false') return lower === 'true'
    if (/^\d+$/.test(text)) return Number(text)
    return text.split(',').map((part) => part.trim())
  }),
)

/** `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS from the start). */
const smtpUrl = v.pipe(
  v.string(),
  v.trim(),
  v.check(
    (text) => Boolean(urlOf(text, ['smtp:', 'smtps:'])?.hostname),
    'deve ser uma URL smtp://usuario:senha@servidor:porta ou smtps://…',
  ),
)

/** A plain address for the From line; the name shown is the brand's. */
const mailAddress = v.pipe(v.string(), v.trim(), v.email('deve ser um endereço de e-mail'))

/**
 * The portal's public origins, comma-separated (one per brand host): links in e-mails
 * are built on these, never on the request's Host header, which anyone can forge.
 */
const publicUrls = v.pipe(
  v.string(),
  v.transform((text) => text.split(',').map((part) => part.trim())),
  v.check(
    (urls) =>
      urls.length > 0 &&
      urls.every((text) => {
        const url = urlOf(text, HTTP)
        return url !== null && url.pathname === '/' && url.search === '' && url.hash === ''
      }),
    'deve ser uma lista de origens http(s), separadas por vírgula, como https://portal.knn.com.br',
  ),
  v.transform((urls) => urls.map((text) => new URL(text).origin)),
)

/**
 * A BR Code text field (D13): it must still say something once accents and characters
 * outside ASCII are dropped, and fit the EMV field instead of being cut without notice.
 */
function merchantText(max: number) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.check((text) => emvText(text, Number.MAX_SAFE_INTEGER).length > 0, 'deve ter letras ou números'),
    v.check((text) => emvText(text, Number.MAX_SAFE_INTEGER).length <= max, `deve ter no máximo ${max} caracteres`),
  )
}

const EnvSchema = v.object({
  PORT: v.optional(integer(0, 65535), '8080'),
  /**
   * Prometheus metrics (issue 39): GET /metrics answers a scraper that sends this bearer token.
   * A secret: never logged. Without it and without METRICS_PORT, /metrics is closed (404).
   */
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[\x21-\x7e]{16,}$/, 'deve ter pelo menos 16 caracteres, sem espaços'))),
  /** Or a port of its own for /metrics, without a token: one the load balancer does not expose. */
  METRICS_PORT: v.optional(integer(0, 65535)),
  HOST: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'não pode ser vazio')), 'localhost'),
  DATA_DIR: v.optional(v.string(), './data'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^postgres(ql)?:\/\//, 'deve ser uma URL postgres://usuario@host:porta/banco')),
  ),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'deve ter pelo menos 32 caracteres'))),
  ACCESS_TOKEN_TTL_MINUTES: v.optional(integer(1, 366 * 24 * 60), String(EIGHT_DAYS_IN_MINUTES)),
  VAPID_PUBLIC_KEY: v.optional(base64UrlBytes(65, 'uma chave pública P-256')),
  VAPID_PRIVATE_KEY: v.optional(base64UrlBytes(32, 'uma chave privada P-256')),
  VAPID_SUBJECT: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^(mailto:.+|https:\/\/.+)$/, 'deve começar com mailto: ou https://'))),
  DRIVE_BASE_PATH: v.optional(basePath, '/drive/api/v1'),
  DRIVE_PUBLIC_URL: v.optional(httpUrl),
  CEP_SERVICE_URL: v.optional(httpUrl, 'https://viacep.com.br'),
  SENTRY_DSN: v.optional(httpUrl),
  CHATWOOT_URL: v.optional(httpUrl),
  /**
   * The Chatwoot inbox's HMAC token (D19): `/chatwoot-token/me/` signs the student's identifier
   * with it. Needed with CHATWOOT_URL and only with it. A secret: never logged.
   */
  CHATWOOT_HMAC_SECRET: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^[\x21-\x7e]{16,}$/, 'deve ter pelo menos 16 caracteres, sem espaços')),
  ),
  /**
   * The Chatwoot inbox's website token (D19): the widget's loader needs it to open the
   * inbox (`chatwootSDK.run({ websiteToken, baseUrl })`). Needed with CHATWOOT_URL. Public: the
   * widget sends it from every browser.
   */
  CHATWOOT_WEBSITE_TOKEN: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'deve ter de 8 a 64 letras, algarismos, - ou _')),
  ),
  PRODUCTION_URL: v.optional(httpUrl),
  STATIC_DIR: v.optional(v.string(), 'dist'),
  BODY_LIMIT_BYTES: v.optional(integer(1024, 1024 * ONE_MIB), String(ONE_MIB)),
  /**
   * On SIGTERM, how long /readyz answers 503 while the process still serves, before it stops
   * accepting: the load balancer's probe interval times its failure threshold (issue 39).
   */
  SHUTDOWN_DRAIN_MS: v.optional(integer(0, 120_000), '0'),
  SEED_DEMO: v.optional(booleanText, 'true'),
  LOG_LEVEL: v.optional(
    v.pipe(v.string(), v.trim(), v.toLowerCase(), v.picklist(LOG_LEVELS, `deve ser um de ${LOG_LEVELS.join(', ')}`)),
    'info',
  ),
  /** Check every answer against the contract (tests; useful on staging). */
  VALIDATE_RESPONSES: v.optional(booleanText, 'false'),
  TRUST_PROXY: v.optional(trustProxy, 'false'),
  /** `production` turns the demo pages off (/dev/outbox). */
  NODE_ENV: v.optional(v.pipe(v.string(), v.trim()), 'development'),
  /** Real e-mail (D10); without it mail goes to the outbox table (/dev/outbox). */
  SMTP_URL: v.optional(smtpUrl),
  MAIL_FROM: v.optional(mailAddress, 'nao-responda@example.com'),
  /**
   * How long a process holds an e-mail it is sending before another may take it (its process
   * died): longer than a send may take (30 s socket timeout), short enough to lose little time.
   */
  MAIL_LEASE_SECONDS: v.optional(integer(2, 3600), '60'),
  /** The same for a push delivery: longer than one push service call may take (its timeout). */
  PUSH_LEASE_SECONDS: v.optional(integer(2, 3600), '60'),
  PORTAL_PUBLIC_URLS: v.optional(publicUrls),
  /** Uploaded files in S3-compatible object storage instead of DATA_DIR/files (D4). */
  S3_BUCKET: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'deve ser um nome de bucket S3 (3 a 63 letras minúsculas, números, pontos e hífens)'),
    ),
  ),
  S3_ENDPOINT: v.optional(httpUrl),
  S3_REGION: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[a-z0-9-]{2,32}$/, 'deve ser uma região como us-east-1')), 'us-east-1'),
  S3_ACCESS_KEY_ID: v.optional(v.pipe(v.string(), v.trim())),
  S3_SECRET_ACCESS_KEY: v.optional(v.string()),
  S3_FORCE_PATH_STYLE: v.optional(booleanText),
  /**
   * Hosts a push subscription's endpoint may point at, comma-separated, added to the
   * browsers' push services: the server POSTs to that address, so any other is refused.
   */
  PUSH_SERVICE_HOSTS: v.optional(v.pipe(v.string(), v.trim())),
  /** A PEM file of the CA to trust for push services (the local stand-in's self-signed one). */
  PUSH_SERVICE_CA_FILE: v.optional(v.pipe(v.string(), v.trim())),
  S3_PREFIX: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^([A-Za-z0-9._-]+\/)+$/, 'deve ser uma pasta terminada em barra, como portal/arquivos/')),
  ),
  /**
   * Who receives the Pix payments (D13): the school's Pix key and the name and city its
   * bank registered. The defaults are the demo's, a key no bank holds (example.com).
   */
  PIX_KEY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[\x21-\x7e]+$/, 'deve ser uma chave Pix sem espaços'),
      v.maxLength(PIX_KEY_MAX, `deve ter no máximo ${PIX_KEY_MAX} caracteres`),
    ),
    'pix@example.com',
  ),
  PIX_MERCHANT_NAME: v.optional(merchantText(MERCHANT_NAME_MAX), 'Escola Demonstração'),
  PIX_MERCHANT_CITY: v.optional(merchantText(MERCHANT_CITY_MAX), 'São Paulo'),
  /**
   * A real payment provider (D13): cards are charged and Pix charges registered there,
   * and its Pix confirmations arrive by a signed webhook. Unset: the sandbox card gateway and
   * the local BR Code, confirmed from /dev/pix. The card travels to this URL: https only, but
   * for the loopback interface (the local stand-in).
   */
  PAYMENT_PROVIDER_URL: v.optional(
    v.pipe(
      httpUrl,
      v.check((text) => {
        const url = new URL(text)
        return url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname)
      }, 'deve ser https:// (o cartão viaja nela), exceto em localhost'),
    ),
  ),
  /** The provider's API token (Authorization: Bearer). A secret: never logged. */
  PAYMENT_PROVIDER_TOKEN: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[\x21-\x7e]+$/, 'deve ser um token sem espaços'))),
  /** The secret the provider signs its webhooks with (HMAC-SHA256). A secret: never logged. */
  PAYMENT_WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'deve ter pelo menos 32 caracteres'))),
  /** How long one call to the provider may take before it counts as lost (a database connection waits for it). */
  PAYMENT_PROVIDER_TIMEOUT_MS: v.optional(integer(100, 60_000), '8000'),
  /** How often the file sweeper runs (server/storage/sweeper.ts), besides once at start. */
  FILE_SWEEP_INTERVAL_MINUTES: v.optional(integer(1, 24 * 60), '15'),
})

/** Hosts a payment provider may be reached over plain http (the local stand-in). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Names of the payment provider's variables that only make sense with PAYMENT_PROVIDER_URL. */
const PAYMENT_PROVIDER_OPTIONS = ['PAYMENT_PROVIDER_TOKEN', 'PAYMENT_WEBHOOK_SECRET'] as const

/** Why production cannot start without PORTAL_PUBLIC_URLS (the message names the variable). */
export const PUBLIC_URLS_IN_PRODUCTION =
  'é obrigatória com NODE_ENV=production: os links dos e-mails (nova senha, confirmação de e-mail) apontam só para essas origens, como https://portal.knn.com.br'

/** Names of the S3 variables other than S3_BUCKET, which enables them all. */
const S3_OPTIONS = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const

/**
 * The configuration as the rest of the server sees it; its type is inferred from here
 * (issue 8 item 6), so a variable cannot be added without its type following.
 */
function configSchema(cwd: string) {
  return v.pipe(
    EnvSchema,
    // The key pair only makes sense together (D17).
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || (dataset.value.VAPID_PUBLIC_KEY === undefined) === (dataset.value.VAPID_PRIVATE_KEY === undefined)) return
      const key = dataset.value.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'
      addIssue({ message: VAPID_PAIR, path: [{ type: 'object', origin: 'value', input: dataset.value, key, value: undefined }] })
    }),
    // S3 is on with a bucket; its other settings alone mean a forgotten S3_BUCKET, and its
    // keys only make sense together (neither: the SDK's own credentials, an instance role).
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      const env = dataset.value
      const at = (key: string): [v.IssuePathItem] => [{ type: 'object', origin: 'value', input: env, key, value: undefined }]
      if (env.S3_BUCKET === undefined && S3_OPTIONS.some((name) => env[name] !== undefined)) {
        addIssue({ message: 'é obrigatório quando outra variável S3_ é informada', path: at('S3_BUCKET') })
      } else if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
        const key = env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'
        addIssue({ message: 'é obrigatória quando a outra chave S3 é informada', path: at(key) })
      }
    }),
    // The chat (D19) needs its URL, the inbox's secret and its website token together.
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      const keys = ['CHATWOOT_URL', 'CHATWOOT_HMAC_SECRET', 'CHATWOOT_WEBSITE_TOKEN'] as const
      const given = keys.find((key) => dataset.value[key] !== undefined)
      if (given === undefined) return
      for (const key of keys.filter((key) => dataset.value[key] === undefined))
        addIssue({
          message: `é obrigatória quando ${given} é informada`,
          path: [{ type: 'object', origin: 'value', input: dataset.value, key, value: undefined }],
        })
    }),
    // The provider needs its token and the webhook's secret; those alone mean a forgotten URL.
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      const env = dataset.value
      const at = (key: string): [v.IssuePathItem] => [{ type: 'object', origin: 'value', input: env, key, value: undefined }]
      if (env.PAYMENT_PROVIDER_URL === undefined) {
        const set = PAYMENT_PROVIDER_OPTIONS.find((name) => env[name] !== undefined)
        if (set) addIssue({ message: `é obrigatória quando ${set} é informada`, path: at('PAYMENT_PROVIDER_URL') })
        return
      }
      const missing = PAYMENT_PROVIDER_OPTIONS.find((name) => env[name] === undefined)
      if (missing) addIssue({ message: 'é obrigatória quando PAYMENT_PROVIDER_URL é informada', path: at(missing) })
    }),
    // Links in e-mails are built on the public origins only (issue 36): production must name them.
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || dataset.value.NODE_ENV !== 'production' || dataset.value.PORTAL_PUBLIC_URLS !== undefined) return
      addIssue({
        message: PUBLIC_URLS_IN_PRODUCTION,
        path: [{ type: 'object', origin: 'value', input: dataset.value, key: 'PORTAL_PUBLIC_URLS', value: undefined }],
      })
    }),
    v.transform((e) => ({
      port: e.PORT,
      /** A secret: never logged. */
      metricsToken: e.METRICS_TOKEN ?? null,
      metricsPort: e.METRICS_PORT ?? null,
      host: e.HOST,
      /** Absolute path. */
      dataDir: path.resolve(cwd, e.DATA_DIR),
      /** PostgreSQL server URL; null → embedded PGlite in `${dataDir}/pglite` (D3). */
      databaseUrl: e.DATABASE_URL ?? null,
      /** null → generated once and kept in `${dataDir}/secrets.json` (server/secrets.ts). */
      jwtSecret: e.JWT_SECRET ?? null,
      accessTokenTtlMinutes: e.ACCESS_TOKEN_TTL_MINUTES,
      /** null → generated once and kept in `${dataDir}/secrets.json` (D17). */
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? ({ publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } as VapidKeys | null)
          : null,
      vapidSubject: e.VAPID_SUBJECT ?? defaultVapidSubject(e.PRODUCTION_URL),
      /** Where the drive API is mounted in this process (D1), no trailing slash. */
      driveBasePath: e.DRIVE_BASE_PATH,
      /** Absolute drive URL handed to clients instead of driveBasePath (D22). */
      drivePublicUrl: e.DRIVE_PUBLIC_URL ?? null,
      cepServiceUrl: e.CEP_SERVICE_URL,
      sentryDsn: e.SENTRY_DSN ?? null,
      chatwootUrl: e.CHATWOOT_URL ?? null,
      /** The inbox's HMAC token (D19); null → no chat. A secret: never logged. */
      chatwootHmacSecret: e.CHATWOOT_HMAC_SECRET ?? null,
      chatwootWebsiteToken: e.CHATWOOT_WEBSITE_TOKEN ?? null,
      productionUrl: e.PRODUCTION_URL ?? null,
      /** Absolute path of the Vite build; skipped when it does not exist. */
      staticDir: path.resolve(cwd, e.STATIC_DIR),
      bodyLimitBytes: e.BODY_LIMIT_BYTES,
      shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
      seedDemo: e.SEED_DEMO,
      logLevel: e.LOG_LEVEL,
      validateResponses: e.VALIDATE_RESPONSES,
      /** Fastify's `trustProxy`: which proxies' X-Forwarded-For/-Proto to believe. */
      trustProxy: e.TRUST_PROXY,
      /** NODE_ENV=production: no demo pages. */
      production: e.NODE_ENV === 'production',
      /** null → the outbox table (D10). Holds a password: never logged. */
      smtpUrl: e.SMTP_URL ?? null,
      mailFrom: e.MAIL_FROM,
      mailLeaseMs: e.MAIL_LEASE_SECONDS * 1000,
      pushLeaseMs: e.PUSH_LEASE_SECONDS * 1000,
      /** Origins for links in e-mails; null → http://localhost:PORT and phenom.localhost (the local demo). */
      portalPublicUrls: e.PORTAL_PUBLIC_URLS ?? null,
      /** Extra push-service hosts (`host` or `host:port`) besides the browsers' own. */
      pushServiceHosts: (e.PUSH_SERVICE_HOSTS ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
      /** Absolute path of a CA certificate (PEM) trusted for push services; null → the system's. */
      pushServiceCaFile: e.PUSH_SERVICE_CA_FILE ? path.resolve(cwd, e.PUSH_SERVICE_CA_FILE) : null,
      /** null → files on local disk under `${dataDir}/files`. Holds a secret key: never logged. */
      s3: e.S3_BUCKET
        ? ({
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT ?? null,
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : null,
            // S3-compatible services mostly want path-style URLs; AWS itself virtual-host ones.
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
            prefix: e.S3_PREFIX ?? '',
          } satisfies S3Settings as S3Settings | null)
        : null,
      /** The receiver written into every Pix BR Code (server/areas/payments/brcode.ts). */
      pix: { key: e.PIX_KEY, merchantName: e.PIX_MERCHANT_NAME, merchantCity: e.PIX_MERCHANT_CITY },
      /** Minutes between file sweeps: abandoned uploads and files no row references. */
      fileSweepIntervalMinutes: e.FILE_SWEEP_INTERVAL_MINUTES,
      /** null → the sandbox card gateway and local Pix (server/plugins/payments.ts). Holds secrets: never logged. */
      paymentProvider:
        e.PAYMENT_PROVIDER_URL && e.PAYMENT_PROVIDER_TOKEN && e.PAYMENT_WEBHOOK_SECRET
          ? ({
              url: e.PAYMENT_PROVIDER_URL,
              token: e.PAYMENT_PROVIDER_TOKEN,
              webhookSecret: e.PAYMENT_WEBHOOK_SECRET,
              timeoutMs: e.PAYMENT_PROVIDER_TIMEOUT_MS,
            } satisfies PaymentProviderSettings as PaymentProviderSettings | null)
          : null,
    })),
  )
}

export type Config = v.InferOutput<ReturnType<typeof configSchema>>

/**
 * The chat's settings when the deployment has its URL, the inbox's secret and its website
 * token (D19), else null: no chat, no chat host in the CSP, no `chatwoot_url` for the
 * client.
 */
export function chatSettings(
  config: Pick<Config, 'chatwootUrl' | 'chatwootHmacSecret' | 'chatwootWebsiteToken'>,
): { url: string; hmacSecret: string; websiteToken: string } | null {
  const { chatwootUrl: url, chatwootHmacSecret: hmacSecret, chatwootWebsiteToken: websiteToken } = config
  return url && hmacSecret && websiteToken ? { url, hmacSecret, websiteToken } : null
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

  const parsed = v.safeParse(configSchema(cwd), input)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    const variable = issue.path?.[0]?.key
    throw new ConfigError(typeof variable === 'string' ? variable : 'ambiente', issue.message)
  }
  return parsed.output
}

const DATA_DIR_PROBLEMS: Record<string, string> = {
  EEXIST: 'não é um diretório',
  ENOTDIR: 'não é um diretório',
  EACCES: 'sem permissão de escrita',
  EPERM: 'sem permissão de escrita',
  EROFS: 'está num sistema de arquivos somente leitura',
  ENOSPC: 'não tem espaço livre',
  ENOENT: 'não aceita arquivos (sistema de arquivos virtual?)',
}

/**
 * DATA_DIR holds the embedded database, the generated secrets and files: it must be a
 * directory this process can create files in. Checked at start with a probe file, so
 * `/proc`, a file or a read-only mount fail at once with the reason instead of hanging in
 * PGlite (issue 8).
 */
export function checkDataDir(dataDir: string): void {
  const probe = path.join(dataDir, `.probe-${process.pid}-${randomBytes(4).toString('hex')}`)
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    writeFileSync(probe, 'ok', { flag: 'wx', mode: 0o600 })
    const readBack = readFileSync(probe, 'utf8')
    rmSync(probe, { force: true })
    if (readBack !== 'ok') throw Object.assign(new Error('read back differs'), { code: 'ENOENT' })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? ''
    const reason = DATA_DIR_PROBLEMS[code] ?? `não pode ser usado (${code || (error as Error).message})`
    throw new ConfigError('DATA_DIR', `(${dataDir}) ${reason}`)
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
