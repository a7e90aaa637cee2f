import { randomBytes } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { buildApp, type BuildAppOptions } from '../app.ts'
import { testConfig, type Config } from '../config.ts'
import { openPglite, openPostgres, type Database } from '../db/client.ts'
import { users } from '../areas/users/schema.ts'
import { DEMO_PASSWORD, DEMO_SIBLINGS_CPF } from '../db/seed.ts'
import { quoteIdentifier, withDatabase, type TestDatabaseTemplate } from './template.ts'

/**
 * Test helpers. `createTestApp()` builds the whole server on a fresh database cloned from
 * the run's migrated, seeded template (server/test/global-setup.ts), with responses checked
 * against the contract. Call `close()` in afterAll/afterEach.
 */

export interface TestApp {
  app: FastifyInstance
  db: Database
  config: Config
  close(): Promise<void>
}

export interface TestAppOptions extends Omit<BuildAppOptions, 'db'> {
  /** Adds routes of the test's own (a test-declared contract endpoint) before the app is ready. */
  register?: (app: FastifyInstance) => void
}

export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const db = await createTestDatabase()
  const config = testConfig(overrides)
  const { register, ...buildOptions } = options
  let app: FastifyInstance
  try {
    // Storage starts empty unless the test asks for the demo's activity files.
    app = await buildApp(config, { seedDemoFiles: false, ...buildOptions, db })
    register?.(app)
    await app.ready()
  } catch (error) {
    await db.close()
    throw error
  }
  return {
    app,
    db,
    config,
    async close() {
      await app.close()
      await db.close()
      // The data directory testConfig made up (stored files); one the test named is its own.
      if (overrides.dataDir === undefined) await rm(config.dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The file's own test app: built before its first test, closed after its last. The answer
 * is filled in by `beforeAll`, so use it inside tests and hooks, not at the file's top level.
 */
export function testAppForFile(overrides: Partial<Config> = {}, options: TestAppOptions = {}): TestApp {
  const t = {} as TestApp
  beforeAll(async () => {
    Object.assign(t, await createTestApp(overrides, options))
  })
  afterAll(() => t.close())
  return t
}

/** A 422 answer's issues as `field.path: message`, the way a form shows them under each field. */
export function validationIssues(response: { statusCode: number; body: string; json(): unknown }): string[] {
  expect(response.statusCode, response.body).toBe(422)
  return (response.json() as { detail: { loc: string[]; msg: string }[] }).detail.map(({ loc, msg }) => `${loc.join('.')}: ${msg}`)
}

let tarball: Promise<Blob> | undefined

/** A database of its own, cloned from the template; closing it also deletes it. */
export async function createTestDatabase(): Promise<Database> {
  const template = inject('testDatabase')
  if (template.engine === 'pglite') {
    tarball ??= readFile(template.dumpPath).then((bytes) => new Blob([bytes]))
    return openPglite({ loadDataDir: await tarball })
  }

  const clone = await clonePostgresDatabase(template)
  const database = await openPostgres({ url: clone.url, max: 4 })
  return {
    ...database,
    async close() {
      await database.close()
      await clone.drop()
    },
  }
}

/**
 * A PostgreSQL database of its own cloned from the template, by URL: for server processes a
 * test starts itself (several processes on one database). Only on the PostgreSQL engine.
 */
export async function cloneTestDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const template = inject('testDatabase')
  if (template.engine !== 'postgres') throw new Error('a database URL needs the PostgreSQL engine (DATABASE_URL)')
  return clonePostgresDatabase(template)
}

async function clonePostgresDatabase(
  template: Extract<TestDatabaseTemplate, { engine: 'postgres' }>,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${template.clonePrefix}${randomBytes(4).toString('hex')}`
  await admin(template.adminUrl, async (client) => {
    // Two files cloning at the same instant may briefly see each other on the template.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database ${quoteIdentifier(name)} template ${quoteIdentifier(template.template)}`)
        return
      } catch (error) {
        if (attempt >= 10 || (error as { code?: string }).code !== '55006') throw error
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200))
      }
    }
  })
  return {
    url: withDatabase(template.adminUrl, name),
    drop: () => admin(template.adminUrl, (client) => client.query(`drop database if exists ${quoteIdentifier(name)} with (force)`)),
  }
}

async function admin(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await work(client)
  } finally {
    await client.end()
  }
}

/** Logs in through the API and returns the bearer token. */
export async function loginToken(app: FastifyInstance, username: string, password: string, userId?: number): Promise<string> {
  const response = await app.inject(loginRequest({ username, password, ...(userId === undefined ? {} : { user_id: String(userId) }) }))
  const body = response.json() as { access_token?: string }
  if (response.statusCode !== 200 || !body.access_token) throw new Error(`login failed: ${response.statusCode} ${response.body}`)
  return body.access_token
}

export type DemoPerson = 'ana' | 'lucas' | 'marina' | 'gestor'

const DEMO_LOGINS: Record<DemoPerson, { username: string; fullName: string }> = {
  ana: { username: 'aluno@example.com', fullName: 'Ana Beatriz Souza' },
  gestor: { username: 'gestor@example.com', fullName: 'Carlos Eduardo Lima' },
  // The siblings share a CPF (D9): log in by it and pick the account, as the client does.
  lucas: { username: DEMO_SIBLINGS_CPF, fullName: 'Lucas Pereira' },
  marina: { username: DEMO_SIBLINGS_CPF, fullName: 'Marina Pereira' },
}

/** A bearer token of a seeded demo account (server/db/seed.ts). */
export async function demoToken(app: FastifyInstance, person: DemoPerson): Promise<string> {
  const { username, fullName } = DEMO_LOGINS[person]
  const first = await app.inject(loginRequest({ username, password: DEMO_PASSWORD }))
  const body = first.json() as { access_token?: string; users?: { id: number; full_name: string | null }[] }
  if (body.access_token) return body.access_token
  const account = body.users?.find((user) => user.full_name === fullName)
  if (!account) throw new Error(`demo account ${person} not found: ${first.statusCode} ${first.body}`)
  return loginToken(app, username, DEMO_PASSWORD, account.id)
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` }
}

/** Form-encoded login request options for app.inject. */
export function loginRequest(fields: Record<string, string>) {
  return {
    method: 'POST' as const,
    url: '/api/v1/login/access-token/',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  }
}

/** app.inject options for a JSON body; a string is sent as it is (malformed JSON cases). */
export function jsonRequest(method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown, headers: Record<string, string> = {}) {
  return {
    method,
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  }
}

/** A user's row as the database holds it: what a write stored, or that it stored nothing. */
export async function storedUser(db: Database, id: number) {
  const [row] = await db.orm.select().from(users).where(eq(users.id, id))
  return row!
}

/** A `fetch` the app answers (`app.inject`): the contract client's requests as a browser sends them, to the real server. */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(new URL(String(input), 'http://localhost'), init)
    const url = new URL(request.url)
    const answer = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      payload: request.body ? Buffer.from(await request.arrayBuffer()) : undefined,
    })
    const headers = Object.entries(answer.headers).map(([name, value]) => [name, String(value)] as [string, string])
    return new Response(new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers })
  }
}
