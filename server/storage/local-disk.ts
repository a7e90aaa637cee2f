import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { FileStorage } from '../plugins/file-storage.ts'

/** Keys are UUIDs this storage made: anything else (a path, `..`) never reaches the disk. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Files being written; a partial older than this was left by a process that died mid-upload. */
export const PARTIAL_DIR = '.partial'
const STALE_PARTIAL_MS = 60 * 60_000

/**
 * Files on local disk (D3): `root/<first two characters of the key>/<key>`, mode 0600. A
 * file is written under `root/.partial/` and renamed into place once complete and flushed,
 * so a crash mid-upload never leaves a half file under a key; partials older than an hour
 * are removed at start.
 */
export async function localDiskStorage(root: string): Promise<FileStorage> {
  const partials = path.join(root, PARTIAL_DIR)
  // Folders are made by the first upload: a server that stores nothing writes nothing.
  await removeStalePartials(partials)

  function fileOf(key: string): string {
    if (!KEY.test(key)) throw new Error('not a key of this storage')
    return path.join(root, key.slice(0, 2), key)
  }

  return {
    async put(source) {
      const key = randomUUID()
      const partial = path.join(partials, key)
      await mkdir(partials, { recursive: true, mode: 0o700 })
      const sink = createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true })
      try {
        await pipeline(source, sink)
        const file = fileOf(key)
        await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
        await rename(partial, file)
      } catch (error) {
        await rm(partial, { force: true })
        throw error
      }
      return { key, size: sink.bytesWritten }
    },

    async get(key) {
      try {
        // Opened before answering, so a missing file is null rather than a stream that fails.
        const handle = await open(fileOf(key), 'r')
        return handle.createReadStream()
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },

    async delete(key) {
      await rm(fileOf(key), { force: true })
    },
  }
}

async function removeStalePartials(partials: string): Promise<void> {
  const cutoff = Date.now() - STALE_PARTIAL_MS
  const names = await readdir(partials).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  for (const name of names) {
    const file = path.join(partials, name)
    const info = await stat(file).catch(() => null)
    if (info && info.mtimeMs < cutoff) await rm(file, { force: true })
  }
}
