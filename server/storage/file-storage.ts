import type { Readable } from 'node:stream'

/**
 * Where uploaded files live: an outside system behind one interface (D4). The default
 * keeps them on local disk under `DATA_DIR/files`, so a fresh machine needs nothing; with
 * `S3_BUCKET` configured, in S3-compatible object storage (server/storage/s3.ts). A
 * test may pass another implementation as `storage`.
 */
export interface FileStorage {
  /**
   * Streams `source` into a new object under a key of the storage's choosing. Resolves once
   * the whole file is stored; if the source or the write fails it rejects and leaves
   * nothing behind, not even a partial object.
   */
  put(source: Readable, info: { mediaType: string }): Promise<{ key: string; size: number }>
  /** The stored bytes, or null when the key holds nothing. */
  get(key: string): Promise<Readable | null>
  /** Removes an object; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>
  /**
   * Every stored object (complete files only, never one being written), in batches of at
   * most a thousand, with when it was stored: the sweeper (server/storage/sweeper.ts) looks
   * for files no row references.
   */
  list(): AsyncIterable<StoredObject[]>
  /**
   * Removes what uploads no longer in progress left behind (a process killed mid-upload):
   * local disk's `.partial` files, S3's unfinished multipart uploads. An upload in progress,
   * in this process or another sharing the storage, is never touched.
   */
  removeAbandoned(now?: Date): Promise<AbandonedUploads>
}

export interface StoredObject {
  key: string
  storedAt: Date
  size: number
}

export interface AbandonedUploads {
  removed: number
  /** Bytes freed, where the storage can tell without asking more (local disk). */
  bytes: number | null
}
