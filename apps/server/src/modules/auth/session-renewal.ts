import { DAY_MS } from '@serwis/domain';

/** However often it is used, a session ends this long after its login (or SESSION_DAYS, when longer). */
export const SESSION_LIMIT_DAYS = 30;

/**
 * A session lasts `days` from its last use, not from its login: a technician who opens the app
 * every day is not sent to the login screen each week, in the middle of a protocol. It is moved
 * at most once a day (a write per session a day, not per request), and never past
 * `SESSION_LIMIT_DAYS` from its login, so a stolen cookie does not live for good.
 * Returns the new end, or undefined when the session keeps its own.
 */
export function renewedSessionEnd(
  session: { createdAt: Date; expiresAt: Date },
  days: number,
  now: Date = new Date(),
): Date | undefined {
  const limit = session.createdAt.getTime() + Math.max(SESSION_LIMIT_DAYS, days) * DAY_MS;
  const end = Math.min(now.getTime() + days * DAY_MS, limit);
  const step = Math.min(DAY_MS, (days * DAY_MS) / 2);
  return end - session.expiresAt.getTime() >= step ? new Date(end) : undefined;
}
