/**
 * A unique constraint refused the write, in either database: two requests racing for the
 * same value, where the loser should get a clear answer rather than a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // better-sqlite3 names the constraint kind; PostgreSQL uses SQLSTATE 23505.
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
