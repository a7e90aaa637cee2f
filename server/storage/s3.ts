import { randomUUID } from 'node:crypto'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import type { FileStorage } from '../plugins/file-storage.ts'

/** Keys are UUIDs this storage made (as on local disk): anything else never reaches the bucket. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** S3's smallest multipart part: a file is held in memory at most one part at a time (P94). */
export const S3_PART_BYTES = 5 * 1024 * 1024

export interface S3Settings {
  bucket: string
  /** An S3-compatible service's URL (MinIO, R2…); null = AWS itself. */
  endpoint: string | null
  region: string
  /** Both or neither; neither = the SDK's own credential chain (instance role, env). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null
  /** Path-style URLs (`endpoint/bucket/key`), which most S3-compatible services need. */
  forcePathStyle: boolean
  /** Folder inside the bucket, e.g. `portal/`; empty = the bucket's root. */
  prefix: string
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: S3-compatible services (and the test stand-in)
    // would otherwise store streamed puts with their aws-chunked framing (TOOLCHAIN.md).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

/**
 * Files in an S3-compatible bucket (D4, P94), chosen when `S3_BUCKET` is configured. A file
 * streams in through `@aws-sdk/lib-storage`'s Upload: one PutObject when it fits in a part,
 * else a multipart upload of 5 MB parts sent one at a time, so memory holds one part, never
 * the whole file. A failed upload is aborted (no parts left behind) and nothing is stored
 * under its key; reads stream the object's body.
 */
export function s3Storage(settings: S3Settings, client: S3Client = s3Client(settings)): FileStorage {
  const objectKey = (key: string) => {
    if (!KEY.test(key)) throw new Error('not a key of this storage')
    return `${settings.prefix}${key}`
  }

  return {
    async put(source, info) {
      const key = randomUUID()
      let size = 0
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length
          done(null, chunk)
        },
      })
      const upload = new Upload({
        client,
        params: { Bucket: settings.bucket, Key: objectKey(key), Body: counted, ContentType: info.mediaType },
        partSize: S3_PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      })
      // The source's failure (a refused or broken upload) reaches the Upload through `counted`.
      const reading = pipeline(source, counted)
      try {
        await Promise.all([upload.done(), reading])
      } catch (error) {
        counted.destroy()
        source.destroy()
        await reading.catch(() => {})
        // A put that reached S3 before the source failed (its last part, say) is removed.
        await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) })).catch(() => {})
        throw error
      }
      return { key, size }
    },

    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }))
        return object.Body instanceof Readable ? object.Body : null
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null
        throw error
      }
    },

    async delete(key) {
      // S3 answers a missing key with success too.
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }))
    },
  }
}
