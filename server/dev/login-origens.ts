import type { FastifyInstance } from 'fastify'
import { recentLoginOrigens } from '../areas/auth/login-origins-repository.ts'
import { escapeHtml } from '../mail/templates.ts'
import { sendDevPage } from './page.ts'

/** How many origins the page lists, newest first. */
export const LOGIN_ORIGENS_PAGE_SIZE = 50

const DATE_TIME = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'America/Sao_Paulo' })

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f1f24;background:#f4f4f6}
main{max-width:960px;margin:0 auto;padding:24px 16px}
h1{margin:0 0 8px}
table{border-collapse:collapse;background:#fff;width:100%}
th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #d4d4da;overflow-wrap:anywhere}
`

const cell = (value: string | null) => `<td>${value === null ? '—' : escapeHtml(value)}</td>`

/**
 * /dev/login-origens: the partner landing pages' prospect, coupon and company stored with
 * the logins that carried them (D25), for the demo and the browser tests. Like
 * /dev/outbox, only outside production; a plain page, no script.
 */
export default async function loginOrigensPage(app: FastifyInstance) {
  app.get('/dev/login-origens', async (_request, reply) => {
    const rows = await recentLoginOrigens(app.db.orm, LOGIN_ORIGENS_PAGE_SIZE)
    const lines = rows.map(
      (row) =>
        `<tr>${cell(row.email)}${cell(row.prospex)}${cell(row.cupom)}${cell(row.company)}${cell(DATE_TIME.format(row.createdAt))}</tr>`,
    )
    return sendDevPage(reply, {
      title: 'Origens de login · demonstração',
      style: STYLE,
      main: `<h1>Origens de login</h1>
<p>O prospect, o cupom e a empresa que a página de um parceiro levou ao login, guardados com o login que os trouxe (os ${LOGIN_ORIGENS_PAGE_SIZE} mais recentes). Esta página não existe em produção.</p>
${
  rows.length === 0
    ? '<p role="status">Nenhum login trouxe origem ainda.</p>'
    : `<table><caption>Logins com origem</caption><thead><tr><th scope="col">Aluno</th><th scope="col">Prospect</th><th scope="col">Cupom</th><th scope="col">Empresa</th><th scope="col">Quando</th></tr></thead><tbody>${lines.join('')}</tbody></table>`
}`,
    })
  })
}
