// Starts the real server for the e2e run: built app from dist/, embedded database in a
// fresh temporary DATA_DIR (demo school seeded), removed when the run ends, and the
// postal-code service pointed at a local stand-in (D18: tests never call the real one).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from 'node:http'
import { startCepStandIn } from './stand-ins/cep.ts'
import { startPushStandIn } from '../../server/test/stand-ins/push-service.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'))
process.env.DATA_DIR = dataDir
// E2E always runs on the embedded database; server tests cover PostgreSQL.
delete process.env.DATABASE_URL
process.env.HOST ??= 'localhost'
process.env.CEP_SERVICE_URL = (await startCepStandIn()).url
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }))

// The push-service stand-in (D17): the server trusts its host and certificate. A test drives it
// over plain HTTP on PORT + 1 (it runs in another process): POST /__stand-in/push/subscriptions
// makes a device with real keys, GET /__stand-in/push/received/<id> reads what it decrypted,
// POST /__stand-in/push/fail/<id>?status=S&count=N makes its next N pushes fail (0: no answer).
const push = await startPushStandIn()
process.env.PUSH_SERVICE_HOSTS = push.host
process.env.PUSH_SERVICE_CA_FILE = push.caFile
createServer((request, response) => {
  const json = (status: number, value: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))
  const received = /^\/__stand-in\/push\/received\/([\w-]+)$/.exec(request.url ?? '')?.[1]
  const failing = /^\/__stand-in\/push\/fail\/([\w-]+)\?status=(\d+)&count=(\d+)$/.exec(request.url ?? '')
  if (request.method === 'POST' && request.url === '/__stand-in/push/subscriptions') return json(201, push.newSubscription())
  if (request.method === 'POST' && failing) {
    push.failNext(failing[1]!, Number(failing[2]), Number(failing[3]))
    return json(204, null)
  }
  if (request.method === 'GET' && received) return json(200, push.received(received))
  json(404, { detail: 'Não encontrado' })
}).listen(Number(process.env.PORT ?? 8181) + 1, '127.0.0.1')

await import('../../server/main.ts')
