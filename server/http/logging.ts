import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'

/**
 * Request logs never carry secrets: the serializers below emit no header at all (so no
 * Authorization or Cookie), and the values of secret-bearing query parameters are replaced
 * in the logged URL (the reset token and recovery e-mail travel in the query string, SPEC
 * §3). They cost what pino's own serializers cost (issue 7 item 8): the same fields, no
 * redaction pass over every object logged.
 *
 * Secrets are also known by their shape, whatever their name (issue 36 item 8): a
 * JWT, a random token like a reset link's (32 random bytes, base64url: `randomBytes(32)
 * .toString('base64url')` in server/areas/auth/account-tokens-repository.ts), a card number
 * (13–19 digits, Luhn-valid, spaces or dashes allowed). A query value, a path segment or the
 * host of that shape is replaced whole in the logged URL; inside an error (message, stack,
 * fields), a logged `headers` object and a log message, the secret itself is replaced.
 *
 * Long values are cut (issue 8 F3): a 3,800-character username or URL must not fill the
 * log, and whatever it echoes (an error quoting the value) is cut the same way.
 */
export const SECRET_QUERY_PARAMETERS = new Set([
  'token',
  'access_token',
  'token_email',
  'password',
  'current_password',
  'new_password',
  'email',
  'cpf',
  // /dev/outbox's recipient filter.
  'para',
])

export const REDACTED = '[redacted]'

/** The longest string a log line carries per value. */
export const MAX_LOGGED_LENGTH = 300

/** `value` cut to MAX_LOGGED_LENGTH characters, saying how many were left out. */
export function capForLog(value: string, max = MAX_LOGGED_LENGTH): string {
  return value.length <= max ? value : `${value.slice(0, max)}…[+${value.length - max}]`
}

/**
 * Path segments that are secrets: SPEC §7 names a push subscription by its `auth` secret
 * (`GET /push-notifications/{auth}/`). The fixed words of that area stay readable.
 */
const SECRET_PATH_SEGMENT = /(\/push-notifications\/)(?!(?:subscribe|update|unsubscribe|test)(?:[/?]|$))([^/?]+)/

/** `eyJ…` header, payload and signature (the signature may be empty: `alg: none`). */
const JWT = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g
/**
 * A run of 32 or more base64url characters with upper- and lowercase letters: a reset or
 * confirmation link's token (43), a session id. Hex digests and UUIDs (lowercase) stay.
 */
const RANDOM_TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g
const UPPER = /[A-Z]/
const LOWER = /[a-z]/
/** 13–19 digits, each group apart by at most one space or dash: 4111 1111 1111 1111. */
const CARD = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g
/** Cheap first look: nothing without one of these can hold a secret of the shapes above. */
const SUSPECT = /eyJ|\d{4}|[A-Za-z0-9_-]{32}/

function luhnValid(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

const isRandomToken = (run: string) => UPPER.test(run) && LOWER.test(run)
const isCardNumber = (run: string) => luhnValid(run.replace(/[ -]/g, ''))

/** `text` with every JWT, random token and card number in it replaced by REDACTED. */
export function redactSecrets(text: string): string {
  if (!SUSPECT.test(text)) return text
  return text
    .replace(JWT, REDACTED)
    .replace(RANDOM_TOKEN, (run) => (isRandomToken(run) ? REDACTED : run))
    .replace(CARD, (run) => (isCardNumber(run) ? REDACTED : run))
}

/** Whether `text` holds a secret by its shape. */
export function holdsSecret(text: string): boolean {
  return SUSPECT.test(text) && redactSecrets(text) !== text
}

/** A URL component as sent (`+` a space), or as is when its escapes are broken. */
function decoded(component: string): string {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '))
  } catch {
    return component
  }
}

