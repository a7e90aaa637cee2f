import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPglite, openPostgres } from '../db/client.ts'
import { seedDemo } from '../db/seed.ts'
import { quoteIdentifier, withDatabase, type TestDatabaseTemplate } from './template.ts'

/**
 * Migrates and seeds ONE template database per run; each test file clones it, because a
 * fresh PGlite takes seconds to initialise (TOOLCHAIN.md). PGlite: a `dumpDataDir()` tarball
 * in a temp dir. PostgreSQL (DATABASE_URL set): a `portal_template_<pid>` database that
 * files clone with `CREATE DATABASE … TEMPLATE`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const engine = project.config.env?.TEST_DB_ENGINE ?? process.env.TEST_DB_ENGINE ?? 'pglite'
  if (engine === 'postgres') return setupPostgres(project)
  if (engine === 'pglite') return setupPglite(project)
  throw new Error(`unknown TEST_DB_ENGINE ${engine}`)
}

async function setupPglite(project: TestProject) {
  const directory = await mkdtemp(path.join(tmpdir(), 'portal-template-'))
  const database = await openPglite()
  try {
    await database.migrate()
    await seedDemo(database.orm)
    // Uncompressed: loading it takes ~0.5 s against ~1.2 s for gzip.
    const dump = await database.client.dumpDataDir('none')
    const dumpPath = path.join(directory, 'template.tar')
    await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()))
    project.provide('testDatabase', { engine: 'pglite', dumpPath } satisfies TestDatabaseTemplate)
  } catch (error) {
    await rm(directory, { recursive: true, force: true })
    throw error
  } finally {
    await database.close()
  }
  return () => rm(directory, { recursive: true, force: true })
}

async function setupPostgres(project: TestProject) {
  const url = process.env.DATABASE_URL
  if (!url) throw new Error('TEST_DB_ENGINE=postgres needs DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test')
  const adminUrl = await reachableAdminUrl(url)
  const template = `portal_template_${process.pid}`
  const clonePrefix = `portal_test_${process.pid}_`

  await adminQuery(adminUrl, `drop database if exists ${quoteIdentifier(template)} with (force)`)
  await adminQuery(adminUrl, `create database ${quoteIdentifier(template)}`)
  const database = await openPostgres({ url: withDatabase(adminUrl, template), max: 1 })
  try {
    await database.migrate()
    await seedDemo(database.orm)
  } catch (error) {
    await database.close()
    await adminQuery(adminUrl, `drop database if exists ${quoteIdentifier(template)} with (force)`)
    throw error
  } finally {
    // No connection may stay open on a template, or cloning it fails.
    await database.close()
  }
  project.provide('testDatabase', { engine: 'postgres', adminUrl, template, clonePrefix } satisfies TestDatabaseTemplate)

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    try {
      const { rows } = await client.query<{ datname: string }>(
        `select datname from pg_database where datname = $1 or starts_with(datname, $2)`,
        [template, clonePrefix],
      )
      for (const { datname } of rows) await client.query(`drop database if exists ${quoteIdentifier(datname)} with (force)`)
    } finally {
      await client.end()
    }
  }
}

/**
 * The tests only need a server: CREATE/DROP DATABASE run from the database DATABASE_URL
 * names, or from `postgres` when that one does not exist (a fresh CI server).
 */
async function reachableAdminUrl(url: string): Promise<string> {
  let firstError: unknown
  for (const candidate of [url, withDatabase(url, 'postgres')]) {
    try {
      await adminQuery(candidate, 'select 1')
      return candidate
    } catch (error) {
      firstError ??= error
    }
  }
  throw firstError
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}
