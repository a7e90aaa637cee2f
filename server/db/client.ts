import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, realpathSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import pg from 'pg'
import { installPgliteTemplate, readPgliteTemplate } from './pglite-template.ts'
import * as schema from './schema.ts'

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
  /** How many committed migrations the database has not applied (GET /readyz: 0 to be ready). */
  pendingMigrations(): Promise<number>
  /** The connection pool's use (PostgreSQL); null for the embedded database, which has one connection. */
  poolStats(): { total: number; idle: number; waiting: number } | null
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

/** The committed migrations, read once: drizzle applies those newer than the last it recorded. */
let committedMigrations: readonly { folderMillis: number }[] | undefined

/** Committed migrations newer than the last one the database recorded (drizzle's own rule). */
async function pendingMigrations(query: (sql: string) => Promise<{ rows: unknown[] }>): Promise<number> {
  committedMigrations ??= readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER })
  const { rows } = await query('select max(created_at) as last from drizzle.__drizzle_migrations')
  const last = Number((rows[0] as { last: string | number | null } | undefined)?.last ?? 0)
  return committedMigrations.filter((migration) => migration.folderMillis > last).length
}

export interface PgliteOptions {
  /** Persistent directory; omitted → in memory (tests). */
  dataDir?: string
  /** A `dumpDataDir()` tarball to start from (tests clone one migrated template). */
  loadDataDir?: Blob
}

/**
 * PGlite's start parameters with 16 MB of shared buffers instead of initdb's 128 MB, which
 * PostgreSQL touches at start (about 110 MB of the restart's memory, issue 7 item 8). The
 * files live on the host's disk, so the operating system's page cache still holds what
 * does not fit; a school's database is tens of megabytes.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

/**
 * Opens PGlite. Its WASM and data files come from the npm package on disk, never from a
 * CDN (STYLE.md: offline use). A new cluster is unpacked from the pre-initialised template
 * (server/db/pglite-template.ts) instead of PGlite's memory-hungry initdb. A lock that
 * dies with its process keeps a second process away from the same directory, which would
 * corrupt it (TOOLCHAIN.md).
 */
export async function openPglite(options: PgliteOptions = {}): Promise<PgliteDatabase> {
  let releaseLock = async () => {}
  let loadDataDir = options.loadDataDir
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 })
    releaseLock = await acquireDirectoryLock(options.dataDir)
    try {
      if (!loadDataDir && readdirSync(options.dataDir).length === 0) installPgliteTemplate(options.dataDir)
    } catch (error) {
      await releaseLock()
      throw error
    }
  } else if (!loadDataDir) {
    const template = readPgliteTemplate()
    if (template) loadDataDir = new Blob([new Uint8Array(template)])
  }
  let client: PGlite
  try {
    client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
      startParams: PGLITE_START_PARAMS,
      // The trigram operators the managers' student search is indexed with (migration 0029);
      // PostgreSQL ships them in its contrib, PGlite as a bundle loaded here.
      extensions: { pg_trgm },
    })
  } catch (error) {
    await releaseLock()
    throw error
  }
  readDrizzleTypesAsText(client)
  const orm = drizzlePglite({ client, schema })
  let closed = false
  return {
    engine: 'pglite',
    client,
    orm,
    migrate: () => migratePglite(orm, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: (timeoutMs = 2000) => answers((sql) => client.query(sql), timeoutMs),
    pendingMigrations: () => pendingMigrations((sql) => client.query(sql)),
    poolStats: () => null,
    async close() {
      if (closed) return
      closed = true
      try {
        await client.close()
      } finally {
        await releaseLock()
      }
    },
  }
}

/**
 * The types drizzle's PGlite driver reads as text (its columns map them): timestamps,
 * dates, intervals and their arrays, and numeric[] (drizzle-orm/pglite/session.js).
 */
const DRIZZLE_TEXT_TYPES = new Set<number>([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182])

const asText = (value: string) => value

/**
 * drizzle asks for those types as text by passing parsers with every query, and PGlite
 * then copies its whole parser table (300+ types) for every result: 0.1–0.25 ms per
 * query, more than an indexed SELECT costs (issue 7 item 8). The same parsers are
 * installed on the client once instead, and a query whose parsers are all among them
 * runs without them: the same values, no copy. Nothing else reads this client raw.
 */
