export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
export const DEADLOCK_DETECTED = '40P01';

/** The first `code` matching `shape` on the error or its causes (drizzle wraps the driver's errors). */
function codeInChain(error: unknown, shape: RegExp): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && shape.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The PostgreSQL SQLSTATE of a failure, on the error or on its cause. */
export const pgErrorCode = (error: unknown) => codeInChain(error, /^[0-9A-Z]{5}$/);

export const hasPgCode = (error: unknown, code: string) => pgErrorCode(error) === code;

/** A system error's code (ENOSPC, ECONNREFUSED …) on the error or its causes. */
export const systemErrorCode = (error: unknown) => codeInChain(error, /^E[A-Z]{3,}$/);

/** SQLSTATE 53100: the database's disk is full. */
export const DISK_FULL = '53100';

/**
 * A full disk, the database's (53100) or the file system's (ENOSPC), or said only in words on the
 * error or its causes (PGlite: "could not extend file …: No space left on device").
 */
export function isDiskFull(error: unknown): boolean {
  if (pgErrorCode(error) === DISK_FULL || systemErrorCode(error) === 'ENOSPC') return true;
  let current: unknown = error;
  for (let depth = 0; current && depth < 10; depth++) {
    if (/No space left on device/i.test(current instanceof Error ? current.message : String(current)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The database went away or cannot take the request now: a connection failure (class 08), an
 * administrator's or a crash's shutdown (57P01–57P03), too many connections or no memory (53xxx but
 * the full disk). The same request a moment later may succeed.
 */
export const isDatabaseUnavailable = (code: string | undefined) =>
  code !== undefined &&
  (code.startsWith('08') || /^57P0[1-3]$/.test(code) || (code.startsWith('53') && code !== DISK_FULL));
