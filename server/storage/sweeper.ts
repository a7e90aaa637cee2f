import { inArray, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import fp from 'fastify-plugin'
import type { Db } from '../db/client.ts'
import { atividadeArquivos, atividadeCorrecoes } from '../areas/activities/schema.ts'
import { knnUsaDocumentos } from '../areas/overseas-study/schema.ts'
import type { FileStorage } from './file-storage.ts'

declare module 'fastify' {
  interface FastifyInstance {
    fileSweeper: FileSweeper
  }
}

export interface FileSweep {
  /** Abandoned uploads removed (partial files, unfinished multipart uploads) and their bytes where known. */
  abandoned: number
  abandonedBytes: number | null
  /** Stored files no row references, older than the grace period, removed. */
  orphans: number
}

export interface FileSweeper {
  /**
   * Sweeps now (or at `now`, tests moving the clock). null when another process sharing the
   * database is sweeping (it holds the lock): there is nothing for this one to do.
   */
  sweep(now?: Date): Promise<FileSweep | null>
}

export interface FileSweeperOptions {
  /** How long a stored file may go unreferenced before it is removed (ORPHAN_GRACE_MS). */
  graceMs?: number
}

/**
 * Every column that holds a file storage key. A table that stores files adds its column
 * here, or the sweeper removes its files a day after they were stored; sweeper.test.ts
 * fails for a `chave` column missing from this list.
 */
export const STORED_FILE_KEYS: readonly PgColumn[] = [atividadeArquivos.chave, atividadeCorrecoes.chave, knnUsaDocumentos.chave]

/**
 * A stored file is written before its row is committed (the upload streams into storage,
 * then the handler inserts): one younger than this may still be about to be referenced.
 * A day is far beyond any request (five minutes at most, server/http/connections.ts).
 */
export const ORPHAN_GRACE_MS = 24 * 60 * 60_000

/** The advisory lock one sweeper at a time holds on a shared PostgreSQL. */
const SWEEP_LOCK_KEY = 727_360

/** Which of `keys` some row references. */
async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const found = await Promise.all(
    STORED_FILE_KEYS.map((column) =>
      db
        .select({ key: sql<string>`${column}` })
        .from(column.table)
        .where(inArray(column, keys)),
    ),
  )
  return new Set(found.flat().map((row) => row.key))
}

/** One pass over storage: abandoned uploads first, then files no committed row references. */
export async function sweepFiles(db: Db, storage: FileStorage, now: Date, graceMs: number): Promise<FileSweep> {
  const abandoned = await storage.removeAbandoned(now)
  const cutoff = now.getTime() - graceMs
  let orphans = 0
  for await (const batch of storage.list()) {
    const old = batch.filter((object) => object.storedAt.getTime() < cutoff).map((object) => object.key)
    if (old.length === 0) continue
    const referenced = await referencedKeys(db, old)
    for (const key of old) {
      if (referenced.has(key)) continue
      await storage.delete(key)
      orphans++
    }
  }
  return { abandoned: abandoned.removed, abandonedBytes: abandoned.bytes, orphans }
}

/**
 * The file sweeper (issue 36 item 6): at start and then every
 * FILE_SWEEP_INTERVAL_MINUTES, removes what uploads killed mid-file left and the stored
 * files no row has referenced for ORPHAN_GRACE_MS. On PostgreSQL, several processes may
 * share one storage: a transaction-scoped advisory lock lets one sweep at a time (the others
 * skip that round), and it ends with its process. PGlite admits one process per data
 * directory, so it needs none (and a transaction held open there would stall every query).
 */
export default fp<FileSweeperOptions>(
  async (app, options) => {
    const graceMs = options.graceMs ?? ORPHAN_GRACE_MS
    const everyMs = app.config.fileSweepIntervalMinutes * 60_000
    let stopped = false
    let timer: NodeJS.Timeout | undefined
    let running: Promise<unknown> = Promise.resolve()

    async function sweep(now = new Date()): Promise<FileSweep | null> {
      const db = app.db.orm
      const result =
        app.db.engine === 'pglite'
          ? await sweepFiles(db, app.fileStorage, now, graceMs)
          : await db.transaction(async (tx) => {
              const locked = (await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) as locked`)) as {
                rows: { locked: boolean }[]
              }
              return locked.rows[0]?.locked ? sweepFiles(db, app.fileStorage, now, graceMs) : null
            })
      if (result && (result.abandoned > 0 || result.orphans > 0)) app.log.info(result, 'file sweep removed files')
      return result
    }
    function tick() {
      running = sweep()
        .catch((error: unknown) => app.log.error({ err: error }, 'file sweep failed'))
        .finally(() => {
          if (!stopped) timer = setTimeout(tick, everyMs)
        })
    }

    app.decorate('fileSweeper', { sweep } satisfies FileSweeper)
    app.addHook('onReady', async () => tick())
    // Before the database closes (onClose runs in reverse registration order).
    app.addHook('onClose', async () => {
      stopped = true
      clearTimeout(timer)
      await running
    })
  },
  { name: 'file-sweeper', dependencies: ['db', 'file-storage'], fastify: '5.x' },
)
