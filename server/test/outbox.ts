import type { MailOutboxRow } from '../mail/outbox-schema.ts'
import { outboxMessages } from '../mail/transports.ts'
import type { TestApp } from './app.ts'

/** Every mail the default transport wrote to `to`, newest first, once the mail queue has nothing due. */
export async function mailsTo(t: TestApp, to: string): Promise<MailOutboxRow[]> {
  await t.app.mail.drain()
  return outboxMessages(t.db.orm, { to, limit: 100 })
}

/** The value of `parameter` in the link of a mail's text (`token`, `token_email`). */
export function linkParameter(text: string, parameter: string): string {
  const match = new RegExp(`[?&]${parameter}=([A-Za-z0-9_-]+)`).exec(text)
  if (!match) throw new Error(`no ${parameter} in the mail`)
  return match[1]!
}

/** The first link of a mail's text. */
export function firstLink(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text)
  if (!match) throw new Error('no link in the mail')
  return new URL(match[0])
}
