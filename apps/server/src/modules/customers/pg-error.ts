interface PgLikeError {
  code?: unknown;
  cause?: unknown;
}

/** Drizzle wraps driver errors; the PostgreSQL SQLSTATE may sit on the error or on its cause. */
export function hasPgCode(error: unknown, code: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as PgLikeError).code === code) return true;
    current = (current as PgLikeError).cause;
  }
  return false;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
