import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3StandIn, type S3StandIn } from '../test/stand-ins/s3.ts'
import { PutObjectCommand } from '@aws-sdk/client-s3'
import { S3_PART_BYTES, s3Client, s3Storage } from './s3.ts'

/** S3-compatible file storage against a local S3 stand-in (s3rver), through the real AWS SDK. */

let s3: S3StandIn
beforeAll(async () => {
  s3 = await startS3StandIn()
})
afterAll(() => s3.close())

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error('no file')
  return Buffer.concat(await stream.toArray())
}

/** `total` bytes of a fixed pattern in 64 KB chunks, made as they are read. */
function generated(total: number, onRead?: (produced: number) => void): Readable {
  let produced = 0
  const chunk = Buffer.alloc(64 * 1024, 7)
  return new Readable({
    read() {
      if (produced >= total) return void this.push(null)
      const next = chunk.subarray(0, Math.min(chunk.length, total - produced))
      produced += next.length
      onRead?.(produced)
      this.push(next)
    },
  })
}

describe('S3 storage', () => {
  it('stores a stream under a key of its own, reads it back and deletes it', async () => {
    const storage = s3Storage({ ...s3.settings, prefix: 'portal/' })
    const content = randomBytes(300_000)
    const { key, size } = await storage.put(Readable.from([content.subarray(0, 1000), content.subarray(1000)]), {
      mediaType: 'application/pdf',
    })
    expect(size).toBe(300_000)
    expect(await s3.keys()).toContain(`portal/${key}`)
    expect((await bytesOf(await storage.get(key))).equals(content)).toBe(true)

    await storage.delete(key)
    expect(await storage.get(key)).toBeNull()
    expect(await s3.keys()).not.toContain(`portal/${key}`)
    // Deleting again is not an error.
    await storage.delete(key)
  })

  it('lists its own objects under its prefix with when they were stored; has no unfinished uploads to sweep here', async () => {
    const storage = s3Storage({ ...s3.settings, prefix: 'lista/' })
    const stored = await Promise.all(
      [1000, 2000].map((size) => storage.put(Readable.from([randomBytes(size)]), { mediaType: 'application/pdf' })),
    )
    // Another application's objects: under the prefix with another name, and outside it.
    const client = s3Client(s3.settings)
    await client.send(new PutObjectCommand({ Bucket: s3.settings.bucket, Key: 'lista/relatorio.csv', Body: 'alheio' }))
    await client.send(new PutObjectCommand({ Bucket: s3.settings.bucket, Key: `${stored[0]!.key}`, Body: 'sem prefixo' }))
    client.destroy()
    const listed = []
    for await (const batch of storage.list()) listed.push(...batch)
    expect(listed.map(({ key, size }) => ({ key, size })).sort((a, b) => a.size - b.size)).toEqual(
      stored.map(({ key, size }) => ({ key, size })),
    )
    for (const object of listed) expect(Math.abs(object.storedAt.getTime() - Date.now())).toBeLessThan(60_000)
    // The stand-in keeps no multipart uploads to list (S3 and MinIO do): nothing to remove, no error.
    expect(await storage.removeAbandoned()).toEqual({ removed: 0, bytes: null })
  })

  it('never names an object it did not make', async () => {
    const storage = s3Storage(s3.settings)
    await expect(storage.get('../outro-bucket/x')).rejects.toThrow('not a key of this storage')
    await expect(storage.delete('segredos.json')).rejects.toThrow('not a key of this storage')
  })

  it('leaves nothing behind when the source fails mid-file', async () => {
    const storage = s3Storage(s3.settings)
    const before = await s3.keys()
    async function* breaking() {
      yield randomBytes(64 * 1024)
      throw new Error('conexão caiu')
    }
    await expect(storage.put(Readable.from(breaking()), { mediaType: 'image/png' })).rejects.toThrow('conexão caiu')
    expect(await s3.keys()).toEqual(before)
  })

  it('streams a file of several parts without holding it in memory', async () => {
    const total = 8 * S3_PART_BYTES
    const expected = createHash('sha256')
    const pattern = Buffer.alloc(64 * 1024, 7)
    for (let offset = 0; offset < total; offset += pattern.length)
      expected.update(pattern.subarray(0, Math.min(pattern.length, total - offset)))

    // The source is read at most a few parts ahead of what S3 has acknowledged: the file
    // (40 MB here) is never drained into memory before or while it uploads.
    const client = s3Client(s3.settings)
    let acknowledged = 0
    client.middlewareStack.add(
      (next) => async (args) => {
        const result = await next(args)
        const body = (args.input as { Body?: unknown }).Body
        if (body instanceof Uint8Array) acknowledged += body.byteLength
        return result
      },
      { step: 'initialize' },
    )
    let ahead = 0
    const put = await s3Storage(s3.settings, client).put(
      generated(total, (produced) => (ahead = Math.max(ahead, produced - acknowledged))),
      { mediaType: 'audio/mpeg' },
    )
    expect(put.size).toBe(total)
    expect(acknowledged).toBe(total)
    expect(ahead).toBeLessThanOrEqual(3 * S3_PART_BYTES)

    const back = createHash('sha256')
    const storage = s3Storage(s3.settings)
    for await (const chunk of (await storage.get(put.key))!) back.update(chunk as Buffer)
    expect(back.digest('hex')).toBe(expected.digest('hex'))
    await storage.delete(put.key)
    client.destroy()
  })
})
