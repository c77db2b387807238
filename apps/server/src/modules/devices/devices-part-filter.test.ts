import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PART_FILTER_TEXT, type Device, type DeviceInsertInput } from '@serwis/domain';
import { rowsOf } from '../../lib/result-rows.js';
import { parts, partKeyText } from '../parts/parts.table.js';
import { as, createUserAndLogin, useSeededTestApp, type TestUser } from '../../../test/test-app.js';
import {
  addDevice,
  deviceBody,
  listDevices,
  listIds,
  seedReferences,
  type References,
} from './devices.fixtures.js';

let refs: References;
let user: TestUser;
let m: Record<'valve' | 'spaced' | 'noted' | 'oldBatch' | 'parker' | 'bare' | 'extValve', Device>;

const add = (overrides: Partial<DeviceInsertInput>, family: 'INTERNAL' | 'EXTERNAL' = 'INTERNAL') =>
  addDevice(ctx, user, family, deviceBody(refs, overrides));

async function addPart(
  device: Device,
  part: { name: string; serialNumber?: string; producer?: string; decsription?: string },
) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/part/save',
    headers: as(user),
    payload: { ...part, device: { id: device.id } },
  });
  if (response.statusCode !== 201) throw new Error(`part: ${response.statusCode} ${response.body}`);
}

// A recall of Rexroth 4WE6 valves of the batch R9011…, typed as clerks type it.
const ctx = useSeededTestApp(async () => {
  refs = await seedReferences(ctx);
  user = await createUserAndLogin(ctx);
  m = {
    valve: await add({ name: 'Prasa 1', serialNumber: 'P-1' }),
    spaced: await add({ name: 'Prasa 2', serialNumber: 'P-2' }),
    noted: await add({ name: 'Prasa 3', serialNumber: 'P-3' }),
    oldBatch: await add({ name: 'Prasa 4', serialNumber: 'P-4' }),
    parker: await add({ name: 'Prasa 5', serialNumber: 'P-5' }),
    bare: await add({ name: 'Zawór 4WE6 w nazwie maszyny', serialNumber: 'R901130099' }),
    extValve: await add({ name: 'Obca prasa', serialNumber: 'X-1' }, 'EXTERNAL'),
  };
  await addPart(m.valve, { name: 'Zawór 4WE6', serialNumber: 'R901130002', producer: 'Bosch Rexroth' });
  await addPart(m.valve, { name: 'Pompa', serialNumber: 'PV7-1', producer: 'Rexroth' });
  await addPart(m.spaced, {
    name: 'zawór 4 WE 6',
    serialNumber: 'R 901 130 005',
    producer: 'bosch  rexroth',
  });
  await addPart(m.noted, { name: 'Zawór rozdzielający', decsription: 'typ 4WE6, partia r9011-30003' });
  await addPart(m.oldBatch, { name: 'Zawór 4WE6', serialNumber: 'R900561274', producer: 'Rexroth' });
  await addPart(m.oldBatch, { name: 'Zawór 2/2', producer: 'BÜRKERT' });
  await addPart(m.parker, {
    name: 'Zawór D1VW',
    serialNumber: 'PK-4WE',
    producer: 'Parker',
    decsription: '6 sztuk',
  });
  await addPart(m.extValve, {
    name: 'ZAWÓR 4WE6',
    serialNumber: 'R9011-30010',
    producer: 'BOSCH REXROTH AG',
  });
});

const ids = (...keys: (keyof typeof m)[]) => keys.map((k) => m[k].id).sort((a, b) => a - b);
const found = async (part: string, family: 'INTERNAL' | 'EXTERNAL' = 'INTERNAL', filter = {}) =>
  (await listIds(ctx, user, family, { ...filter, part })).sort((a, b) => a - b);

describe('the machine lists’ "Część" filter', () => {
  it('finds a part by any of its texts, whatever the spaces, separators, case and Polish marks', async () => {
    expect(await found('4WE6')).toEqual(ids('valve', 'spaced', 'noted', 'oldBatch'));
    expect(await found('4we 6')).toEqual(ids('valve', 'spaced', 'noted', 'oldBatch'));
    expect(await found('R9011')).toEqual(ids('valve', 'spaced', 'noted'));
    expect(await found('r 9011-30')).toEqual(ids('valve', 'spaced', 'noted'));
    expect(await found('zawor 4we6')).toEqual(ids('valve', 'spaced', 'oldBatch'));
    expect(await found('Bosch Rexroth')).toEqual(ids('valve', 'spaced'));
    expect(await found('ŁOŻYSKO')).toEqual([]);
    // A maker's name typed without its marks.
    expect(await found('burkert')).toEqual(ids('oldBatch'));
  });

  it('never matches across two texts of a part, nor the machine’s own fields', async () => {
    // Parker's serial ends "4WE" and its description starts "6": not a 4WE6.
    expect(await found('4WE6')).not.toContain(m.parker.id);
    // The bare machine has "4WE6" and "R9011" in its own name and serial, and no part.
    expect(await found('R9011')).not.toContain(m.bare.id);
  });

  it('works in the external list, with the other filters, on a page, and in the CSV', async () => {
    expect(await found('R9011', 'EXTERNAL')).toEqual([m.extValve.id]);
    expect(await found('R9011', 'INTERNAL', { serialNumber: 'P-2' })).toEqual(ids('spaced'));
    const page = await listDevices(ctx, user, 'INTERNAL', { part: '4WE6' }, 'page=1&size=2&sort=name,asc');
    expect(page.headers['x-total-count']).toBe('4');
    expect((page.json() as Device[]).map((d) => d.name)).toEqual(['Prasa 1', 'Prasa 2']);
    const csv = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/get-csv-by-filter',
      headers: as(user),
      payload: { part: 'r9011' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(';')[2])
        .sort(),
    ).toEqual(['Prasa 1', 'Prasa 2', 'Prasa 3']);
  });

  it('reads the parts through their key index, whose expression the query repeats exactly', async () => {
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return rowsOf<Record<string, string>>(
        await tx.execute(
          sql`EXPLAIN SELECT ${parts.deviceId} FROM ${parts} WHERE ${partKeyText(parts)} LIKE '%r9011%'`,
        ),
      )
        .map((row) => Object.values(row)[0])
        .join('\n');
    });
    expect(plan).toContain('parts_key_trgm');
  });

  it('refuses a term of fewer than three letters or digits with the filter named, as a 400', async () => {
    for (const part of ['4W', ' - . ', 'ó-1']) {
      const response = await listDevices(ctx, user, 'INTERNAL', { part });
      expect(response.statusCode, part).toBe(400);
      expect(response.json().message, part).toContain(PART_FILTER_TEXT.tooShortFilter);
    }
  });
});
