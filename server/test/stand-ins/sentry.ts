// Stand-in for Sentry (an outside system): a local HTTP service that receives the browser
// SDK's envelopes the way sentry.io does (POST /api/<project>/envelope/) and keeps them for
// the test to read. Nothing is forwarded anywhere.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface EnvelopeItem {
  type: string
  payload: Record<string, unknown>
}

export interface SentryStandIn {
  /** The DSN to configure (SENTRY_DSN): the key is public by design, the project is 1. */
  dsn: string
  /** Every envelope body exactly as received, to search for data that must never leave. */
  raw: string[]
  /** The items of every envelope (events, transactions, sessions…), in arrival order. */
  items: EnvelopeItem[]
  /** Error events only. */
  events(): Record<string, unknown>[]
  close(): Promise<void>
}

function parseEnvelope(body: string): EnvelopeItem[] {
  // Envelope: a header line, then for each item an item-header line and a payload line.
  const lines = body.split('\n').filter((line) => line.length > 0)
  const items: EnvelopeItem[] = []
  for (let i = 1; i + 1 < lines.length; i += 2) {
    const header = JSON.parse(lines[i]!) as { type: string }
    let payload: Record<string, unknown>
    try {
      payload = JSON.parse(lines[i + 1]!) as Record<string, unknown>
    } catch {
      payload = { text: lines[i + 1] }
    }
    items.push({ type: header.type, payload })
  }
  return items
}

export async function startSentryStandIn(): Promise<SentryStandIn> {
  const raw: string[] = []
  const items: EnvelopeItem[] = []
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': '*',
    'access-control-allow-methods': 'POST, OPTIONS',
  }
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end()
      return
    }
    if (request.method !== 'POST' || !/^\/api\/\d+\/envelope\/?(\?|$)/.test(request.url ?? '')) {
      response.writeHead(404, cors).end()
      return
    }
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      raw.push(body)
      items.push(...parseEnvelope(body))
      response.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    raw,
    items,
    events: () => items.filter((item) => item.type === 'event').map((item) => item.payload),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