export function redactUrl(url: string): string {
  url = url.replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`)
  const mark = url.indexOf('?')
  const path = mark === -1 ? url : url.slice(0, mark)
  const shownPath = SUSPECT.test(path)
    ? path
        .split('/')
        .map((segment) => (holdsSecret(decoded(segment)) ? REDACTED : segment))
        .join('/')
    : path
  if (mark === -1) return shownPath
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      // A bare `?<token>` is judged as a value.
      if (equals === -1) return holdsSecret(decoded(pair)) ? REDACTED : pair
      const rawName = pair.slice(0, equals)
      const secret = SECRET_QUERY_PARAMETERS.has(decoded(rawName).toLowerCase()) || holdsSecret(decoded(pair.slice(equals + 1)))
      return secret ? `${holdsSecret(decoded(rawName)) ? REDACTED : rawName}=${REDACTED}` : pair
    })
    .join('&')
  return `${shownPath}?${query}`
}

/** Headers whose value is a secret by its name; any other is judged by its shape. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-webhook-signature'])

/** For a `headers` object someone logs: secret ones by name and by shape replaced, values capped. */
function serializeHeaders(headers: unknown): unknown {
  if (typeof headers !== 'object' || headers === null) return headers
  const out: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(headers)) {
    const texts = Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)]
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : texts.map((text) => capForLog(redactSecrets(text))).join(', ')
  }
  return out
}

/** Strings cut, arrays shortened, nesting bounded: for error objects, which may quote input. */
function capDeep(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return capForLog(redactSecrets(value), MAX_LOGGED_LENGTH * 4)
  if (value === null || typeof value !== 'object') return value
  if (depth <= 0) return '[…]'
  if (Array.isArray(value)) {
    const kept = value.slice(0, 20).map((item) => capDeep(item, depth - 1))
    return value.length > 20 ? [...kept, `…[+${value.length - 20}]`] : kept
  }
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) out[key] = capDeep(item, depth - 1)
  return out
}

interface SerializedError {
  [key: string]: unknown
  type: string
  message: string
  stack: string
}

/** pino's error serializer (type, message, stack, own fields, cause), every value capped. */
function serializeError(error: Error, depth = 3): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: capForLog(redactSecrets(String(error))), stack: '' }
  // `cause` is not enumerable (ES2022), the other own fields are (a driver's `query`, `params`…).
  const { cause } = error as { cause?: unknown }
  const fields = capDeep(Object.fromEntries(Object.entries(error).filter(([key]) => key !== 'cause')), 3) as Record<string, unknown>
  return {
    ...fields,
    type: error.name,
    message: capForLog(redactSecrets(error.message), MAX_LOGGED_LENGTH * 4),
    stack: capForLog(redactSecrets(error.stack ?? ''), MAX_LOGGED_LENGTH * 8),
    ...(cause === undefined ? {} : { cause: cause instanceof Error && depth > 0 ? serializeError(cause, depth - 1) : capDeep(cause, 2) }),
  }
}

export const loggerOptions = {
  serializers: {
    // Fastify's default request serializer, with the URL redacted and long values cut.
    req(request: FastifyRequest) {
      return {
        method: request.method,
        url: capForLog(redactUrl(request.url)),
        host: capForLog(holdsSecret(request.host) ? REDACTED : request.host),
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }
    },
    err: serializeError,
    headers: serializeHeaders,
  },
  hooks: {
    // Messages too (`log.info('…' + value)`): one length check and one cheap look per line.
    logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
      for (let index = 0; index < args.length; index++) {
        const arg = args[index]
        if (typeof arg === 'string') args[index] = capForLog(redactSecrets(arg), MAX_LOGGED_LENGTH * 4)
      }
      method.apply(this, args)
    },
  },
}

/**
 * One line per request, written once its answer has gone: the request (method, redacted URL,
 * host, address), the status and the time, with its request id; an access log. Fastify's
 * default writes two, one on arrival and one at the end, and writing log lines was about a
 * sixth of a busy server's time (a CPU profile of /users/me/ on PostgreSQL). The arrival line
 * told nothing the last one does not: a request that never ends is ended by the connection's
 * time limits (server/http/connections.ts), and its error is logged with its id. Every other
 * line Fastify writes (errors, a missing route, a failed stream) is unchanged.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed')
  }
}
