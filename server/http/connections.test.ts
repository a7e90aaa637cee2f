import net from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { testConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { createTestDatabase } from '../test/app.ts'
import { CLIENT_TIMEOUT, HEADERS_TOO_LARGE, MALFORMED_REQUEST, type ConnectionTimeouts } from './connections.ts'

/**
 * Real sockets on loopback against a listening server (issue 8 F4, F6), with the timeouts
 * scaled down so the test takes seconds; the defaults are the same rules at 10 s.
 */
const TIMEOUTS: Partial<ConnectionTimeouts> = {
  headersMs: 1000,
  bodyWindowMs: 1000,
  minBodyBytes: 512,
  keepAliveMs: 800,
  checkIntervalMs: 200,
}
const UPLOAD_BYTES = 4 * 1024 * 1024

let db: Database
let app: FastifyInstance
let port: number

beforeAll(async () => {
  db = await createTestDatabase()
  app = await buildApp(testConfig({ seedDemo: false, bodyLimitBytes: 8 * 1024 * 1024 }), { db, timeouts: TIMEOUTS })
  // A stand-in for an upload endpoint: answers how many bytes arrived.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
  app.post('/api/v1/test-upload/', async (request) => ({ bytes: (request.body as Buffer).length }))
  await app.listen({ host: '127.0.0.1', port: 0 })
  port = (app.server.address() as net.AddressInfo).port
})
afterAll(async () => {
  await app.close()
  await db.close()
})

interface RawConnection {
  socket: net.Socket
  /** Everything the server wrote. */
  received(): string
  /** Resolves with the ms from connect to close (or rejects after `limitMs`). */
  closedWithin(limitMs: number): Promise<number>
}

function connect(): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    const started = Date.now()
    let data = ''
    let closedAt: number | undefined
    const closed = new Promise<void>((done) =>
      socket.on('close', () => {
        closedAt = Date.now()
        done()
      }),
    )
    socket.on('data', (chunk) => (data += chunk.toString('utf8')))
    socket.on('error', () => {})
    socket.once('connect', () =>
      resolve({
        socket,
        received: () => data,
        async closedWithin(limitMs) {
          let timer: NodeJS.Timeout | undefined
          const limit = new Promise<never>((_, fail) => {
            timer = setTimeout(() => fail(new Error(`still open after ${limitMs} ms`)), limitMs)
          })
          try {
            await Promise.race([closed, limit])
          } finally {
            clearTimeout(timer)
            socket.destroy()
          }
          return closedAt! - started
        },
      }),
    )
    socket.once('error', reject)
  })
}

function statusAndBody(raw: string): { status: number; body: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1])
  const text = raw.slice(raw.indexOf('\r\n\r\n') + 4)
  return { status, body: text ? JSON.parse(text) : undefined }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Sends `text` one byte every `everyMs` until the socket closes or `maxBytes` are sent. */
async function trickle(connection: RawConnection, text: string, everyMs: number): Promise<void> {
  for (const byte of text) {
    if (connection.socket.destroyed || !connection.socket.writable) return
    connection.socket.write(byte)
    await sleep(everyMs)
  }
}

describe('slow clients are cut off within seconds (F4)', () => {
  it('closes 30 slowloris connections sending a header byte every 300 ms, answering 408 with a detail', async () => {
    const connections = await Promise.all(Array.from({ length: 30 }, () => connect()))
    for (const connection of connections) {
      connection.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n')
      void trickle(connection, `X-Lento: ${'a'.repeat(100)}\r\n`, 300)
    }
    const times = await Promise.all(connections.map((connection) => connection.closedWithin(4000)))
    expect(Math.max(...times)).toBeLessThan(4000)
    expect(statusAndBody(connections[0]!.received())).toEqual({ status: 408, body: { detail: CLIENT_TIMEOUT } })
  })

  it('closes a connection that never sends anything', async () => {
    const connection = await connect()
    expect(await connection.closedWithin(4000)).toBeLessThan(4000)
  })

  it('cuts a body that trickles in, answering 408 with a detail', async () => {
    const connection = await connect()
    connection.socket.write(
      `POST /api/v1/test-upload/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nContent-Length: 100000\r\n\r\n`,
    )
    void trickle(connection, 'x'.repeat(200), 100)
    expect(await connection.closedWithin(5000)).toBeLessThan(5000)
    expect(statusAndBody(connection.received())).toEqual({ status: 408, body: { detail: CLIENT_TIMEOUT } })
  })

  it('lets a several-MB upload on a slow link finish, though it takes longer than every window', async () => {
    const connection = await connect()
    connection.socket.write(
      `POST /api/v1/test-upload/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\n` +
        `Content-Length: ${UPLOAD_BYTES}\r\nConnection: close\r\n\r\n`,
    )
    // ~1.3 MB/s in 64 KiB steps: about 3 s, three body windows and three header timeouts.
    const chunk = Buffer.alloc(64 * 1024, 'y')
    const started = Date.now()
    for (let sent = 0; sent < UPLOAD_BYTES; sent += chunk.length) {
      connection.socket.write(chunk)
      await sleep(50)
    }
    await connection.closedWithin(15_000)
    expect(Date.now() - started).toBeGreaterThan(2 * TIMEOUTS.bodyWindowMs!)
    expect(statusAndBody(connection.received())).toEqual({ status: 200, body: { bytes: UPLOAD_BYTES } })
  })

  it('closes an idle keep-alive connection after its timeout', async () => {
    const connection = await connect()
    connection.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n')
    const closedAfter = await connection.closedWithin(4000)
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200/)
    expect(closedAfter).toBeGreaterThanOrEqual(TIMEOUTS.keepAliveMs! - 100)
  })
})

describe("node's HTTP parser errors answer JSON with a Portuguese detail (F6)", () => {
  it('answers 400 to a malformed request', async () => {
    const connection = await connect()
    connection.socket.write('ISTO NAO E HTTP\r\n\r\n')
    await connection.closedWithin(4000)
    expect(statusAndBody(connection.received())).toEqual({ status: 400, body: { detail: MALFORMED_REQUEST } })
  })

  it('answers 431 to headers over the limit', async () => {
    const connection = await connect()
    connection.socket.write(`GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Grande: ${'a'.repeat(20_000)}\r\n\r\n`)
    await connection.closedWithin(4000)
    expect(statusAndBody(connection.received())).toEqual({ status: 431, body: { detail: HEADERS_TOO_LARGE } })
  })

  it('answers 400 to a malformed URL before routing', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/users/%zz`)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ detail: 'URL inválida.' })
  })
})
