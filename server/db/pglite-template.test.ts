import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { extractTar, installPgliteTemplate, pgliteTemplatePath, pgliteVersion, readPgliteTemplate } from './pglite-template.ts'

/** One ustar entry as PGlite's dumpDataDir writes them. */
function tarEntry(name: string, body: string, type = '0'): Buffer {
  const header = Buffer.alloc(512)
  header.write(name, 0, 100, 'utf8')
  header.write('0000600\0', 100)
  header.write(`${Buffer.byteLength(body).toString(8).padStart(11, '0')}\0`, 124)
  header.write(type, 156)
  header.write('ustar\0', 257)
  const data = Buffer.alloc(Math.ceil(Buffer.byteLength(body) / 512) * 512)
  data.write(body)
  return Buffer.concat([header, data])
}

const directories: string[] = []
async function scratch(): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'portal-template-test-'))
  directories.push(directory)
  return directory
}
afterEach(async () => {
  for (const directory of directories.splice(0)) await rm(directory, { recursive: true, force: true })
})

describe('PGlite template (issue 7 item 8: a first start without initdb)', () => {
  it('exists for the installed PGlite (after an upgrade: npm run db:template)', () => {
    expect(existsSync(pgliteTemplatePath(pgliteVersion())), `missing ${pgliteTemplatePath(pgliteVersion())}`).toBe(true)
  })

  it('unpacks a whole cluster into an empty data directory, atomically', async () => {
    const dataDir = path.join(await scratch(), 'pglite')
    expect(installPgliteTemplate(dataDir)).toBe(true)
    expect(readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/)
    for (const entry of ['base', 'global', 'pg_wal', 'postgresql.conf']) expect(existsSync(path.join(dataDir, entry)), entry).toBe(true)
    // Nothing left beside it.
    expect(await readdir(path.dirname(dataDir))).toEqual(['pglite'])
    expect(readPgliteTemplate()!.length).toBeGreaterThan(1_000_000)
  })

  it('keeps every entry inside the directory and refuses entry types it does not know', async () => {
    const target = path.join(await scratch(), 'x')
    expect(() => extractTar(Buffer.concat([tarEntry('/../evil', 'x'), Buffer.alloc(1024)]), target)).not.toThrow()
    // `/../evil` is normalised inside the directory, never above it.
    expect(existsSync(path.join(target, 'evil'))).toBe(true)
    expect(existsSync(path.join(path.dirname(target), 'evil'))).toBe(false)
    const other = path.join(await scratch(), 'y')
    expect(() => extractTar(tarEntry('/link', '', '2'), other)).toThrow(/unexpected template entry type/)
  })
})
