import { readFileSync } from 'node:fs'
import fp from 'fastify-plugin'
import { webPushService, type PushService } from '../areas/push/push-service.ts'
import { DEFAULT_SENDER_SETTINGS, sendDue, startDueSendings, type SenderSettings } from '../areas/push/sender.ts'
import { workerLoop } from './worker-loop.ts'

declare module 'fastify' {
  interface FastifyInstance {
    push: PushSending
  }
}

export interface PushSending {
  service: PushService
  settings: SenderSettings
  /** Look for due deliveries now instead of at the next poll (a send just queued some). */
  wake(): void
  /** Rounds until nothing is due right now (tests, the bench). */
  drain(): Promise<void>
}

export interface PushPluginOptions {
  /** Another push service than the browsers' own (tests: the stand-in with its CA, or a failing one). */
  service?: PushService
  settings?: Partial<SenderSettings>
  /** How often the sender looks for due deliveries and scheduled sendings when not woken. */
  pollMs?: number
}

/**
 * Push sending (D17): the push-service adapter and one sender loop per process over the
 * delivery queue in the database. Stopping waits for the round in flight, before the
 * database closes (onClose runs in reverse registration order).
 */
export default fp<PushPluginOptions>(
  async (app, options) => {
    const settings = { ...DEFAULT_SENDER_SETTINGS, leaseMs: app.config.pushLeaseMs, ...options.settings }
    const service =
      options.service ??
      webPushService({
        vapid: app.secrets.vapid,
        subject: app.config.vapidSubject,
        ca: app.config.pushServiceCaFile ? readFileSync(app.config.pushServiceCaFile, 'utf8') : null,
      })
    const loop = workerLoop({
      pollMs: options.pollMs ?? 1000,
      async round(stopped) {
        await startDueSendings(app.db.orm)
        // The lanes claim with SKIP LOCKED as two processes would: never the same delivery.
        await Promise.all(
          Array.from({ length: settings.lanes }, async () => {
            while (!stopped() && (await sendDue(app.db.orm, service, settings)) === settings.batchSize);
          }),
        )
      },
      onError: (error) => app.log.error({ err: error }, 'push sending round failed'),
    })

    app.decorate('push', { service, settings, wake: loop.wake, drain: loop.drain } satisfies PushSending)
    app.addHook('onReady', async () => loop.start())
    app.addHook('onClose', async () => {
      await loop.stop()
      service.close()
    })
  },
  { name: 'push', dependencies: ['db'], fastify: '5.x' },
)
