// npm run db:template: writes the pre-initialised PGlite cluster (PGlite's own initdb,
// nothing of our schema) that server/db/client.ts unpacks into a fresh data directory, so
// a first start does not run initdb (server/db/pglite-template.ts). Run it after
// upgrading @electric-sql/pglite; server/db/pglite-template.test.ts fails until then.
// Slow (brotli at its best quality over 40 MB: a minute or two), run once per upgrade.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_START_PARAMS } from '../server/db/client.ts'
import { pgliteTemplatePath, pgliteVersion } from '../server/db/pglite-template.ts'

const client = await PGlite.create({ startParams: PGLITE_START_PARAMS })
try {
  const tar = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer())
  const compressed = brotliCompressSync(tar, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: tar.length,
    },
  })
  const target = pgliteTemplatePath(pgliteVersion())
  await mkdir(path.dirname(target), { recursive: true })
  await writeFile(target, compressed)
  console.log(`${path.relative(process.cwd(), target)}: ${(compressed.length / 1024 / 1024).toFixed(2)} MB`)
} finally {
  await client.close()
}
