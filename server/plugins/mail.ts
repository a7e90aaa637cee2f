import fp from 'fastify-plugin'
import { outboxTransport, smtpTransport, type Mail, type MailTransport } from '../mail/transports.ts'

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailTransport
  }
}

/**
 * Outgoing e-mail (D10): SMTP when SMTP_URL is configured, else the outbox table that
 * /dev/outbox shows, so the demo works offline with nothing configured.
 */
export default fp(
  async (app) => {
    const { config } = app
    const transport = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : outboxTransport(app.db.orm)
    if (transport.kind === 'outbox' && config.production) {
      app.log.warn('SMTP_URL is not set: e-mails (password recovery, confirmations) are only written to the mail_outbox table')
    }
    app.decorate('mail', {
      kind: transport.kind,
      async send(mail: Mail) {
        await transport.send(mail)
        // The address is personal data and the body holds a secret link: only the kind of mail is logged.
        app.log.info({ transport: transport.kind, subject: mail.subject }, 'mail sent')
      },
      close: () => transport.close(),
    } satisfies MailTransport)
    // Registered before the background plugin, so this runs after it has waited for pending mail.
    app.addHook('onClose', () => transport.close())
  },
  { name: 'mail', dependencies: ['db'], fastify: '5.x' },
)
