import { PGlite, type QueryOptions, type Results } from '@electric-sql/pglite'
import { withoutInstalledParsers, type Db } from './client.ts'

/**
 * A hot query parsed and planned once per connection instead of on every call (issue 7
 * item 8: planning `/users/me/`'s three-table join cost more than running it).
 *
 * drizzle's `.prepare(name)` already does this on PostgreSQL: node-postgres sends a named
 * statement once per pooled connection. drizzle's PGlite driver ignores the name, so there
 * the query is declared with `PREPARE` once and run with `EXECUTE` (one simple-protocol
 * round trip into the engine instead of six). EXECUTE takes its arguments as SQL literals,
 * so only integers (ids) and base64url text (session ids) are accepted; anything else throws.
 *
 * The statement is built once per database and kept; run it with
 * `statement.execute({ placeholder: value })`.
 */
export function prepareOnce<P>(db: Db, name: string, build: (db: Db) => { prepare(name: string): P }): P {
  if (!STATEMENT_NAME.test(name)) throw new Error(`prepared statement name ${name} is not a plain identifier`)
  let statements = cache.get(db)
  if (!statements) cache.set(db, (statements = new Map()))
  const kept = statements.get(name)
  if (kept) return kept as P
  const prepared = build(db).prepare(name)
  // drizzle keeps the engine's client on the database object (`db.$client`).
  const { $client: client } = db as { $client?: unknown }
  if (client instanceof PGlite) planOnceOnPglite(prepared, client, name)
  statements.set(name, prepared)
  return prepared
}

const STATEMENT_NAME = /^[a-z_][a-z0-9_]{0,62}$/

const cache = new WeakMap<Db, Map<string, unknown>>()

/** What drizzle's PglitePreparedQuery calls to run its statement (drizzle-orm/pglite/session.js). */
interface PgliteQueryClient {
  query(text: string, params: unknown[], options: QueryOptions): Promise<Results>
}

function planOnceOnPglite(prepared: unknown, client: PGlite, name: string): void {
  const query = prepared as { client?: unknown }
  // A drizzle upgrade that renames the field must fail here, at first use, not go slow quietly.
  if (query.client !== client) throw new Error(`drizzle's PGlite prepared query changed shape: cannot prepare ${name}`)
  let declared: Promise<unknown> | undefined
  const statementClient: PgliteQueryClient = {
    async query(text, params, options) {
      declared ??= client.exec(`PREPARE ${name} AS ${text}`).catch((error: unknown) => {
        declared = undefined
        throw error
      })
      await declared
      const [result] = await client.exec(`EXECUTE ${name}(${params.map(literal).join(', ')})`, withoutInstalledParsers(options))
      return result!
    },
  }
  query.client = statementClient
}

/** Base64url text (a session id): no quote or backslash can occur, so quoting it is enough. */
const PLAIN_TEXT = /^[A-Za-z0-9_-]{1,64}$/

function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  if (typeof value === 'string' && PLAIN_TEXT.test(value)) return `'${value}'`
  throw new Error('a PGlite prepared statement takes integer or base64url text parameters only')
}
