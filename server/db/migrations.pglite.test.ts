import { execFile } from 'node:child_process'
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { MIGRATIONS_FOLDER } from './client.ts'

const run = promisify(execFile)

/**
 * Migrations are generated, committed and never edited (STYLE.md "Database"). A schema
 * change without `npm run db:generate` fails here instead of at someone's first start.
 */
describe('committed migrations', () => {
  it('match the Drizzle schema (drizzle-kit generate finds nothing to do)', async () => {
    const copy = await mkdtemp(path.join(tmpdir(), 'portal-migrations-'))
    try {
      await cp(MIGRATIONS_FOLDER, copy, { recursive: true })
      const before = await readdir(copy, { recursive: true })
      const { stdout } = await run(
        process.execPath,
        [
          path.resolve('node_modules/drizzle-kit/bin.cjs'),
          'generate',
          '--dialect=postgresql',
          '--schema=./server/db/schema.ts',
          // drizzle-kit only accepts an output folder relative to the working directory.
          `--out=${path.relative(process.cwd(), copy)}`,
        ],
        { timeout: 60_000 },
      )
      expect(stdout).toContain('No schema changes')
      expect((await readdir(copy, { recursive: true })).sort()).toEqual(before.sort())
    } finally {
      await rm(copy, { recursive: true, force: true })
    }
  })
})
