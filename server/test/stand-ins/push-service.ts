// Stand-in for a browser push service (an outside system, D17): a local HTTPS service with
// a self-signed certificate, used as the subscriptions' endpoint. Like FCM or Mozilla's, it
// checks the VAPID JWT against the key the request names, then, unlike them, it decrypts
// the aes128gcm body with the keys it made for that subscription (it plays the browser
// too), and keeps what it read for the test. It answers 201, or what the test asked for.
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decrypt } from 'http_ece'

export interface StandInSubscription {
  id: string
  endpoint: string
  /** Base64url, as `PushSubscription.toJSON().keys` gives them. */
  p256dh: string
  auth: string
}

export interface ReceivedPush {
  /** The decrypted payload, as text. */
  body: string
  ttl: string | undefined
  urgency: string | undefined
  topic: string | undefined
  /** The VAPID public key the request was signed with (`k=`). */
  vapidKey: string
}

export interface PushStandIn {
  /** `https://127.0.0.1:<port>`. */
  origin: string
  /** `127.0.0.1:<port>`: PUSH_SERVICE_HOSTS for the portal. */
  host: string
  /** The CA certificate (PEM) file: PUSH_SERVICE_CA_FILE for the portal. */
  caFile: string
  ca: string
  newSubscription(): StandInSubscription
  received(id: string): ReceivedPush[]
  /** Requests the stand-in refused (a bad VAPID signature, an unknown subscription). */
  refused: { id: string; status: number; reason: string }[]
  /** The next `count` requests for `id` answer `status` (with `Retry-After` when given); 0 drops the connection unanswered. */
  failNext(id: string, status: number, count?: number, retryAfterSeconds?: number): void
  /** Every later request for `id` answers 410 Gone (an expired subscription). */
  expire(id: string): void
  close(): Promise<void>
}

interface Device {
  keys: ECDH
  auth: Buffer
  received: ReceivedPush[]
  failures: { status: number; retryAfterSeconds?: number }[]
  gone: boolean
}

/** A self-signed EC certificate for 127.0.0.1 (TOOLCHAIN.md): key and certificate PEM. */
function selfSignedCertificate(): { key: string; cert: string } {
  const directory = mkdtempSync(join(tmpdir(), 'push-stand-in-'))
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(directory, 'key.pem'),
        '-out',
        join(directory, 'cert.pem'),
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    )
    return { key: readFileSync(join(directory, 'key.pem'), 'utf8'), cert: readFileSync(join(directory, 'cert.pem'), 'utf8') }
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292): ES256 by that key, for this origin, not expired. */
export function checkVapid(header: string | undefined, origin: string, now = Date.now()): { key: string } | { problem: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '')
  if (!match) return { problem: 'no vapid authorization' }
  const [, token, key] = match as unknown as [string, string, string]
  const [head, claims, signature] = token.split('.')
  if (!head || !claims || !signature) return { problem: 'malformed jwt' }
  const point = Buffer.from(key, 'base64url')
  if (point.length !== 65 || point[0] !== 4) return { problem: 'bad vapid key' }
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  })
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!valid) return { problem: 'bad signature' }
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud?: string; exp?: number; sub?: string }
  if (body.aud !== origin) return { problem: `aud ${body.aud} is not ${origin}` }
  if (typeof body.exp !== 'number' || body.exp * 1000 < now) return { problem: 'expired' }
  if (!body.sub) return { problem: 'no sub' }
  return { key }
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const { key, cert } = selfSignedCertificate()
  const devices = new Map<string, Device>()
  const refused: PushStandIn['refused'] = []
  let origin = ''

  const server = createServer({ key, cert }, (request, response) => {
    void (async () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? ''
      const body = await bodyOf(request)
      const device = devices.get(id)
      const refuse = (status: number, reason: string) => {
        refused.push({ id, status, reason })
        response.writeHead(status, { 'content-type': 'text/plain' }).end(reason)
      }
      if (request.method !== 'POST') return refuse(405, 'method')
      if (!device) return refuse(404, 'unknown subscription')
      if (device.gone) return refuse(410, 'gone')
      const vapid = checkVapid(request.headers.authorization, origin)
      if ('problem' in vapid) return refuse(401, vapid.problem)
      if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'content-encoding')
      const failure = device.failures.shift()
      // Status 0: the connection drops without an answer (a push service out of reach).
      if (failure?.status === 0) {
        request.socket.destroy()
        return
      }
      if (failure) {
        const headers: Record<string, string> =
          failure.retryAfterSeconds === undefined ? {} : { 'retry-after': String(failure.retryAfterSeconds) }
        response.writeHead(failure.status, headers).end()
        return
      }
      let text: string
      try {
        text = decrypt(body, { version: 'aes128gcm', privateKey: device.keys, authSecret: device.auth }).toString('utf8')
      } catch {
        return refuse(400, 'cannot decrypt')
      }
      const header = (name: string) => request.headers[name] as string | undefined
      device.received.push({ body: text, ttl: header('ttl'), urgency: header('urgency'), topic: header('topic'), vapidKey: vapid.key })
      response.writeHead(201, { location: `${origin}/message/${randomBytes(6).toString('hex')}` }).end()
    })().catch(() => response.writeHead(500).end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  origin = `https://127.0.0.1:${port}`
  const caDirectory = mkdtempSync(join(tmpdir(), 'push-stand-in-ca-'))
  const caFile = join(caDirectory, 'ca.pem')
  writeFileSync(caFile, cert)

  return {
    origin,
    host: `127.0.0.1:${port}`,
    caFile,
    ca: cert,
    refused,
    newSubscription() {
      const id = randomBytes(8).toString('hex')
      const keys = createECDH('prime256v1')
      keys.generateKeys()
      const auth = randomBytes(16)
      devices.set(id, { keys, auth, received: [], failures: [], gone: false })
      return { id, endpoint: `${origin}/push/${id}`, p256dh: keys.getPublicKey().toString('base64url'), auth: auth.toString('base64url') }
    },
    received: (id) => devices.get(id)?.received ?? [],
    failNext(id, status, count = 1, retryAfterSeconds) {
      for (let index = 0; index < count; index++) devices.get(id)!.failures.push({ status, retryAfterSeconds })
    },
    expire(id) {
      devices.get(id)!.gone = true
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      rmSync(caDirectory, { recursive: true, force: true })
    },
  }
}
