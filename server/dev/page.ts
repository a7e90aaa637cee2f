import type { FastifyReply } from 'fastify'

/**
 * Sends one of the demo's /dev pages (never in production): a complete, unindexed,
 * uncached Portuguese document around `main`, whose HTML the caller has escaped.
 */
export function sendDevPage(reply: FastifyReply, page: { title: string; style: string; main: string }) {
  const html = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${page.title}</title>
<style>${page.style}</style>
</head>
<body>
<main>
${page.main}
</main>
</body>
</html>`
  return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html)
}
