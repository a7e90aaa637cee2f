import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { createWriteStream, type Dirent } from 'node:fs'
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import net from 'node:net'
import { hostname } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { DEFAULT_TIMEOUTS } from '../http/connections.ts'
import type { AbandonedUploads, FileStorage, StoredObject } from './file-storage.ts'

/** Keys are UUIDs this storage made: anything else (a path, `..`) never reaches the disk. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Files being written, one folder per process: `.partial/<host>-<process>/<key>`. */
export const PARTIAL_DIR = '.partial'

/**
 * No upload lasts longer than this: node ends a request after `requestMs` (server/http/
 * connections.ts), so a partial file untouched for longer belongs to no live upload, in
 * any process on any machine.
 */
export const UPLOAD_LIFETIME_MS = DEFAULT_TIMEOUTS.requestMs + 60_000

/** This machine, as the partial folders name it: a process here can be asked whether it lives. */
const HOST = createHash('sha256').update(hostname()).digest('hex').slice(0, 8)
const BATCH = 1000

/**
 * Where a process's partial folder answers while the process lives (as the PGlite directory
 * lock does, server/db/client.ts): an abstract Unix socket on Linux, a named pipe on
 * Windows; the kernel frees both however the process ends. Elsewhere none: only age tells.
 */
function aliveAddress(instance: string): string | null {
  if (process.platform === 'linux') return `\0portal-aluno-upload-${instance}`
  if (process.platform === 'win32') return String.raw`\\.\pipe\portal-aluno-upload-` + instance
  return null
}

/** true when the process that made `instance` still runs, false when it is gone, null when unknowable. */
function instanceAlive(instance: string): Promise<boolean | null> {
  const address = aliveAddress(instance)
  if (!address || !instance.startsWith(`${HOST}-`)) return Promise.resolve(null)
  return new Promise((resolve) => {
    const socket = net.connect(address)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** Holds this process's mark for as long as it runs (unref'd: it keeps nothing alive). */
function holdMark(instance: string): Promise<void> {
  const address = aliveAddress(instance)
  if (!address) return Promise.resolve()
  const server = net.createServer((socket) => socket.destroy())
  server.unref()
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(address, () => resolve())
  })
}

export interface LocalDiskOptions {
  /** How long an upload may take at most (UPLOAD_LIFETIME_MS). */
  uploadLifetimeMs?: number
}

/**
 * Files on local disk (D3): `root/<first two characters of the key>/<key>`, mode 0600. A
 * file is written under `root/.partial/<this process>/` and renamed into place once
 * complete and flushed, so a crash mid-upload never leaves a half file under a key. What a
 * dead process left there is removed by `removeAbandoned` (the sweeper): the files of
 * this process whose upload ended, the folder of a process on this machine that no longer
 * answers, anything untouched for longer than an upload can last.
 */
export async function localDiskStorage(root: string, options: LocalDiskOptions = {}): Promise<FileStorage> {
  const partials = path.join(root, PARTIAL_DIR)
  const lifetimeMs = options.uploadLifetimeMs ?? UPLOAD_LIFETIME_MS
  const unique = randomBytes(8).toString('hex')
  let instance = `${HOST}-${unique}`
  /** Keys being written by this process: their partial files are never swept. */
  const live = new Set<string>()
  // Folders (and the mark) are made by the first upload: a server that stores nothing writes nothing.
  let marked: Promise<void> | null = null

  function fileOf(key: string): string {
    if (!KEY.test(key)) throw new Error('not a key of this storage')
    return path.join(root, key.slice(0, 2), key)
  }

  /** Removes the file when `abandoned` says so: its size, or null when kept or already gone. */
  async function removeIf(file: string, abandoned: (modifiedMs: number) => boolean): Promise<number | null> {
    const info = await stat(file).catch(() => null)
    if (!info?.isFile() || !abandoned(info.mtimeMs)) return null
    await rm(file, { force: true })
    return info.size
  }

  return {
    async put(source) {
      const key = randomUUID()
      live.add(key)
      try {
        // Without a mark, no other process may judge this folder by it: only age will.
        await (marked ??= holdMark(instance).catch(() => void (instance = `unmarked-${unique}`)))
        const partial = path.join(partials, instance, key)
        await mkdir(path.dirname(partial), { recursive: true, mode: 0o700 })
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
      } finally {
        live.delete(key)
      }
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

    async *list() {
      let batch: StoredObject[] = []
      for (const folder of await entriesOf(root)) {
        if (!folder.isDirectory() || !/^[0-9a-f]{2}$/.test(folder.name)) continue
        for (const entry of await entriesOf(path.join(root, folder.name))) {
          if (!entry.isFile() || !KEY.test(entry.name) || !entry.name.startsWith(folder.name)) continue
          const info = await stat(path.join(root, folder.name, entry.name)).catch(() => null)
          if (!info) continue
          batch.push({ key: entry.name, storedAt: info.mtime, size: info.size })
          if (batch.length >= BATCH) {
            yield batch
            batch = []
          }
        }
      }
      if (batch.length > 0) yield batch
    },

    async removeAbandoned(now = new Date()): Promise<AbandonedUploads> {
      const stale = (modifiedMs: number) => modifiedMs < now.getTime() - lifetimeMs
      const freed: number[] = []
      for (const entry of await entriesOf(partials)) {
        const where = path.join(partials, entry.name)
        if (!entry.isDirectory()) {
          // A partial file of an older version (no process folders), or anything else put there.
          const size = await removeIf(where, stale)
          if (size !== null) freed.push(size)
          continue
        }
        const ours = entry.name === instance
        const alive = ours || (await instanceAlive(entry.name))
        // Ours: the uploads that ended (their own rm failed). A dead process's: all. Unknowable: by age.
        const abandoned = (key: string) => (modifiedMs: number) => (ours ? !live.has(key) : alive === false || stale(modifiedMs))
        for (const file of await entriesOf(where)) {
          const size = await removeIf(path.join(where, file.name), abandoned(file.name))
          if (size !== null) freed.push(size)
        }
        // Another process's folder goes once empty, if that process is gone or long silent.
        if (!ours && (await entriesOf(where)).length === 0) {
          const info = await stat(where).catch(() => null)
          if (info && (alive === false || stale(info.mtimeMs))) await rm(where, { recursive: true, force: true })
        }
      }
      return { removed: freed.length, bytes: freed.reduce((sum, size) => sum + size, 0) }
    },
  }
}

async function entriesOf(directory: string): Promise<Dirent[]> {
  return readdir(directory, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return []
    throw error
  })
}
