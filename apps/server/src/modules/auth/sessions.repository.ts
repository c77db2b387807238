import crypto from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { sessionUserColumns } from '../users/users.repository.js';
import { users } from '../users/users.table.js';
import { sessions } from './sessions.table.js';

const digest = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

export async function createSession(db: DbOrTx, userId: number, days: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + days * 24 * 3600 * 1000);
  await db.insert(sessions).values({ id: digest(token), userId, expiresAt });
  // Housekeeping: expired sessions are of no use to anyone.
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  return token;
}

/** The active user behind a session token, or undefined. */
export async function findSessionUser(db: DbOrTx, token: string) {
  const rows = await db
    .select(sessionUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, digest(token)), gt(sessions.expiresAt, new Date()), eq(users.active, true)))
    .limit(1);
  return rows[0];
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
