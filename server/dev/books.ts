import { asc, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import QRCode from 'qrcode'
import { livroExemplares } from '../areas/books/copies-schema.ts'
import { livros } from '../areas/books/schema.ts'
import { escapeHtml } from '../mail/templates.ts'
import { sendDevPage } from './page.ts'

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f1f24;background:#f4f4f6}
main{max-width:760px;margin:0 auto;padding:24px 16px}
h1{margin:0 0 8px}
article{background:#fff;border-radius:12px;padding:16px;margin:0 0 16px;display:flex;flex-wrap:wrap;gap:16px;align-items:center}
h2{font-size:1.1rem;margin:0 0 8px}
.qr{width:160px;height:160px;flex:none}
code{font-size:1rem;overflow-wrap:anywhere}
a{color:#3e009f}
`

/**
 * /dev/books: the demo's empty books (D8) with their QR codes, to scan on /login/qr-code
 * or type on /login/form. Like /dev/outbox, only outside production; a plain page, no script.
 * Each QR code holds the bare uuid, as printed in a book.
 */
export default async function demoBooksPage(app: FastifyInstance) {
  app.get('/dev/books', async (_request, reply) => {
    const copies = await app.db.orm
      .select({ uuid: livroExemplares.uuid, nome: livros.nome })
      .from(livroExemplares)
      .innerJoin(livros, eq(livros.id, livroExemplares.livroId))
      .where(isNull(livroExemplares.userId))
      .orderBy(asc(livroExemplares.id))
    const articles = await Promise.all(
      copies.map(async (copy, index) => {
        const svg = await QRCode.toString(copy.uuid, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
        return `<article aria-labelledby="book-${index}">
<div class="qr" role="img" aria-label="QR code do livro ${escapeHtml(copy.uuid)}">${svg}</div>
<div><h2 id="book-${index}">${escapeHtml(copy.nome)}</h2><p>Código: <code>${escapeHtml(copy.uuid)}</code></p></div>
</article>`
      }),
    )
    return sendDevPage(reply, {
      title: 'Livros sem dono · demonstração',
      style: STYLE,
      main: `<h1>Livros sem dono</h1>
<p>Livros impressos desta demonstração que ainda não pertencem a ninguém. Leia o QR code em <a href="/login/qr-code">Entrar com QR code</a> ou digite o código em <a href="/login/form">Entrar com o código do livro</a>: uma pessoa nova cria o perfil a partir dele. Esta página não existe em produção.</p>
${copies.length === 0 ? '<p role="status">Todos os livros da demonstração já têm dono.</p>' : articles.join('\n')}`,
    })
  })
}
