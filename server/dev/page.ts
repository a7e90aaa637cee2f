import type { FastifyReply } from 'fastify'
import { brandIdForHost } from '../../src/contract/brand-host.ts'

/**
 * Sends one of the demo's /dev pages (never in production): a complete, unindexed,
 * uncached Portuguese document around `main`, whose HTML the caller has escaped. It names
 * the brand's icon (the host's brand, a decision that only picks between our two files), so
 * the browser does not ask for /favicon.ico, which does not exist (issue 40 item 8).
 */
export function sendDevPage(reply: FastifyReply, page: { title: string; style: string; main: string }) {
  const brand = brandIdForHost(reply.request.hostname)
  const html = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon-${brand}.svg" type="image/svg+xml">
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
