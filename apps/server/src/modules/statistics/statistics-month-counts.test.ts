import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { insertMachine, insertService } from '../../../test/service-fixtures.js';
import { rowsOf } from '../../lib/result-rows.js';
import { services } from '../services/services.table.js';

const ctx = useTestApp();

const STATES = ['UTWORZONY', 'DODAJ_SKAN', 'PODPISANY', 'ODRZUCONY'];
const TYPES = [['NAPRAWA'], ['PRZEGLAD_OKRESOWY'], ['INSTALACJA', 'SZKOLENIE_OPERATOROW'], ['MONTAZ']];
const PAYMENTS = ['PLATNA', 'GWARANCYJNA', 'BEZPLATNA'];

/** A repeatable sequence of small numbers (the fleet is the same on every run). */
function numbers(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
}

const dayOf = (offset: number) => {
  const d = new Date(Date.UTC(2024, 10, 20));
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

type Event = { userId: number; date: string; state: string; types: string[]; paymentType: string };

/** The statistics as the old full count gave them, worked out here from the events themselves. */
/** The months the charts draw: the range's (the data's where open), none without events. */
function everyMonth(counted: Map<string, number>, from: string | null, to: string | null) {
  const seen = [...counted.keys()].sort();
  if (seen.length === 0) return [];
  const all: string[] = [];
  const last = (to ?? seen[seen.length - 1]).slice(0, 7);
  for (
    let day = new Date(`${(from ?? seen[0]).slice(0, 7)}-01T00:00:00Z`);
    ;
    day.setUTCMonth(day.getUTCMonth() + 1)
  ) {
    const month = day.toISOString().slice(0, 7);
    if (month > last) return all;
    all.push(month);
  }
}

function expected(events: Event[], from: string | null, to: string | null, userIds: number[]) {
  const inRange = events.filter((e) => (from === null || e.date >= from) && (to === null || e.date <= to));
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const months = new Map<string, number>();
  const signedMonths = new Map<string, number>();
  const types = new Map<string, number>();
  const payments = new Map<string, number>();
  for (const e of inRange) {
    add(months, e.date.slice(0, 7));
    if (e.state === 'PODPISANY') add(signedMonths, e.date.slice(0, 7));
    e.types.forEach((t) => add(types, t));
    add(payments, e.paymentType);
  }
  const shares = (map: Map<string, number>) =>
    [...map]
      .map(([type, count]) => ({ type, count }))
      .sort((a, b) => b.count - a.count || (a.type < b.type ? -1 : 1));
  return {
    users: userIds.map((id) => [
      id,
      inRange.filter((e) => e.userId === id).length,
      inRange.filter((e) => e.userId === id && e.state === 'PODPISANY').length,
    ]),
    charts: {
      months: everyMonth(months, from, to).map((month) => ({
        month,
        issued: months.get(month) ?? 0,
        signed: signedMonths.get(month) ?? 0,
      })),
      serviceTypes: shares(types),
      paymentTypes: shares(payments),
    },
  };
}

describe('statistics over the kept month counts', () => {
  it('equal a full count of the events for ranges of whole months, parts of months and open ends, after every kind of write', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const worker = await createUserAndLogin(ctx, { firstName: 'Piotr' });
    const userIds = [admin.id, worker.id].sort((a, b) => a - b);
    const { customer, device } = await insertMachine(ctx.database.db);
    const next = numbers(7);
    const events: (Event & { id: number })[] = [];
    for (let i = 0; i < 40; i++) {
      const event: Event = {
        userId: userIds[next(2)],
        date: dayOf(next(150)),
        state: STATES[next(4)],
        types: TYPES[next(4)],
        paymentType: PAYMENTS[next(3)],
      };
      const row = await insertService(ctx.database.db, {
        userId: event.userId,
        customerId: customer.id,
        deviceIds: [device.id],
        date: event.date,
        state: event.state,
        types: event.types,
      });
      await ctx.database.db
        .update(services)
        .set({ paymentType: event.paymentType })
        .where(eq(services.id, row.id));
      events.push({ ...event, id: row.id });
    }
    // Every counted column changed on some events, one statement for several rows, and deletes.
    const change = async (id: number, values: Partial<Event>) => {
      const [year, month] = (values.date ?? '0-0').split('-').map(Number);
      await ctx.database.db
        .update(services)
        .set({
          ...(values.date ? { date: values.date, year, month } : {}),
          ...(values.state ? { state: values.state } : {}),
          ...(values.types ? { types: values.types } : {}),
          ...(values.paymentType ? { paymentType: values.paymentType } : {}),
          ...(values.userId ? { userCreatedId: values.userId } : {}),
        })
        .where(eq(services.id, id));
      Object.assign(
        events.find((e) => e.id === id)!,
        values,
      );
    };
    await change(events[0].id, { date: '2025-03-31' });
    await change(events[1].id, { state: 'PODPISANY' });
    await change(events[2].id, { types: ['NAPRAWA', 'MONTAZ'] });
    await change(events[3].id, { paymentType: 'GWARANCYJNA' });
    await change(events[4].id, { userId: events[4].userId === admin.id ? worker.id : admin.id });
    // Saved again with nothing counted changed.
    await ctx.database.db
      .update(services)
      .set({ faultDescription: 'Wymiana łożyska' })
      .where(eq(services.id, events[5].id));
    await ctx.database.db.execute(
      sql`UPDATE services SET state = 'PODPISANY' WHERE id IN (${events[6].id}, ${events[7].id}, ${events[8].id})`,
    );
    events.slice(6, 9).forEach((e) => (e.state = 'PODPISANY'));
    await ctx.database.db.execute(
      sql`DELETE FROM service_devices WHERE service_id IN (${events[9].id}, ${events[10].id})`,
    );
    await ctx.database.db.execute(sql`DELETE FROM services WHERE id IN (${events[9].id}, ${events[10].id})`);
    events.splice(9, 2);

    // The kept counts themselves: what a GROUP BY over the events gives now.
    const kept = rowsOf(
      await ctx.database.db.execute(sql`
        SELECT to_char(month, 'YYYY-MM-DD') AS month, user_created_id, state, payment_type, types, services
        FROM service_month_counts WHERE services <> 0 ORDER BY 1, 2, 3, 4, 5`),
    );
    const fresh = rowsOf(
      await ctx.database.db.execute(sql`
        SELECT to_char(date_trunc('month', date::timestamp), 'YYYY-MM-DD') AS month, user_created_id, state,
          payment_type, types, count(*)::int AS services
        FROM services GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`),
    );
    expect(kept).toEqual(fresh);
    expect(kept.length).toBeGreaterThan(20);

    const ranges: [string | null, string | null][] = [
      [null, null],
      ['2024-12-01', '2025-02-28'],
      ['2024-11-25', '2025-03-03'],
      ['2024-12-15', null],
      [null, '2025-01-09'],
      ['2025-01-10', '2025-01-20'],
      ['2024-12-31', '2025-01-01'],
      ['2025-03-31', '2025-03-31'],
      ['2025-02-01', '2024-12-01'],
    ];
    for (const [from, to] of ranges) {
      const query = `?dateFrom=${from ?? ''}&dateTo=${to ?? ''}`;
      const want = expected(events, from, to, userIds);
      const users = await ctx.app.inject({
        url: `/api/statistics/servicesUsers${query}`,
        headers: as(admin),
      });
      expect(
        users
          .json()
          .map((r: { userId: number; countUserServices: number; countUserSignedServices: number }) => [
            r.userId,
            r.countUserServices,
            r.countUserSignedServices,
          ]),
        query,
      ).toEqual(want.users);
      const charts = await ctx.app.inject({
        url: `/api/statistics/servicesCharts${query}`,
        headers: as(admin),
      });
      expect(charts.json(), query).toEqual(want.charts);
    }
  });
});
