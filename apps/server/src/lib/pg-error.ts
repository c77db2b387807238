export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
export const DEADLOCK_DETECTED = '40P01';

/** Drizzle wraps driver errors; the PostgreSQL SQLSTATE may sit on the error or on its cause. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const hasPgCode = (error: unknown, code: string) => pgErrorCode(error) === code;

/** A system error's code (ENOSPC, ECONNREFUSED …) on the error or its causes, as pgErrorCode. */
export function systemErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]{3,}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** SQLSTATE 53100: the database's disk is full. */
export const DISK_FULL = '53100';

/**
 * The database went away or cannot take the request now: a connection failure (class 08), an
 * administrator's or a crash's shutdown (57P01–57P03), too many connections or no memory (53xxx but
 * the full disk). The same request a moment later may succeed.
 */
export const isDatabaseUnavailable = (code: string | undefined) =>
  code !== undefined &&
  (code.startsWith('08') || /^57P0[1-3]$/.test(code) || (code.startsWith('53') && code !== DISK_FULL));
