/** PostgreSQL's unique_violation, however the driver wraps it (pg, PGlite, Drizzle's query error). */
export function isUniqueViolation(error: unknown): boolean {
  for (let at: unknown = error; at && typeof at === 'object'; at = (at as { cause?: unknown }).cause) {
    if ((at as { code?: unknown }).code === '23505') return true
  }
  return false
}
