// The bare web-push loop of the scale bench (bench/scale/run.ts), in a process of its own as
// the server's sender is: the same calls (server/areas/push/push-service.ts, the same agent),
// the same concurrency and payload to the same subscriptions, nothing read or written per
// push. It reads every subscription first, then prints `bare <sent> <ms>` (or `failed …`).
// Environment: DATABASE_URL, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, PUSH_SERVICE_CA_FILE.
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { webPushService } from '../../server/areas/push/push-service.ts'
import { DEFAULT_SENDER_SETTINGS, payloadOf } from '../../server/areas/push/sender.ts'

const env = (name: string) => {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is required`)
  return value
}

const client = new pg.Client({ connectionString: env('DATABASE_URL') })
await client.connect()
const { rows: devices } = await client.query<{ endpoint: string; p256dh: string; auth: string }>(
  'select endpoint, p256dh, auth from push_subscriptions order by id',
)
await client.end()

const service = webPushService({
  vapid: { publicKey: env('VAPID_PUBLIC_KEY'), privateKey: env('VAPID_PRIVATE_KEY') },
  subject: env('VAPID_SUBJECT'),
  ca: readFileSync(env('PUSH_SERVICE_CA_FILE'), 'utf8'),
})
const payload = JSON.stringify(
  payloadOf({ id: 1, title: 'Aviso para toda a rede', body: 'Amanhã não haverá aula.', link: '/', imageUrl: null }, crypto.randomUUID()),
)
let next = 0
let failures = 0
let firstFailure = ''
const started = performance.now()
await Promise.all(
  Array.from({ length: DEFAULT_SENDER_SETTINGS.batchSize * DEFAULT_SENDER_SETTINGS.lanes }, async () => {
    while (next < devices.length) {
      const device = devices[next++]!
      const result = await service.send(device, payload, { ttl: DEFAULT_SENDER_SETTINGS.ttlSeconds, urgency: 'normal', topic: 'bench' })
      if (result.status !== 201) {
        failures++
        firstFailure ||= `${result.status} ${result.error ?? ''}`
      }
    }
  }),
)
const ms = performance.now() - started
service.close()
console.log(failures > 0 ? `failed ${failures} ${firstFailure}` : `bare ${devices.length} ${ms.toFixed(0)}`)
