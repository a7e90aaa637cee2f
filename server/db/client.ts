import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from './schema/index.ts'

/**
 * One schema, two engines (D3): embedded PGlite in a data directory by default, a real
 * PostgreSQL server with DATABASE_URL. Repositories only see `Db`, which both satisfy.
 */
export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Engine = 'pglite' | 'postgres'

export interface Database {
  readonly engine: Engine
  readonly orm: Db
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>
  /** true when the database answers `select 1` in time (GET /healthz). */
  ping(timeoutMs?: number): Promise<boolean>
  close(): Promise<void>
}

export interface PgliteDatabase extends Database {
  readonly engine: 'pglite'
  readonly client: PGlite
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

/** Serialises migrations when several servers start against one PostgreSQL (D4). */
const MIGRATION_LOCK_KEY = 727_001

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** GET /healthz: true when `select 1` answers in time, on either engine. */
async function answers(query: (sql: string) => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  try {
    await withTimeout(query('select 1'), timeoutMs)
    return true
  } catch {
    return false
  }
}

export interface PgliteOptions {
  /** Persistent directory; omitted → in memory (tests). */
  dataDir?: string
  /** A `dumpDataDir()` tarball to start from (tests clone one migrated template). */
  loadDataDir?: Blob
}

/**
 * Opens PGlite. Its WASM and data files come from the npm package on disk, never from a
 * CDN (STYLE.md: offline use). A lock file keeps a second process away from the same
 * directory, which would corrupt it (TOOLCHAIN.md).
 */
export async function openPglite(options: PgliteOptions = {}): Promise<PgliteDatabase> {
  let releaseLock = () => {}
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 })
    releaseLock = acquireDirectoryLock(`${options.dataDir}.lock`)
  }
  let client: PGlite
  try {
    client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    })
  } catch (error) {
    releaseLock()
    throw error
  }
  const orm = drizzlePglite({ client, schema })
  let closed = false
  return {
    engine: 'pglite',
    client,
    orm,
    migrate: () => migratePglite(orm, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: (timeoutMs = 2000) => answers((sql) => client.query(sql), timeoutMs),
    async close() {
      if (closed) return
      closed = true
      try {
        await client.close()
      } finally {
        releaseLock()
      }
    },
  }
}

export interface PostgresOptions {
  url: string
  /** Errors of idle pooled connections (server restart); they must not crash the process. */
  onPoolError?: (error: Error) => void
  max?: number
}

export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    application_name: 'portal-aluno',
  })
  pool.on('error', (error) => options.onPoolError?.(error))
  const orm = drizzleNodePg({ client: pool, schema })
  let closed = false
  return {
    engine: 'postgres',
    orm,
    async migrate() {
      const connection = await pool.connect()
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
        try {
          await migrateNodePg(drizzleNodePg({ client: connection, schema }), { migrationsFolder: MIGRATIONS_FOLDER })
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
        }
      } finally {
        connection.release()
      }
    },
    ping: (timeoutMs = 2000) => answers((sql) => pool.query(sql), timeoutMs),
    async close() {
      if (closed) return
      closed = true
      await pool.end()
    },
  }
}

export interface OpenDatabaseOptions {
  databaseUrl: string | null
  /** The server's DATA_DIR; PGlite lives in `${dataDir}/pglite`. */
  dataDir: string
  onPoolError?: (error: Error) => void
}

/** The server's database from its configuration, migrated and ready. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres({ url: options.databaseUrl, onPoolError: options.onPoolError })
    : await openPglite({ dataDir: path.join(options.dataDir, 'pglite') })
  try {
    await database.migrate()
  } catch (error) {
    await database.close()
    throw error
  }
  return database
}

/** Directories this process holds, so a second open in the same process is refused too. */
const heldLocks = new Set<string>()

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError'
}

/**
 * Creates `lockPath` holding our pid. A lock left by a process that no longer runs (a
 * crash, `kill -9`) is taken over; one held by a live process is an error.
 */
function acquireDirectoryLock(lockPath: string): () => void {
  const absolute = path.resolve(lockPath)
  if (heldLocks.has(absolute)) {
    throw new DataDirLockedError(`O banco em ${absolute.replace(/\.lock$/, '')} já está aberto neste processo.`)
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(absolute, String(process.pid), { flag: 'wx', mode: 0o600 })
      heldLocks.add(absolute)
      return () => {
        heldLocks.delete(absolute)
        rmSync(absolute, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(readFileSync(absolute, 'utf8').trim())
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new DataDirLockedError(
          `O banco em ${absolute.replace(/\.lock$/, '')} está em uso pelo processo ${owner}; ` +
            'o PGlite aceita um único processo por diretório.',
        )
      }
      rmSync(absolute, { force: true })
    }
  }
  throw new DataDirLockedError(`Não foi possível obter o bloqueio ${absolute}.`)
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