function readDrizzleTypesAsText(client: PGlite): void {
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText
  const query = client.query.bind(client)
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    query(text, params, withoutInstalledParsers(options))) as PGlite['query']
  const transaction = client.transaction.bind(client)
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx)
      tx.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
        txQuery(text, params, withoutInstalledParsers(options))) as Transaction['query']
      return callback(tx)
    })) as PGlite['transaction']
}

/** `options` without drizzle's parsers when the client already has them (above). */
export function withoutInstalledParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers
  if (!parsers) return options
  for (const oid in parsers) if (!DRIZZLE_TEXT_TYPES.has(Number(oid))) return options
  const { parsers: _installed, ...rest } = options
  return rest
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
    pendingMigrations: () => pendingMigrations((sql) => pool.query(sql)),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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

/** How long an address in use that answers no PID is waited for, try after try (about 1.5 s in all). */
const LOCK_RETRY_DELAYS_MS = [50, 100, 200, 400, 800]

/** Directories this process holds, so a second open in the same process is refused too. */
const heldLocks = new Set<string>()

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError'
}

/**
 * Where the lock of a data directory listens (issue 8 F7: a lock that dies with its
 * process, never a PID file that a reused PID makes lie). On Linux an abstract-namespace
 * Unix socket and on Windows a named pipe: the kernel frees both when the process ends,
 * however it ends, and binding one is atomic. Elsewhere (macOS) a socket file next to the
 * directory, which a dead process leaves behind but nobody answers on.
 */
function lockAddress(directory: string): { address: string; file: boolean } {
  const hash = createHash('sha256').update(directory).digest('hex').slice(0, 32)
  if (process.platform === 'linux') return { address: `\0portal-aluno-pglite-${hash}`, file: false }
  if (process.platform === 'win32') return { address: String.raw`\\.\pipe\portal-aluno-pglite-` + hash, file: false }
  // sun_path holds about 100 bytes; a deeper directory gets its socket in the temp dir.
  const beside = `${directory}.lock`
  return { address: Buffer.byteLength(beside) < 100 ? beside : path.join(tmpdir(), `portal-aluno-pglite-${hash}.lock`), file: true }
}

/**
 * Holds `dataDir` for this process until the returned release is called (or the process
 * ends). A live holder is refused with its PID; it answers its PID on the socket.
 */
async function acquireDirectoryLock(dataDir: string): Promise<() => Promise<void>> {
  const directory = realpathSync(dataDir)
  if (heldLocks.has(directory)) throw new DataDirLockedError(`O banco em ${directory} já está aberto neste processo.`)
  const { address, file } = lockAddress(directory)
  const server = net.createServer((socket) => socket.end(`${process.pid}\n`))
  server.unref()
  for (let attempt = 0; ; attempt++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(address, () => {
          server.off('error', reject)
          resolve()
        })
      })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
      const owner = await lockOwner(address)
      // A holder that answers its PID is alive: refused at once. An address in use that answers
      // no PID may be a lock just released: a child that another thread of this process is
      // forking holds a copy of every descriptor until its exec, the lock's listening socket
      // too, so the kernel frees the address a moment after our close. Asked again a few times.
      if ((owner !== null && owner !== '?') || attempt >= LOCK_RETRY_DELAYS_MS.length) {
        throw new DataDirLockedError(
          `O banco em ${directory} está em uso ${owner && owner !== '?' ? `pelo processo ${owner}` : 'por outro processo'}; ` +
            'o PGlite aceita um único processo por diretório.',
        )
      }
      // A socket file nobody answers on: its process is gone.
      if (file && owner === null) rmSync(address, { force: true })
      else await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_DELAYS_MS[attempt]))
    }
  }
  heldLocks.add(directory)
  return () =>
    new Promise<void>((resolve) => {
      heldLocks.delete(directory)
      server.close(() => {
        if (file) rmSync(address, { force: true })
        resolve()
      })
    })
}

/** The PID the holder of `address` answers, '?' when it answers nothing in time, null when nobody listens. */
function lockOwner(address: string): Promise<string | null> {
  return new Promise((resolve) => {
    let answer = ''
    const socket = net.connect(address)
    socket.setTimeout(1000, () => {
      socket.destroy()
      resolve(answer.trim() || '?')
    })
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')))
    socket.on('end', () => resolve(answer.trim() || '?'))
    socket.on('error', () => resolve(null))
  })
}
