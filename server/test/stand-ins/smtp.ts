// Stand-in for an SMTP server (an outside system, D10): a real SMTP server from the
// `smtp-server` package listening on 127.0.0.1, which checks the login the portal sends and
// keeps every message it receives, parsed, for the test to read. Nothing is relayed.
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  /** Envelope sender and recipients, as the SMTP session carried them. */
  envelope: { from: string; to: string[] }
  /** The From line: display name and address. */
  from: { name: string; address: string }
  subject: string
  text: string
  html: string
}

export interface SmtpStandIn {
  /** SMTP_URL for the portal, with the stand-in's user and password. */
  url: string
  received: ReceivedMail[]
  /** Logins the stand-in refused (a wrong password in SMTP_URL). */
  refusedLogins: number
  /** The next `count` messages are refused with a temporary failure (451), as a busy mail server does. */
  failNext(count: number): void
  /**
   * Messages are taken in but never answered until `release()` (a server that hangs, or a
   * process killed while it waits): `held` counts them. Released, they are refused (the
   * sender never heard "250 OK", so it never counted them as sent).
   */
  hold(): void
  release(): void
  held: number
  close(): Promise<void>
}

export async function startSmtpStandIn(credentials = { user: 'portal', password: 'segredo-smtp' }): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = []
  const standIn = { received, refusedLogins: 0, held: 0 } as Pick<SmtpStandIn, 'received' | 'refusedLogins' | 'held'>
  let failing = 0
  let holding = false
  const waiting: (() => void)[] = []
  const server = new SMTPServer({
    // Plain SMTP on the loopback interface: no certificate to make, no STARTTLS offered.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.password) return callback(null, { user: auth.username })
      standIn.refusedLogins++
      callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      if (failing > 0) {
        failing--
        stream.resume()
        stream.once('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })))
        return
      }
      if (holding) {
        standIn.held++
        stream.resume()
        waiting.push(() => callback(Object.assign(new Error('Released unanswered'), { responseCode: 451 })))
        return
      }
      simpleParser(stream)
        .then((parsed) => {
          const from = parsed.from?.value[0]
          received.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
            },
            from: { name: from?.name ?? '', address: from?.address ?? '' },
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          })
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  // A client that vanishes mid-session (a process killed while it sends) is part of the stand-in's life, not a failure.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return Object.assign(standIn, {
    url: `smtp://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`,
    failNext: (count: number) => void (failing = count),
    hold: () => void (holding = true),
    release: () => {
      holding = false
      for (const answer of waiting.splice(0)) answer()
    },
    close: () => {
      for (const answer of waiting.splice(0)) answer()
      return new Promise<void>((resolve) => server.close(resolve))
    },
  })
}
