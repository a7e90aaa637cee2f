// The PWA's weight: the service worker itself (dist/sw.js, what every visit checks for
// updates) and what its precache downloads once so the portal opens offline (every entry
// of the manifest injected into dist/sw.js). Figures only, never pass/fail.
//
//   npx node bench/pwa-size.ts [distDir]     (after `npx vite build`)
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

export interface PwaSizes {
  /** dist/sw.js as served, raw and gzip (level 9) bytes. */
  sw: { raw: number; gzip: number }
  /** All precache manifest entries added up, each gzipped on its own as a server would. */
  precache: { entries: number; raw: number; gzip: number }
}

const gzipSize = (data: Buffer) => gzipSync(data, { level: 9 }).length

/** The URLs of the precache manifest that vite-plugin-pwa injected into the built worker. */
export function precacheUrls(swSource: string): string[] {
  return [...swSource.matchAll(/\{"revision":(?:"[0-9a-f]+"|null),"url":"([^"]+)"\}/g)].map((match) => match[1]!)
}

export function pwaSizes(distDir = 'dist'): PwaSizes {
  const root = resolve(distDir)
  const sw = readFileSync(join(root, 'sw.js'))
  const urls = precacheUrls(sw.toString('utf8'))
  if (urls.length === 0) throw new Error(`no precache manifest found in ${join(root, 'sw.js')}`)
  const precache = { entries: urls.length, raw: 0, gzip: 0 }
  for (const url of urls) {
    const file = readFileSync(join(root, decodeURIComponent(url.split('?')[0]!)))
    precache.raw += file.length
    precache.gzip += gzipSize(file)
  }
  return { sw: { raw: sw.length, gzip: gzipSize(sw) }, precache }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

export function formatPwaSizes(sizes: PwaSizes): string {
  return [
    `sw.js         raw ${kb(sizes.sw.raw)}   gzip ${kb(sizes.sw.gzip)}`,
    `precache      ${sizes.precache.entries} entries   raw ${kb(sizes.precache.raw)}   gzip ${kb(sizes.precache.gzip)}`,
  ].join('\n')
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log('== PWA: service worker and precache (production build) ==')
  console.log(formatPwaSizes(pwaSizes(process.argv[2] ?? 'dist')))
}
