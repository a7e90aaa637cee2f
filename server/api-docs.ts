import { createRequire } from 'node:module'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { openApiDocument } from './http/openapi.ts'
import { PACKAGE } from './release.ts'

/** Swagger UI's own build (swagger-ui-dist), served as it ships. */
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

/** The docs page: Swagger UI's files and our initialiser, all from this origin (the CSP allows no inline script). */
const DOCS_PAGE = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API do portal do aluno</title>
<link rel="icon" href="/favicon-knn.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<main id="swagger-ui" aria-label="Documentação da API"></main>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`

const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true })\n`

/**
 * The published API (issue 39 item 6): GET /api/openapi.json, written from the contract
 * (server/http/openapi.ts) once per process, and GET /api/docs, a browsable page (Swagger UI,
 * a maintained viewer) whose code loads only there. Public: the contract is no secret, and
 * every endpoint still checks its own access.
 */
export default async function apiDocsRoutes(app: FastifyInstance) {
  let document: string | undefined
  app.get('/api/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument({ drivePath: app.basePaths.drive, version: PACKAGE.version }))
    return reply.header('Content-Type', 'application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(document)
  })
  app.get('/api/docs', async (_request, reply) => reply.header('Content-Type', 'text/html; charset=utf-8').send(DOCS_PAGE))
  app.get('/api/docs/init.js', async (_request, reply) => reply.header('Content-Type', 'text/javascript; charset=utf-8').send(INIT_SCRIPT))
  await app.register(fastifyStatic, {
    root: SWAGGER_UI_DIR,
    prefix: '/api/docs/assets/',
    decorateReply: false,
    // Only what the page loads: no source maps, no index.html of the package.
    allowedPath: (pathName) => /^\/(swagger-ui\.css|swagger-ui-bundle\.js)$/.test(pathName),
    cacheControl: true,
    maxAge: '1d',
  })
}
