import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough, Readable } from 'node:stream'
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

  it('writes nothing until the first file', async () => {
    await localDiskStorage(root)
    expect(existsSync(root)).toBe(false)
  })

  it('lists its stored files with when they were stored, never a partial one or a stranger', async () => {
    const storage = await localDiskStorage(root)
    const stored = await Promise.all(
      [1000, 2000].map((size) => storage.put(Readable.from([randomBytes(size)]), { mediaType: 'application/pdf' })),
    )
    await mkdir(path.join(root, PARTIAL_DIR), { recursive: true })
    await writeFile(path.join(root, PARTIAL_DIR, randomUUID()), 'metade')
    await writeFile(path.join(root, 'leia-me.txt'), 'não é da storage')
    const listed = []
    for await (const batch of storage.list()) listed.push(...batch)
    expect(listed.map(({ key, size }) => ({ key, size })).sort((a, b) => a.size - b.size)).toEqual(
      stored.map(({ key, size }) => ({ key, size })),
    )
    for (const object of listed) expect(Math.abs(object.storedAt.getTime() - Date.now())).toBeLessThan(60_000)
  })

  it('removes partial files whose upload ended: of a dead process at once, of an unknowable one by age; never a live one', async () => {
    const storage = await localDiskStorage(root)
    const partials = path.join(root, PARTIAL_DIR)
    // An upload in progress in this process.
    const source = new PassThrough()
    const putting = storage.put(source, { mediaType: 'application/pdf' })
    source.write(randomBytes(64 * 1024))
    await expect.poll(async () => (await filesOnDisk(partials)).length).toBe(1)
    const [live] = await filesOnDisk(partials)

    // Another storage of this process (another app, say) with its own upload in progress.
    const other = await localDiskStorage(root)
    const otherSource = new PassThrough()
    const otherPutting = other.put(otherSource, { mediaType: 'application/pdf' })
    otherSource.write(randomBytes(1024))
    await expect.poll(async () => (await filesOnDisk(partials)).length).toBe(2)
    const [otherLive] = (await filesOnDisk(partials)).filter((file) => file !== live)

    // Left by a version without process folders: by age.
    await writeFile(path.join(partials, 'antigo'), 'metade de um arquivo')
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000)
    await utimes(path.join(partials, 'antigo'), twoHoursAgo, twoHoursAgo)
    await writeFile(path.join(partials, 'recente'), 'enviando')

    const result = await storage.removeAbandoned()
    expect(result).toEqual({ removed: 1, bytes: 'metade de um arquivo'.length })
    expect(await filesOnDisk(partials)).toEqual([live, otherLive, 'recente'].sort())

    source.end(randomBytes(1000))
    otherSource.end()
    const [done] = await Promise.all([putting, otherPutting])
    expect(done.size).toBe(64 * 1024 + 1000)
    expect(await storage.removeAbandoned(new Date(Date.now() + 2 * 60 * 60_000))).toEqual({ removed: 1, bytes: 'enviando'.length })
    expect(await filesOnDisk(partials)).toEqual([])
  })
})
