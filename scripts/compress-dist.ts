/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy next to every compressible file of
 * the build (issue 7 §1), for the server to send as they are (@fastify/static
 * `preCompressed`, server/plugins/static-app.ts): the best ratio, paid once at build time
 * instead of on every request. Images and fonts are compressed formats already; source maps
 * are only read by developer tools. A copy that would not be smaller is not written.
 *
 * Usage: node scripts/compress-dist.ts [dir]   (default: dist, or STATIC_DIR)
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

export const COMPRESSIBLE = /\.(?:js|mjs|css|html|webmanifest|svg|json|txt|xml|wasm)$/

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* filesUnder(full)
    else if (entry.isFile()) yield full
  }
}

/** Compresses one file; answers how many bytes it had and what the brotli copy has. */
async function compressFile(file: string): Promise<{ raw: number; br: number }> {
  const body = await readFile(file)
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gz(body, { level: constants.Z_BEST_COMPRESSION }),
  ])
  for (const [suffix, copy] of [
    ['.br', br],
    ['.gz', gzipped],
  ] as const) {
    // A stale copy from an earlier build must never be served for a changed file.
    if (copy.length < body.length) await writeFile(file + suffix, copy)
    else await rm(file + suffix, { force: true })
  }
  return { raw: body.length, br: Math.min(br.length, body.length) }
}

export async function compressDist(dir: string): Promise<{ files: number; raw: number; br: number }> {
  if (!(await stat(dir)).isDirectory()) throw new Error(`${dir} is not a directory`)
  const files: string[] = []
  for await (const file of filesUnder(dir)) if (COMPRESSIBLE.test(file)) files.push(file)
  const totals = { files: files.length, raw: 0, br: 0 }
  for (const sizes of await Promise.all(files.map(compressFile))) {
    totals.raw += sizes.raw
    totals.br += sizes.br
  }
  return totals
}

if (import.meta.main) {
  const dir = path.resolve(process.argv[2] ?? process.env.STATIC_DIR ?? 'dist')
  const { files, raw, br } = await compressDist(dir)
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  console.log(`compress-dist: ${files} files in ${path.relative(process.cwd(), dir) || '.'}, ${kb(raw)} → ${kb(br)} brotli`)
}
