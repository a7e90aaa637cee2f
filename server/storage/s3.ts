import { randomUUID } from 'node:crypto'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  NoSuchKey,
  S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import type { FileStorage, StoredObject } from './file-storage.ts'
import { UPLOAD_LIFETIME_MS } from './local-disk.ts'

/** Keys are UUIDs this storage made (as on local disk): anything else never reaches the bucket. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** S3's smallest multipart part: a file is held in memory at most one part at a time. */
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
 * Files in an S3-compatible bucket (D4), chosen when `S3_BUCKET` is configured. A file
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
  /** Keys this process is uploading: their multipart uploads are never aborted by the sweep. */
  const live = new Set<string>()

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
      live.add(key)
      try {
        await Promise.all([upload.done(), reading])
      } catch (error) {
        counted.destroy()
        source.destroy()
        await reading.catch(() => {})
        // A put that reached S3 before the source failed (its last part, say) is removed.
        await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) })).catch(() => {})
        throw error
      } finally {
        live.delete(key)
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

    async *list() {
      let token: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: settings.prefix, ContinuationToken: token, MaxKeys: 1000 }),
        )
        const batch: StoredObject[] = []
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(settings.prefix.length) ?? ''
          // Only this storage's own keys: never another application's objects in a shared bucket.
          if (KEY.test(key) && object.LastModified) batch.push({ key, storedAt: object.LastModified, size: object.Size ?? 0 })
        }
        if (batch.length > 0) yield batch
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
    },

    /**
     * Unfinished multipart uploads (the parts of a process killed mid-file) older than any
     * upload can last and not in progress here. S3's own lifecycle rule
     * (AbortIncompleteMultipartUpload) does the same where the bucket's owner sets it; a
     * service without the listing (the test stand-in) leaves nothing to sweep here.
     */
    async removeAbandoned(now = new Date()) {
      const cutoff = now.getTime() - UPLOAD_LIFETIME_MS
      let removed = 0
      let keyMarker: string | undefined
      let uploadIdMarker: string | undefined
      do {
        let page
        try {
          page = await client.send(
            new ListMultipartUploadsCommand({
              Bucket: settings.bucket,
              Prefix: settings.prefix,
              KeyMarker: keyMarker,
              UploadIdMarker: uploadIdMarker,
            }),
          )
        } catch (error) {
          if ((error as { name?: string }).name === 'NotImplemented') return { removed, bytes: null }
          throw error
        }
        for (const upload of page.Uploads ?? []) {
          const key = upload.Key?.slice(settings.prefix.length) ?? ''
          if (!KEY.test(key) || live.has(key) || !upload.Initiated || upload.Initiated.getTime() >= cutoff) continue
          await client.send(new AbortMultipartUploadCommand({ Bucket: settings.bucket, Key: upload.Key, UploadId: upload.UploadId }))
          removed++
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined
      } while (keyMarker)
      return { removed, bytes: null }
    },
  }
}
