import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { auditEntries, sessionRows } from '../../../test/accounts-helpers.js';
import { findUserById } from './users.repository.js';
import { rowsOf } from '../../lib/result-rows.js';

const ctx = useTestApp();

const remove = (user: TestUser, id: number | string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/user/delete/${id}`, headers: as(user) });

/** A machine with a note by the employee, as the notes screen would save it. */
async function noteBy(userId: number) {
  const db = ctx.database.db;
  await db.execute(sql`INSERT INTO customers (short_name) VALUES ('ACME')`);
  await db.execute(sql`INSERT INTO categories (name) VALUES ('Prasy')`);
  await db.execute(sql`INSERT INTO devices (name, category_id, customer_id)
    SELECT 'Prasa P-1', c.id, k.id FROM categories c, customers k`);
  await db.execute(sql`INSERT INTO device_notes (device_id, text, user_created_id, user_updated_id)
    SELECT d.id, 'Wymieniono filtr', ${userId}, ${userId} FROM devices d`);
}

describe('DELETE /api/user/delete/{id}', () => {
  it('removes the employee with their sessions and logs it', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true, email: 'szef@firma.pl' });
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl' });

    const response = await remove(admin, jan.id);

    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MSG.employeeDeleted);
    expect(await findUserById(ctx.database.db, jan.id)).toBeUndefined();
    expect((await sessionRows(ctx)).map((s) => s.userId)).toEqual([admin.id]);
    const found = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/findById/${jan.id}`,
      headers: as(admin),
    });
    expect(found.statusCode).toBe(404);
    const entry = (await auditEntries(ctx)).at(-1)!;
    expect(entry).toMatchObject({ arg0: 'szef@firma.pl', arg1: `user:${jan.id}` });
    expect(entry.formattedMessage).toMatch(/usunięcie pracownika Jan Kowalski \(jan@firma.pl\) \(id \d+\)$/);
  });

  it('removes an employee who saved reminder settings, with the settings', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true, email: 'szef@firma.pl' });
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/reminders/settings',
      headers: as(jan),
      payload: { enabled: false, leadDays: [7], overdue: true },
    });
    expect(saved.statusCode).toBe(200);

    expect((await remove(admin, jan.id)).statusCode).toBe(200);
    expect(await findUserById(ctx.database.db, jan.id)).toBeUndefined();
    const left = await ctx.database.db.execute(
      sql`SELECT count(*)::int AS n FROM reminder_settings WHERE user_id = ${jan.id}`,
    );
    expect(rowsOf<{ n: number }>(left)[0]!.n).toBe(0);
  });

  it('refuses with 409 an employee who wrote a to-do', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    await ctx.database.db.execute(
      sql`INSERT INTO todos (description, user_created_id) VALUES ('Zadzwonić do klienta', ${jan.id})`,
    );
    const logsBefore = (await auditEntries(ctx)).length;
    const response = await remove(admin, jan.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MSG.employeeInUse);
    expect(await findUserById(ctx.database.db, jan.id)).toBeDefined();
    expect((await auditEntries(ctx)).length).toBe(logsBefore);
  });

  it('refuses with 409 an employee who last edited a machine note', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    await noteBy(jan.id);
    const response = await remove(admin, jan.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MSG.employeeInUse);
    expect(await findUserById(ctx.database.db, jan.id)).toBeDefined();
  });

  it('says before the question how many records keep an employee (2 for a note he wrote and last edited)', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    const dependants = (id: number, user: TestUser = admin) =>
      ctx.app.inject({ method: 'GET', url: `/api/user/dependants/${id}`, headers: as(user) });
    // His sessions and reminder settings go with him: they keep nothing.
    expect((await dependants(jan.id)).json()).toEqual({ records: 0 });
    await noteBy(jan.id);
    expect((await dependants(jan.id)).json()).toEqual({ records: 2 });
    expect((await dependants(99_999)).statusCode).toBe(404);
    expect((await dependants(jan.id, jan)).statusCode).toBe(403);
  });

  it('refuses to delete yourself', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    await createUserAndLogin(ctx, { admin: true, email: 'drugi-admin@firma.pl' });
    const response = await remove(admin, admin.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MSG.cannotDeleteSelf);
    expect(await findUserById(ctx.database.db, admin.id)).toBeDefined();
  });

  it('deletes another admin while one active admin remains', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const other = await createUserAndLogin(ctx, { admin: true, email: 'drugi-admin@firma.pl' });
    expect((await remove(admin, other.id)).statusCode).toBe(200);
    expect(await findUserById(ctx.database.db, other.id)).toBeUndefined();
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const unknown = await remove(admin, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.employeeNotFound);
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const response = await remove(admin, id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message).toMatch(/Nieprawidłowa wartość/);
    }
  });
});
