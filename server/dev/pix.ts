import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { confirmPixCharge, pendingPixCharges } from '../areas/payments/repository.ts'
import { escapeHtml } from '../mail/templates.ts'
import { sendDevPage } from './page.ts'

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f1f24;background:#f4f4f6}
main{max-width:760px;margin:0 auto;padding:24px 16px}
h1{margin:0 0 8px}
article{background:#fff;border-radius:12px;padding:16px;margin:0 0 16px}
h2{font-size:1.1rem;margin:0 0 8px}
dl{display:grid;grid-template-columns:auto 1fr;gap:0 12px;margin:0 0 12px;color:#3d3d46}
dt{font-weight:600}dd{margin:0}
code{overflow-wrap:anywhere}
button{font:inherit;padding:8px 16px;border:0;border-radius:999px;background:#3e009f;color:#fff;cursor:pointer}
[role=status]{background:#fff;border-left:4px solid #3e009f;padding:8px 12px;border-radius:8px}
`

const MONEY = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
const TIME = new Intl.DateTimeFormat('pt-BR', { timeStyle: 'short', timeZone: 'America/Sao_Paulo' })

/** After a confirmation from this page's own form: what happened, shown once. */
const Query = v.object({ resultado: v.optional(v.picklist(['confirmado', 'recusado'])) })

const NOTICES = {
  confirmado: 'Pagamento confirmado: a parcela está paga.',
  recusado: 'Nada a confirmar: esta cobrança já foi paga ou expirou.',
} as const

/**
 * /dev/pix: the demo's stand-in for the bank's Pix notification (D13). It lists the
 * pending Pix charges and confirms one as paid, as the bank's webhook would; the browser
 * tests call `POST /dev/pix/confirm/{txid}`. Only outside production, like /dev/outbox; a
 * plain page, no script.
 */
export default async function pixProviderPage(app: FastifyInstance) {
  app.get('/dev/pix', async (request, reply) => {
    const parsed = v.safeParse(Query, request.query)
    const resultado = parsed.success ? parsed.output.resultado : undefined
    const charges = await pendingPixCharges(app.db.orm, new Date())
    const articles = charges.map(
      (charge) => `<article aria-labelledby="pix-${charge.txid}">
<h2 id="pix-${charge.txid}">${escapeHtml(charge.aluno ?? charge.email ?? 'Aluno')} · ${escapeHtml(charge.descricao)} ${charge.numero}/${charge.totalParcelas}</h2>
<dl><dt>Valor</dt><dd>${escapeHtml(MONEY.format(charge.valorCentavos / 100))}</dd><dt>txid</dt><dd><code>${charge.txid}</code></dd><dt>Vale até</dt><dd>${escapeHtml(TIME.format(charge.expiraEm!))}</dd></dl>
<form method="post" action="/dev/pix/confirm/${charge.txid}"><button type="submit">Confirmar pagamento</button></form>
</article>`,
    )
    return sendDevPage(reply, {
      title: 'Pix pendentes · demonstração',
      style: STYLE,
      main: `<h1>Pix pendentes</h1>
<p>Cobranças Pix geradas no portal que o banco ainda não confirmou. "Confirmar pagamento" faz o papel do banco: a cobrança e a parcela passam a pagas, uma única vez. Esta página não existe em produção.</p>
${resultado ? `<p role="status">${NOTICES[resultado]}</p>` : ''}
${charges.length === 0 ? '<p>Nenhuma cobrança Pix pendente.</p>' : articles.join('\n')}`,
    })
  })

  /** 200 `{confirmed}` (false: already paid or expired), 404 for a txid no charge has; the page's form gets the page back. */
  app.post<{ Params: { txid: string } }>('/dev/pix/confirm/:txid', async (request, reply) => {
    const result = await confirmPixCharge(app.db.orm, request.params.txid, new Date())
    if (!result.confirmed && result.reason === 'unknown') return reply.code(404).send({ detail: 'Cobrança não encontrada' })
    if (result.confirmed && result.alreadyPaid) {
      request.log.warn({ cobranca: result.cobranca.id }, 'Pix received for an instalment already paid: refund it')
    }
    if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return reply.redirect(`/dev/pix?resultado=${result.confirmed ? 'confirmado' : 'recusado'}`, 303)
    }
    return { confirmed: result.confirmed }
  })
}
