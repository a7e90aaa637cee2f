import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { filesOnDisk } from '../test/multipart.ts'
import { localDiskStorage, PARTIAL_DIR } from './local-disk.ts'

/** The default file storage (server/plugins/file-storage.ts) on a real directory. */

let root: string
beforeEach(async () => {
  root = path.join(await mkdtemp(path.join(tmpdir(), 'portal-files-')), 'files')
})
afterEach(() => rm(path.dirname(root), { recursive: true, force: true }))

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error('no file')
  return Buffer.concat(await stream.toArray())
}

describe('local disk storage', () => {
  it('stores a stream under a key of its own, reads it back and deletes it', async () => {
    const storage = await localDiskStorage(root)
    const content = randomBytes(300_000)
    const { key, size } = await storage.put(Readable.from([content.subarray(0, 1000), content.subarray(1000)]), {
      mediaType: 'application/pdf',
    })
    expect(size).toBe(300_000)
    expect(await filesOnDisk(root)).toEqual([`${key.slice(0, 2)}/${key}`])
    // Readable by this process only.
    expect((await stat(path.join(root, key.slice(0, 2), key))).mode & 0o777).toBe(0o600)
    expect((await bytesOf(await storage.get(key))).equals(content)).toBe(true)

    await storage.delete(key)
    expect(await storage.get(key)).toBeNull()
    expect(await filesOnDisk(root)).toEqual([])
    // Deleting again is not an error.
    await storage.delete(key)
  })

  it('never reaches outside its directory: a key it did not make is refused', async () => {
    const storage = await localDiskStorage(root)
    await expect(storage.get('../secrets.json')).rejects.toThrow('not a key of this storage')
    await expect(storage.delete('../../etc/passwd')).rejects.toThrow('not a key of this storage')
  })

  it('leaves nothing behind when the source fails mid-file', async () => {
    const storage = await localDiskStorage(root)
    async function* breaking() {
      yield randomBytes(64 * 1024)
      throw new Error('conexão caiu')
    }
    await expect(storage.put(Readable.from(breaking()), { mediaType: 'image/png' })).rejects.toThrow('conexão caiu')
    expect(await filesOnDisk(root)).toEqual([])
  })

  it('writes nothing until the first file, and removes at start the partial files a crash left', async () => {
    await localDiskStorage(root)
    expect(existsSync(root)).toBe(false)

    const partials = path.join(root, PARTIAL_DIR)
    await mkdir(partials, { recursive: true })
    await writeFile(path.join(partials, 'antigo'), 'metade de um arquivo')
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000)
    await utimes(path.join(partials, 'antigo'), twoHoursAgo, twoHoursAgo)
    // One still being written (by another process sharing the directory) stays.
    await writeFile(path.join(partials, 'recente'), 'enviando')

    await localDiskStorage(root)
    expect(await filesOnDisk(root)).toEqual([`${PARTIAL_DIR}/recente`])
  })
})
