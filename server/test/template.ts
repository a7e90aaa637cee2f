/**
 * What server/test/global-setup.ts hands each test file (vitest `provide`/`inject`): where
 * the one migrated, seeded template database of this run is.
 */
export type TestDatabaseTemplate =
  | { engine: 'pglite'; /** `dumpDataDir()` tarball */ dumpPath: string }
  | { engine: 'postgres'; /** a URL of the server, for CREATE/DROP DATABASE */ adminUrl: string; template: string; clonePrefix: string }

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate
  }
}

/** `postgres://u@h:5432/test` with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/** Identifiers we build ourselves; quoted anyway. */
export function quoteIdentifier(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`)
  return `"${name}"`
}
