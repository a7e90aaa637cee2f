import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import QRCode from 'qrcode'
import { campanhaQrCodes, campanhasViagem } from '../areas/travel-campaign/schema.ts'
import { escapeHtml } from '../mail/templates.ts'
import { sendDevPage } from './page.ts'

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f1f24;background:#f4f4f6}
main{max-width:760px;margin:0 auto;padding:24px 16px}
h1{margin:0 0 8px}
article{background:#fff;border-radius:12px;padding:16px;margin:0 0 16px;display:flex;flex-wrap:wrap;gap:16px;align-items:center;break-inside:avoid}
h2{font-size:1.1rem;margin:0 0 8px}
.qr{width:200px;height:200px;flex:none}
code{font-size:0.9rem;overflow-wrap:anywhere}
a{color:#3e009f}
@media print{body{background:#fff}article{border:1px solid #ccc}}
`

/**
 * /dev/campanha: the travel campaign's demo codes (issue 14 "Demo data", D27) as
 * printable QR codes, each holding the full printed URL
 * `<origin>/at-home/scanear-qr-code/{campanha}/{codigo}/` on this server's own origin, so a
 * person scans them from the screen with a phone (or the portal's "Escanear código"). Like
 * /dev/books, only outside production (so with `npm start`'s demo); a plain page, no script.
 */
export default async function campaignCodesPage(app: FastifyInstance) {
  app.get('/dev/campanha', async (request, reply) => {
    const codes = await app.db.orm
      .select({
        campanhaId: campanhasViagem.id,
        campanha: campanhasViagem.nome,
        codigo: campanhaQrCodes.codigo,
        descricao: campanhaQrCodes.descricao,
        entradas: campanhaQrCodes.entradas,
      })
      .from(campanhaQrCodes)
      .innerJoin(campanhasViagem, eq(campanhasViagem.id, campanhaQrCodes.campanhaId))
      .orderBy(asc(campanhasViagem.id), asc(campanhaQrCodes.entradas), asc(campanhaQrCodes.codigo))
    const origin = `${request.protocol}://${request.host}`
    const articles = await Promise.all(
      codes.map(async (code, index) => {
        const url = `${origin}/at-home/scanear-qr-code/${code.campanhaId}/${encodeURIComponent(code.codigo)}/`
        const svg = await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
        const entradas = code.entradas === 1 ? '1 entrada' : `${code.entradas} entradas`
        return `<article aria-labelledby="code-${index}">
<div class="qr" role="img" aria-label="QR code ${escapeHtml(code.codigo)}">${svg}</div>
<div><h2 id="code-${index}">${escapeHtml(code.codigo)}</h2>
<p>${escapeHtml(code.descricao)} · ${entradas} · ${escapeHtml(code.campanha)}</p>
<p><a href="${escapeHtml(url)}"><code>${escapeHtml(url)}</code></a></p></div>
</article>`
      }),
    )
    return sendDevPage(reply, {
      title: 'QR codes da campanha · demonstração',
      style: STYLE,
      main: `<h1>QR codes da campanha KNN abre o mundo</h1>
<p>Os códigos desta demonstração, como seriam impressos nos livros e nos eventos. Escaneie com a câmera do celular (abre o portal e valida o código depois do login) ou em <a href="/knn-abre-o-mundo">KNN abre o mundo</a> → “Escanear código”. Cada código vale uma vez por aluno, depois de tocar em “Participar”. Esta página não existe em produção.</p>
${codes.length === 0 ? '<p role="status">Nenhum código de campanha nesta demonstração.</p>' : articles.join('\n')}`,
    })
  })
}
