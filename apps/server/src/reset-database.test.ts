import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appTables, resetDatabase, useTestApp } from '../test/test-app.js';
import { rowsOf } from './lib/result-rows.js';
import { insertCategory, insertCustomer, insertDevice } from '../test/service-fixtures.js';
import { insertUser } from './modules/users/users.repository.js';

/**
 * The reset before every test (test-app.ts, resetDatabase): whatever a test left, the next one
 * starts from empty tables whose ids count from 1, as after `TRUNCATE … RESTART IDENTITY` of all
 * tables. A table of a few rows is emptied by DELETE, a larger one by TRUNCATE.
 */
const ctx = useTestApp();

/** Every public table that holds a row, with its count. */
async function tablesHoldingRows(): Promise<Record<string, number>> {
  const holding: Record<string, number> = {};
  for (const table of await appTables(ctx.database)) {
    const [row] = rowsOf(await ctx.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${table}"`)));
    if (Number(row!.n) > 0) holding[table] = Number(row!.n);
  }
  return holding;
}

describe('resetDatabase', () => {
  it('empties a few rows and a large table alike, with the rows that point at them', async () => {
    const db = ctx.database.db;
    const customer = await insertCustomer(db);
    const category = await insertCategory(db);
    const machine = await insertDevice(db, { customerId: customer.id, categoryId: category.id });
    await db.execute(
      sql`INSERT INTO devices (type, name, customer_id, category_id)
          SELECT 'EXTERNAL', 'Maszyna ' || n, ${customer.id}, ${category.id} FROM generate_series(1, 600) AS n`,
    );
    const author = await insertUser(db, {
      userName: 'Serwisant',
      firstName: 'Jan',
      lastName: 'Kowalski',
      email: 'jan@firma.pl',
      passwordHash: '-',
      roles: ['USER'],
    });
    await db.execute(
      sql`INSERT INTO device_notes (device_id, text, user_created_id, user_updated_id)
          VALUES (${machine.id}, 'Notatka', ${author.id}, ${author.id})`,
    );
    const before = await tablesHoldingRows();
    // The machines are truncated (more than 500), the customer, category, employee and note
    // deleted; the counts and summaries the triggers keep go with them.
    expect(before).toMatchObject({ devices: 601, customers: 1, categories: 1, users: 1, device_notes: 1 });
    expect(Object.keys(before).length).toBeGreaterThan(4);

    await resetDatabase(ctx.database);

    expect(await tablesHoldingRows()).toEqual({});
  });

  it('numbers the rows of every table from 1 again', async () => {
    const db = ctx.database.db;
    const customer = await insertCustomer(db);
    const category = await insertCategory(db);
    const machine = await insertDevice(db, { customerId: customer.id, categoryId: category.id });
    expect([customer.id, category.id, machine.id]).toEqual([1, 1, 1]);
    await insertDevice(db, { customerId: customer.id, categoryId: category.id });

    await resetDatabase(ctx.database);

    const again = await insertCustomer(db);
    const otherCategory = await insertCategory(db);
    const next = await insertDevice(db, { customerId: again.id, categoryId: otherCategory.id });
    expect([again.id, otherCategory.id, next.id]).toEqual([1, 1, 1]);
  });
});
