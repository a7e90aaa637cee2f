import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { Text } from '../../src/contract/schemas/common.ts'
import { escapeHtml } from '../mail/templates.ts'
import { outboxMessages } from '../mail/transports.ts'
import { sendDevPage } from './page.ts'

/** How many messages the page lists, newest first. */
export const OUTBOX_PAGE_SIZE = 50

const Query = v.object({ para: v.optional(Text(254)) })

const DATE_TIME = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'America/Sao_Paulo' })

/** The message text with its addresses as links a person can follow. */
function linkified(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/)
    .map((part, index) => (index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('')
}

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f1f24;background:#f4f4f6}
main{max-width:760px;margin:0 auto;padding:24px 16px}
h1{margin:0 0 8px}
form{display:flex;flex-wrap:wrap;gap:8px;align-items:end;margin:16px 0 24px}
label{display:flex;flex-direction:column;font-weight:600}
input{font:inherit;padding:8px 12px;border:1px solid #6b6b76;border-radius:8px;min-width:260px}
button{font:inherit;padding:8px 16px;border:0;border-radius:999px;background:#3e009f;color:#fff;cursor:pointer}
article{background:#fff;border-radius:12px;padding:16px;margin:0 0 16px}
h2{font-size:1.1rem;margin:0 0 8px}
dl{display:grid;grid-template-columns:auto 1fr;gap:0 12px;margin:0 0 12px;color:#3d3d46}
dt{font-weight:600}dd{margin:0}
.mail-body{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}
a{color:#3e009f}
`

/**
 * /dev/outbox: the mail the default transport wrote (D10), for the demo and the browser
 * tests to read and follow the links. Registered only outside production (NODE_ENV), a
 * plain server page (no app, no script).
 */
export default async function outboxPage(app: FastifyInstance) {
  app.get('/dev/outbox', async (request, reply) => {
    const parsed = v.safeParse(Query, request.query)
    const to = parsed.success ? parsed.output.para?.trim() : undefined
    const messages = app.mail.kind === 'outbox' ? await outboxMessages(app.db.orm, { to, limit: OUTBOX_PAGE_SIZE }) : []
    const notice =
      app.mail.kind === 'smtp'
        ? 'O envio de e-mails está configurado (SMTP_URL): as mensagens vão para as caixas de entrada de verdade e não aparecem aqui.'
        : messages.length === 0
          ? 'Nenhum e-mail por enquanto.'
          : ''
    const articles = messages
      .map(
        (message) => `<article aria-labelledby="mail-${message.id}">
<h2 id="mail-${message.id}">${escapeHtml(message.subject)}</h2>
<dl><dt>Para</dt><dd>${escapeHtml(message.recipient)}</dd><dt>Enviado em</dt><dd>${escapeHtml(DATE_TIME.format(message.createdAt))}</dd></dl>
<p class="mail-body">${linkified(message.textBody)}</p>
</article>`,
      )
      .join('\n')
    return sendDevPage(reply, {
      title: 'Caixa de saída · demonstração',
      style: STYLE,
      main: `<h1>Caixa de saída</h1>
<p>Os e-mails que o portal enviou nesta demonstração (sem servidor de e-mail configurado), do mais novo ao mais antigo. Esta página não existe em produção.</p>
<form method="get" action="/dev/outbox">
<label for="para">Destinatário<input id="para" name="para" type="email" autocomplete="off" value="${escapeHtml(to ?? '')}"></label>
<button type="submit">Filtrar</button>
</form>
${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ''}
${articles}`,
    })
  })
}
