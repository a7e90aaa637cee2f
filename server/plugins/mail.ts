import fp from 'fastify-plugin'
import { DEFAULT_MAIL_SETTINGS, forgetOldMail, sendDueMail, type MailSenderSettings } from '../mail/queue.ts'
import { outboxTransport, smtpTransport, type MailTransport } from '../mail/transports.ts'
import { workerLoop } from './worker-loop.ts'

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailSending
  }
}

export interface MailSending {
  /** Where mail goes: SMTP, or the demo's outbox table. */
  readonly kind: MailTransport['kind']
  readonly settings: MailSenderSettings
  /** Look for due mail now instead of at the next poll (a request was just queued). */
  wake(): void
  /** Rounds until nothing is due right now (tests). */
  drain(): Promise<void>
}

export interface MailPluginOptions {
  settings?: Partial<MailSenderSettings>
  /** How often the sender looks for due mail when not woken. */
  pollMs?: number
}

/** How often a process deletes sent and failed rows past their keeping time. */
const FORGET_EVERY_MS = 60 * 60_000

/**
 * Outgoing e-mail (D10; durable since issue 39): SMTP when SMTP_URL is configured, else the
 * outbox table that /dev/outbox shows, so the demo works offline with nothing configured.
 * Every mail goes through the queue (server/mail/queue.ts); each process runs one sender loop
 * over it, woken by its own requests and polling for the others'. Stopping waits for the
 * round in flight, before the database closes.
 */
export default fp<MailPluginOptions>(
  async (app, options) => {
    const { config } = app
    const transport = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : outboxTransport(app.db.orm)
    if (transport.kind === 'outbox' && config.production) {
      app.log.warn('SMTP_URL is not set: e-mails (password recovery, confirmations) are only written to the mail_outbox table')
    }
    const settings = { ...DEFAULT_MAIL_SETTINGS, leaseMs: config.mailLeaseMs, ...options.settings }
    let forgotAt = 0
    const loop = workerLoop({
      pollMs: options.pollMs ?? 5000,
      async round(stopped) {
        if (Date.now() - forgotAt > FORGET_EVERY_MS) {
          forgotAt = Date.now()
          await forgetOldMail(app.db.orm)
        }
        for (;;) {
          const done = await sendDueMail(app.db.orm, transport, settings, ({ attempts, error }) =>
            // The address is personal data and the body holds a secret link: only the attempt and the server's code.
            app.log.warn({ transport: transport.kind, attempts, code: (error as { code?: unknown }).code }, 'mail attempt failed'),
          )
          if (done.sent > 0) app.log.info({ transport: transport.kind, sent: done.sent }, 'mail sent')
          if (stopped() || done.claimed < settings.batchSize) break
        }
      },
      onError: (error) => app.log.error({ err: error }, 'mail round failed'),
    })

    app.decorate('mail', { kind: transport.kind, settings, wake: loop.wake, drain: loop.drain } satisfies MailSending)
    app.addHook('onReady', async () => loop.start())
    app.addHook('onClose', async () => {
      await loop.stop()
      await transport.close()
    })
  },
  { name: 'mail', dependencies: ['db'], fastify: '5.x' },
)
