// Builds the floor page (bench/floor/, issue 37) into a temporary folder and serves it over
// HTTP the way the portal's server sends its build: brotli or gzip copies of text files,
// hashed assets immutable, everything else revalidated.
import { createServer, type Server } from 'node:http'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { viteBuild } from '../vite-build.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
}

export interface Floor {
  url: string
  distDir: string
  close: () => Promise<void>
}

export async function startFloor(): Promise<Floor> {
  const distDir = mkdtempSync(join(tmpdir(), 'portal-floor-'))
  await viteBuild({ configFile: join(import.meta.dirname, 'vite.config.ts'), build: { outDir: distDir } })
  const encoded = new Map<string, { br: Buffer; gzip: Buffer; raw: Buffer }>()
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://floor').pathname
    const file = join(distDir, normalize(pathname === '/' ? '/index.html' : pathname))
    const exists = file.startsWith(distDir) && (statSync(file, { throwIfNoEntry: false })?.isFile() ?? false)
    if (!exists) return void response.writeHead(404).end()
    let bodies = encoded.get(file)
    if (!bodies) {
      const raw = readFileSync(file)
      bodies = { raw, br: brotliCompressSync(raw), gzip: gzipSync(raw, { level: 9 }) }
      encoded.set(file, bodies)
    }
    const accepts = String(request.headers['accept-encoding'] ?? '')
    const encoding = accepts.includes('br') ? 'br' : accepts.includes('gzip') ? 'gzip' : null
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    })
    response.end(encoding ? bodies[encoding] : bodies.raw)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://localhost:${port}`,
    distDir,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => {
          rmSync(distDir, { recursive: true, force: true })
          resolve()
        })
      }),
  }
}

if (import.meta.main) {
  const floor = await startFloor()
  console.log(`floor page on ${floor.url} (${floor.distDir}); Ctrl-C stops it`)
  process.on('SIGINT', () => void floor.close().then(() => process.exit(0)))
}
