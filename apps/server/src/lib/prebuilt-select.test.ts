import { asc, eq, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { openTestDatabase } from '../../test/test-app.js';
import { prebuiltSelect } from './prebuilt-select.js';

/** Two tables of their own, with a column of each kind the lists select and some drizzle maps. */
const owners = pgTable('prebuilt_probe_owners', {
  id: serial().primaryKey(),
  fullName: varchar({ length: 100 }).notNull(),
  since: date({ mode: 'date' }),
});
const things = pgTable('prebuilt_probe_things', {
  id: serial().primaryKey(),
  ownerId: integer().notNull(),
  name: varchar({ length: 100 }).notNull(),
  weight: smallint().notNull(),
  handedOver: date({ mode: 'string' }),
  latitude: doublePrecision(),
  price: numeric({ mode: 'number' }),
  checked: boolean().notNull(),
  createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
});

const selection = {
  id: things.id,
  name: things.name,
  ownerId: things.ownerId,
  ownerFullName: owners.fullName,
  ownerSince: owners.since,
  weight: things.weight,
  handedOver: things.handedOver,
  latitude: things.latitude,
  price: things.price,
  checked: things.checked,
  createdAt: things.createdAt,
};
const probe = prebuiltSelect(
  selection,
  sql`${things} INNER JOIN ${owners} ON ${eq(owners.id, things.ownerId)}`,
);

describe('prebuiltSelect', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`CREATE TABLE prebuilt_probe_owners (
      id serial PRIMARY KEY, full_name varchar(100) NOT NULL, since date)`);
    await database.db.execute(sql`CREATE TABLE prebuilt_probe_things (
      id serial PRIMARY KEY, owner_id integer NOT NULL, name varchar(100) NOT NULL,
      weight smallint NOT NULL, handed_over date, latitude double precision, price numeric,
      checked boolean NOT NULL, created_at timestamptz NOT NULL)`);
    await database.db.insert(owners).values([
      { fullName: 'Zakład Mechaniczny „Łódź” Sp. z o.o.', since: new Date('2019-03-01') },
      { fullName: 'Bez daty', since: null },
    ]);
    await database.db.insert(things).values([
      {
        ownerId: 1,
        name: 'Tokarka',
        weight: 3,
        handedOver: '2024-02-29',
        latitude: 51.7592,
        price: 12500.5,
        checked: true,
        createdAt: '2025-01-02 10:00:00+00',
      },
      {
        ownerId: 2,
        name: 'Frezarka',
        weight: -2,
        handedOver: null,
        latitude: null,
        price: null,
        checked: false,
        createdAt: '2025-06-30 23:59:59.5+00',
      },
      {
        ownerId: 1,
        name: 'Spawarka',
        weight: 0,
        handedOver: '1999-12-31',
        latitude: -0.5,
        price: 0,
        checked: true,
        createdAt: '2026-11-27 08:00:00+00',
      },
    ]);
  });
  afterAll(async () => {
    await database.db.execute(sql`DROP TABLE prebuilt_probe_things, prebuilt_probe_owners`);
    await database.close();
  });

  const drizzleRows = () =>
    database.db
      .select(selection)
      .from(things)
      .innerJoin(owners, eq(owners.id, things.ownerId))
      .orderBy(asc(things.id));

  it("answers the rows of drizzle's own select, value for value and type for type", async () => {
    const expected = await drizzleRows();
    const rows = await probe.rows(database.db, sql`ORDER BY ${things.id}`);
    expect(rows).toEqual(expected);
    expect(rows).toHaveLength(3);
    // The columns drizzle maps are mapped alike: a Date from a date column in date mode, a number
    // from a numeric in number mode, NULL kept as NULL.
    expect(rows[0]!.ownerSince).toBeInstanceOf(Date);
    expect(rows[0]!.price).toBe(12500.5);
    expect(rows[1]).toMatchObject({ ownerSince: null, handedOver: null, latitude: null, price: null });
    expect(Object.keys(rows[0]!)).toEqual(Object.keys(selection));
  });

  it('takes the WHERE, ORDER BY and LIMIT with their values, inside a transaction too', async () => {
    const rows = await probe.rows(
      database.db,
      sql`WHERE ${things.checked} AND ${things.name} <> ${'Spawarka'} ORDER BY ${things.id} DESC LIMIT ${5}`,
    );
    expect(rows.map((row) => row.name)).toEqual(['Tokarka']);
    const inTransaction = await database.db.transaction((tx) =>
      probe.rows(tx, sql`WHERE ${things.ownerId} = ${1} ORDER BY ${things.name}`),
    );
    expect(inTransaction.map((row) => row.name)).toEqual(['Spawarka', 'Tokarka']);
    expect(await probe.rows(database.db, sql`WHERE false`)).toEqual([]);
  });

  it('answers values of the statement as a whole beside the rows, none without rows', async () => {
    const counted = sql`(SELECT count(*)::int FROM ${owners})`;
    const withValues = await probe.rowsWith(database.db, sql`WHERE ${things.checked} ORDER BY ${things.id}`, {
      owners: counted,
      label: sql`${'stan na dziś'}::text`,
    });
    expect(withValues.rows.map((row) => row.name)).toEqual(['Tokarka', 'Spawarka']);
    expect(withValues.rows).toEqual((await drizzleRows()).filter((row) => row.checked));
    expect(withValues.values).toEqual({ owners: 2, label: 'stan na dziś' });
    const none = await probe.rowsWith(database.db, sql`WHERE false`, { owners: counted });
    expect(none).toEqual({ rows: [], values: undefined });
    await expect(probe.rowsWith(database.db, sql``, { name: counted })).rejects.toThrow(/named as a column/);
  });

  it('refuses a column list or join that carries a value, which the written text could not hold', async () => {
    const withValue = prebuiltSelect(
      { id: things.id },
      sql`${things} INNER JOIN ${owners} ON ${owners.fullName} = ${'Bez daty'}`,
    );
    await expect(withValue.rows(database.db, sql``)).rejects.toThrow(/no values/);
  });
});
