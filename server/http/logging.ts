import type { FastifyRequest } from 'fastify'

/**
 * Request logs never carry secrets: the Authorization and Cookie headers are redacted, and
 * the values of secret-bearing query parameters are replaced in the logged URL (the reset
 * token and recovery e-mail travel in the query string, SPEC §3).
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
])

export const REDACTED = '[redacted]'

export function redactUrl(url: string): string {
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

export const loggerOptions = {
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    censor: REDACTED,
  },
  serializers: {
    // Fastify's default request serializer, with the URL redacted.
    req(request: FastifyRequest) {
      return {
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }
    },
  },
}
