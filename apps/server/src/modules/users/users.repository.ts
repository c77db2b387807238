import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { users } from './users.table.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * What a request needs of its user (users.mapper.ts, toSessionUser), read on every request: neither
 * the password's hash nor the account's bookkeeping columns.
 */
export const sessionUserColumns = {
  id: users.id,
  userName: users.userName,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  vacationDays: users.vacationDays,
  roles: users.roles,
};

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return rows[0];
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** The user, his row locked to the end of the transaction (two saves made on one version). */
export async function lockUserById(tx: DbOrTx, id: number): Promise<UserRow | undefined> {
  const rows = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return rows[0];
}

export function listUsers(db: DbOrTx): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.id));
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row.n;
}

/**
 * Counts the active administrators and locks their rows until the transaction ends, so two
 * admins demoting each other at the same moment cannot leave the system without one.
 */
export async function countActiveAdminsForUpdate(db: DbOrTx): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.active} AND 'ADMIN' = ANY(${users.roles})`)
    .for('update');
  return rows.length;
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function updateUser(db: DbOrTx, id: number, values: Partial<NewUserRow>): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/**
 * A new password only when the stored one is still the one the old password was checked against:
 * two changes sent at once cannot both succeed (the second finds another hash). False when not.
 */
export async function replacePasswordHash(
  db: DbOrTx,
  id: number,
  checkedHash: string,
  passwordHash: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, id), eq(users.passwordHash, checkedHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function deleteUser(db: DbOrTx, id: number) {
  await db.delete(users).where(eq(users.id, id));
}
