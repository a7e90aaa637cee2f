import { defineConfig } from 'drizzle-kit'

/**
 * `npm run db:generate` writes SQL migrations from the schema. They are committed and never
 * edited by hand; the server applies them at start on PGlite and PostgreSQL alike (D3).
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
})
