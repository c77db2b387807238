import crypto from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { sessionUserColumns } from '../users/users.repository.js';
import { users } from '../users/users.table.js';
import { sessions } from './sessions.table.js';
import { DAY_MS } from '@serwis/domain';

const digest = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

export async function createSession(db: DbOrTx, userId: number, days: number) {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + days * DAY_MS);
  await db.insert(sessions).values({ id: digest(token), userId, expiresAt });
  // Housekeeping: expired sessions are of no use to anyone.
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  return { token, expiresAt };
}

/** The active user behind a session token with the session's dates, or undefined. */
export async function findSession(db: DbOrTx, token: string) {
  const rows = await db
    .select({
      ...sessionUserColumns,
      sessionCreatedAt: sessions.createdAt,
      sessionExpiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, digest(token)), gt(sessions.expiresAt, new Date()), eq(users.active, true)))
    .limit(1);
  return rows[0];
}

/** Moves the session's end; only a session still valid is moved (an ended one stays ended). */
export async function extendSession(db: DbOrTx, token: string, expiresAt: Date) {
  await db
    .update(sessions)
    .set({ expiresAt })
    .where(and(eq(sessions.id, digest(token)), gt(sessions.expiresAt, new Date())));
}

export async function deleteSession(db: DbOrTx, token: string) {
  await db.delete(sessions).where(eq(sessions.id, digest(token)));
}

export async function deleteUserSessions(db: DbOrTx, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of the user except the one behind `keepToken`. */
export async function deleteOtherSessions(db: DbOrTx, userId: number, keepToken: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, digest(keepToken))));
}
