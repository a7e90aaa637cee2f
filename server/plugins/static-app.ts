import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { brandShellHtml } from '../../src/contract/brand-host.ts'
import { shellFileFor } from '../../src/contract/shell-file.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** true when STATIC_DIR holds a built app (index.html) and it is being served. */
    servesApp: boolean
    /** Answers the app shell (index.html) branded for the request's host (D5). */
    sendShell(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>
  }
}

const NO_CACHE = 'no-cache'
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Cache policy: Vite's hashed files under /assets/ never change, so browsers keep them a
 * year; everything else (index.html, sw.js, manifests, icons) is revalidated on every use
 * so a new release and a new service worker are picked up at once.
 */
function setCacheHeaders(reply: FastifyReply, filePath: string, root: string): void {
  const relative = path.relative(root, filePath).split(path.sep).join('/')
  reply.header('Cache-Control', relative.startsWith('assets/') ? IMMUTABLE : NO_CACHE)
}

/** Serves the Vite build (STATIC_DIR) when there is one; the API works without it. */
export default fp(
  async (app) => {
    const root = app.config.staticDir
    app.decorate('servesApp', existsSync(path.join(root, 'index.html')))
    if (!app.servesApp) {
      app.log.info({ staticDir: root }, 'no built app in STATIC_DIR; serving the API only')
      return
    }
    // The shell pre-rendered for the request's brand and first screen (issue 7 item 2,
    // scripts/prerender.ts): the login screen on /login paths, the signed-in frame elsewhere,
    // with the brand's manifest, icons and colours, since browsers read them before any
    // script runs (D5). Sent like any built file, so the brotli/gzip copies written at build
    // time answer (no compression per navigation) and a new build in STATIC_DIR is served
    // at once. A build without pre-rendered shells gets index.html branded here.
    app.decorate('sendShell', async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = new URL(request.url, 'http://x').pathname
      const shellFile = shellFileFor(pathname, request.hostname)
      if (existsSync(path.join(root, shellFile))) return reply.sendFile(shellFile)
      const shell = brandShellHtml(await readFile(path.join(root, 'index.html'), 'utf8'), request.hostname)
      return reply.type('text/html; charset=utf-8').header('Cache-Control', NO_CACHE).send(shell)
    })
    for (const url of ['/', '/index.html']) app.get(url, (request, reply) => app.sendShell(request, reply))
    await app.register(fastifyStatic, {
      root,
      cacheControl: false,
      index: false,
      // Unknown paths fall through to the not-found handler (SPA fallback, app.ts).
      wildcard: true,
      // The .br and .gz copies written at build time (scripts/compress-dist.ts), chosen by
      // the request's Accept-Encoding, with `Vary: Accept-Encoding` (issue 7 §1).
      preCompressed: true,
      setHeaders: (reply, filePath) => setCacheHeaders(reply, filePath, root),
    })
  },
  { name: 'static-app', fastify: '5.x' },
)
