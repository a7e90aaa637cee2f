import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyHttpOptions, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { errorBody } from './errors.ts'

/**
 * How long a client may take (issue 8 F4, F5). Slow clients are cut off within seconds:
 * headers must arrive whole within `headersMs`, and a body must keep arriving at
 * `minBodyBytes` per `bodyWindowMs` (one byte every few seconds is an attack; a 2G phone
 * uploading a photo sends tens of KB/s). A whole request may take up to `requestMs`, so a
 * several-MB upload on a slow link fits; idle keep-alive connections go after `keepAliveMs`.
 */
export interface ConnectionTimeouts {
  headersMs: number
  bodyWindowMs: number
  minBodyBytes: number
  requestMs: number
  keepAliveMs: number
  /** A socket with no traffic at all for this long is dropped. */
  idleSocketMs: number
  /** How often node looks for connections past headersMs/requestMs. */
  checkIntervalMs: number
}

export const DEFAULT_TIMEOUTS: ConnectionTimeouts = {
  headersMs: 10_000,
  bodyWindowMs: 10_000,
  minBodyBytes: 1024,
  requestMs: 5 * 60_000,
  keepAliveMs: 10_000,
  idleSocketMs: 60_000,
  checkIntervalMs: 1_000,
}

export const CLIENT_TIMEOUT = 'A requisição demorou demais para chegar. Verifique sua conexão e tente novamente.'
export const HEADERS_TOO_LARGE = 'Os cabeçalhos da requisição são grandes demais.'
export const MALFORMED_REQUEST = 'Requisição HTTP malformada.'
export const SHUTTING_DOWN = 'O servidor está reiniciando. Tente novamente em instantes.'

/** An answer written straight to the socket (node's parser errors come before Fastify). */
function writeRaw(socket: Socket, status: number, reason: string, detail: string): void {
  const body = JSON.stringify({ detail })
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy()
}

/**
 * Node's HTTP parser errors (F6): malformed requests, headers over the limit, the headers
 * or request timeout. Fastify's default answers English JSON without `detail`.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return writeRaw(socket, 408, 'Request Timeout', CLIENT_TIMEOUT)
  if (error.code === 'HPE_HEADER_OVERFLOW') return writeRaw(socket, 431, 'Request Header Fields Too Large', HEADERS_TOO_LARGE)
  writeRaw(socket, 400, 'Bad Request', MALFORMED_REQUEST)
}

/** The Fastify server options for the timeouts above and the parser's errors. */
export function connectionOptions(timeouts: ConnectionTimeouts): FastifyHttpOptions<Server> {
  return {
    connectionTimeout: timeouts.idleSocketMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    clientErrorHandler,
    // Let in-flight requests finish on close; idle keep-alive sockets are dropped (F5).
    forceCloseConnections: 'idle',
    // Requests arriving while closing get our own Portuguese 503 (below).
    return503OnClosing: false,
  }
}

/**
 * The parts of F4/F5 that need hooks: a minimum body rate, and on close `Connection: close`
 * on every answer still being written so browsers' keep-alive sockets end with it.
 */
export const connectionsPlugin = fp<{ timeouts: ConnectionTimeouts }>(
  async (app: FastifyInstance, { timeouts }) => {
    let closing = false
    app.addHook('preClose', async () => {
      closing = true
    })

    app.addHook('onRequest', async (request, reply) => {
      if (closing) {
        return reply
          .code(503)
          .header('Connection', 'close')
          .header('Retry-After', '1')
          .send(errorBody(503, SHUTTING_DOWN, request))
      }
      const raw = request.raw
      const hasBody = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0
      if (!hasBody || raw.complete) return
      const socket = raw.socket
      let seen = socket.bytesRead
      const timer = setInterval(() => {
        if (raw.complete || socket.destroyed) return clearInterval(timer)
        const now = socket.bytesRead
        if (now - seen < timeouts.minBodyBytes) {
          clearInterval(timer)
          request.log.info({ bytes: now - seen, windowMs: timeouts.bodyWindowMs }, 'body too slow; connection cut')
          writeRaw(socket, 408, 'Request Timeout', CLIENT_TIMEOUT)
          return
        }
        seen = now
      }, timeouts.bodyWindowMs)
      timer.unref()
      raw.once('close', () => clearInterval(timer))
      raw.once('end', () => clearInterval(timer))
    })

    app.addHook('onSend', async (request, reply) => {
      if (closing && request.raw.httpVersionMajor === 1) reply.header('Connection', 'close')
    })
  },
  { name: 'connections', fastify: '5.x' },
)
