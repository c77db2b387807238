import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  isActualInspection,
  isCountedInspection,
  summarizeInspections,
  type InspectionEvent,
} from '@serwis/domain';
import { createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { insertCategory, insertCustomer } from '../../../test/service-fixtures.js';
import { rowsOf } from '../../lib/result-rows.js';
import { devices } from '../devices/devices.table.js';
import { serviceDevices, services } from '../services/services.table.js';
import { refreshAllInspectionSummaries } from './inspection-summaries.js';
import { listInspectionRows } from './inspections.repository.js';
import { getInspectionSummary } from './inspections.service.js';

const ctx = useTestApp();

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Month ends, a leap day and ordinary days: the dates where month arithmetic goes wrong.
const TRANSFER_DATES = [
  '2023-08-31',
  '2024-02-29',
  '2023-12-31',
  '2024-01-30',
  '2025-03-31',
  '2025-05-31',
  '2024-10-31',
  '2025-01-15',
  '2022-06-01',
  '2025-11-30',
  null,
];
const STATES = ['PODPISANY', 'UTWORZONY', 'DODAJ_SKAN', 'ODRZUCONY'];
const TYPES = [['PRZEGLAD_OKRESOWY'], ['NAPRAWA', 'PRZEGLAD_OKRESOWY'], ['NAPRAWA'], ['INSTALACJA']];
const TODAYS = ['2026-03-15', '2024-02-29', '2025-12-31', '2026-08-31'];

interface Expected {
  transferDate: string | null;
  warrantyLength: number;
  enabled: boolean;
  events: (InspectionEvent & { type: string[]; state: string })[];
}

describe('inspection list SQL equals the shared rule', () => {
  it('for a varied sample of machines and several "today"s', async () => {
    const user = await createUserAndLogin(ctx);
    const db = ctx.database.db;
    const customer = await insertCustomer(db);
    const category = await insertCategory(db);
    const next = random(20260315);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
    const expected = new Map<number, Expected>();

    // Built in memory, written in three statements: the sample stays cheap to insert.
    const machines: (Omit<Expected, 'events'> & { events: Expected['events'] })[] = [];
    for (let i = 0; i < 80; i++) {
      const transferDate = i < TRANSFER_DATES.length ? TRANSFER_DATES[i] : pick(TRANSFER_DATES);
      const events: Expected['events'] = [];
      const count = Math.floor(next() * 5);
      for (let k = 0; k < count; k++) {
        const period = pick([-1, 0, 6, 12, 18, 24, 30, 36]);
        const date = addMonths(transferDate ?? '2024-05-31', Math.max(period, 1) + Math.floor(next() * 3));
        events.push({ date, period, type: pick(TYPES), state: pick(STATES) });
      }
      machines.push({
        transferDate,
        warrantyLength: pick([0, 6, 12, 18, 24, 36]),
        enabled: next() > 0.15,
        events,
      });
    }
    const deviceRows = await db
      .insert(devices)
      .values(
        machines.map((m, i) => ({
          name: `Próbka ${i}`,
          type: 'INTERNAL',
          customerId: customer.id,
          categoryId: category.id,
          transferDate: m.transferDate,
          warrantyLength: m.warrantyLength,
          isPeriodicInspectionEnabled: m.enabled,
        })),
      )
      .returning({ id: devices.id });
    const flat = machines.flatMap((m, i) => m.events.map((e) => ({ deviceId: deviceRows[i].id, ...e })));
    const serviceRows = await db
      .insert(services)
      .values(
        flat.map((e) => ({
          date: e.date,
          year: Number(e.date.slice(0, 4)),
          month: Number(e.date.slice(5, 7)),
          types: e.type,
          state: e.state,
          period: e.period,
          customerId: customer.id,
          userCreatedId: user.id,
        })),
      )
      .returning({ id: services.id });
    await db
      .insert(serviceDevices)
      .values(flat.map((e, i) => ({ serviceId: serviceRows[i].id, deviceId: e.deviceId })));
    // Written straight into the tables: build their summaries as a backfill would.
    await refreshAllInspectionSummaries(db);
    machines.forEach((m, i) => expected.set(deviceRows[i].id, m));
    // The sample must exercise both sides of every rule.
    expect(flat.filter(isCountedInspection).length).toBeGreaterThan(40);
    expect(flat.some((e) => e.type.includes('PRZEGLAD_OKRESOWY') && e.state === 'ODRZUCONY')).toBe(true);

    for (const today of TODAYS) {
      const rows = await listInspectionRows(db, {
        mode: 'all',
        today,
        sort: { field: 'daysToNextInspection', direction: 'asc' },
      });
      const enabledIds = [...expected].filter(([, e]) => e.enabled).map(([id]) => id);
      expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(enabledIds);

      for (const row of rows) {
        const machine = expected.get(row.id)!;
        const rule = summarizeInspections({
          transferDate: machine.transferDate,
          warrantyLength: machine.warrantyLength,
          inspections: machine.events.filter(isCountedInspection),
          today,
        });
        const context = `machine ${row.id} on ${today}: ${JSON.stringify(machine)}`;
        expect(
          {
            lastPeriod: row.last_period,
            lastInspection: row.last_inspection,
            nextInspection: row.next_inspection,
            daysToNextInspection: row.days_to_next,
            warrantyEnd: row.warranty_end,
            daysToEndWarranty: row.days_to_end,
            lastWarrantyInspectionDone: row.done,
          },
          context,
        ).toEqual(rule);
      }

      const actual = await listInspectionRows(db, {
        mode: 'onlyActual',
        today,
        sort: { field: 'id', direction: 'asc' },
      });
      const expectedActual = [...expected]
        .filter(([, e]) => {
          const summary = summarizeInspections({
            transferDate: e.transferDate,
            warrantyLength: e.warrantyLength,
            inspections: e.events.filter(isCountedInspection),
            today,
          });
          return isActualInspection(
            { isPeriodicInspectionEnabled: e.enabled, transferDate: e.transferDate },
            summary,
          );
        })
        .map(([id]) => id);
      expect(actual.map((r) => r.id)).toEqual(expectedActual);
    }

    // The card's summary (computed in TypeScript) agrees with the list row (computed in SQL).
    const [first] = await listInspectionRows(db, {
      mode: 'all',
      today: TODAYS[0],
      sort: { field: 'daysToNextInspection', direction: 'asc' },
    });
    const card = await getInspectionSummary(db, first.id, TODAYS[0]);
    expect(card.nextInspection).toBe(first.next_inspection);
    expect(card.daysToNextInspection).toBe(first.days_to_next);
    expect(card.lastPeriod).toBe(first.last_period);
  });

  it('clamps month ends in PostgreSQL exactly like addMonths', async () => {
    const result = await ctx.database.db.execute(
      // Cast to text so both drivers hand back the same plain strings.
      sql`SELECT
        to_char(('2025-08-31'::date + make_interval(months => 6))::date, 'YYYY-MM-DD') AS a,
        to_char(('2023-08-31'::date + make_interval(months => 6))::date, 'YYYY-MM-DD') AS b,
        to_char(('2024-02-29'::date + make_interval(months => 12))::date, 'YYYY-MM-DD') AS c,
        to_char(('2025-03-31'::date + make_interval(months => 6))::date, 'YYYY-MM-DD') AS d,
        to_char(('2099-08-31'::date + make_interval(months => 6))::date, 'YYYY-MM-DD') AS e`,
    );
    const row = rowsOf<Record<string, string>>(result)[0];
    expect(row).toEqual({
      a: addMonths('2025-08-31', 6),
      b: addMonths('2023-08-31', 6),
      c: addMonths('2024-02-29', 12),
      d: addMonths('2025-03-31', 6),
      e: addMonths('2099-08-31', 6),
    });
    expect(row).toEqual({
      a: '2026-02-28',
      b: '2024-02-29',
      c: '2025-02-28',
      d: '2025-09-30',
      e: '2100-02-28',
    });
  });
});
