import type { FastifyRequest } from 'fastify'

/**
 * Request logs never carry secrets: the serializers below emit no header at all (so no
 * Authorization or Cookie), and the values of secret-bearing query parameters are replaced
 * in the logged URL (the reset token and recovery e-mail travel in the query string, SPEC
 * §3). They cost what pino's own serializers cost (issue 7 item 8): the same fields, no
 * redaction pass over every line, since there is nothing left to redact.
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
 * (`GET /push-notifications/{auth}/`, P136). The fixed words of that area stay readable.
 */
const SECRET_PATH_SEGMENT = /(\/push-notifications\/)(?!(?:subscribe|update|unsubscribe|test)(?:[/?]|$))([^/?]+)/

export function redactUrl(url: string): string {
  url = url.replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`)
  const mark = url.indexOf('?')
  if (mark === -1) return url
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const rawName = equals === -1 ? pair : pair.slice(0, equals)
      let name = rawName
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '))
      } catch {
        // A malformed escape: judge by the raw name.
      }
      return equals !== -1 && SECRET_QUERY_PARAMETERS.has(name.toLowerCase()) ? `${rawName}=${REDACTED}` : pair
    })
    .join('&')
  return `${url.slice(0, mark)}?${query}`
}

/** Strings cut, arrays shortened, nesting bounded: for error objects, which may quote input. */
function capDeep(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return capForLog(value, MAX_LOGGED_LENGTH * 4)
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
  if (!(error instanceof Error)) return { type: typeof error, message: capForLog(String(error)), stack: '' }
  // `cause` is not enumerable (ES2022), the other own fields are (a driver's `query`, `params`…).
  const { cause } = error as { cause?: unknown }
  const fields = capDeep(Object.fromEntries(Object.entries(error).filter(([key]) => key !== 'cause')), 3) as Record<string, unknown>
  return {
    ...fields,
    type: error.name,
    message: capForLog(error.message, MAX_LOGGED_LENGTH * 4),
    stack: capForLog(error.stack ?? '', MAX_LOGGED_LENGTH * 8),
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
        host: capForLog(request.host),
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }
    },
    err: serializeError,
  },
  hooks: {
    // Messages too (`log.info('…' + value)`): one length check per line.
    logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
      for (let index = 0; index < args.length; index++) {
        const arg = args[index]
        if (typeof arg === 'string' && arg.length > MAX_LOGGED_LENGTH * 4) args[index] = capForLog(arg, MAX_LOGGED_LENGTH * 4)
      }
      method.apply(this, args)
    },
  },
}
