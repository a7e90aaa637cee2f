import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync } from 'node:zlib'

/**
 * The pre-initialised PGlite cluster (issue 7 item 8). PGlite's own first start runs
 * initdb with two PGlite instances and the initdb WASM alive at once: most of the 1.3 GB
 * peak of a first `npm start`. Instead the server unpacks the cluster PGlite's initdb
 * produced once (scripts/pglite-template.ts, `npm run db:template`), kept as a brotli tar
 * named after the PGlite version that made it: a cluster only opens with the PostgreSQL
 * build that wrote it, so another version falls back to PGlite's initdb.
 */

const TEMPLATE_DIR = fileURLToPath(new URL('./pglite-template/', import.meta.url))

/** The installed @electric-sql/pglite version. */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const manifest = path.join(path.dirname(entry), '..', 'package.json')
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}

export function pgliteTemplatePath(version: string): string {
  return path.join(TEMPLATE_DIR, `pglite-${version}.tar.br`)
}

/** The template's tar for the installed PGlite, or null when there is none for it. */
export function readPgliteTemplate(): Buffer | null {
  let compressed: Buffer
  try {
    compressed = readFileSync(pgliteTemplatePath(pgliteVersion()))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  return brotliDecompressSync(compressed)
}

/**
 * Unpacks the template into `dataDir`, which must not exist or be empty. It is written
 * next to it and renamed into place, so a crash half-way leaves no half cluster behind.
 * Returns false (nothing done) when there is no template for the installed PGlite.
 */
export function installPgliteTemplate(dataDir: string): boolean {
  const tar = readPgliteTemplate()
  if (!tar) return false
  const staging = `${dataDir}.new-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  try {
    extractTar(tar, staging)
    rmSync(dataDir, { recursive: true, force: true })
    renameSync(staging, dataDir)
  } catch (error) {
    rmSync(staging, { recursive: true, force: true })
    throw error
  }
  return true
}

/** The plain ustar files and directories PGlite's `dumpDataDir()` writes; nothing else. */
export function extractTar(tar: Buffer, target: string): void {
  mkdirSync(target, { recursive: true, mode: 0o700 })
  const root = path.resolve(target)
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512)
    if (header.every((byte) => byte === 0)) break
    const field = (start: number, length: number) => {
      const raw = header.subarray(start, start + length)
      const end = raw.indexOf(0)
      return raw.subarray(0, end === -1 ? length : end).toString('utf8')
    }
    const prefix = field(345, 155)
    const name = (prefix ? `${prefix}/` : '') + field(0, 100)
    const size = parseInt(field(124, 12).trim() || '0', 8)
    const mode = parseInt(field(100, 8).trim() || '600', 8) & 0o700
    const type = String.fromCharCode(header[156]!)
    const destination = path.resolve(root, `.${path.posix.normalize(`/${name}`)}`)
    if (destination !== root && !destination.startsWith(root + path.sep)) throw new Error(`template entry outside the directory: ${name}`)
    const body = offset + 512
    if (type === '5') mkdirSync(destination, { recursive: true, mode: mode | 0o700 })
    else if (type === '0' || type === '\0') {
      mkdirSync(path.dirname(destination), { recursive: true, mode: 0o700 })
      writeFileSync(destination, tar.subarray(body, body + size), { mode: mode || 0o600 })
    } else throw new Error(`unexpected template entry type ${JSON.stringify(type)} for ${name}`)
    offset = body + Math.ceil(size / 512) * 512
  }
}
