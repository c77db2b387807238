import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import {
  DEFAULT_MACHINE_ORDER,
  DEFAULT_MACHINE_SORT,
  deviceFilterSchema,
  deviceInsertSchema,
  deviceUpdateSchema,
} from './devices.js';

const body = { name: 'Tokarka', category: { id: 1 }, customer: { id: 2 } };
const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message);

describe('deviceInsertSchema', () => {
  it('fills the optional fields and defaults the status to PRODUCTION', () => {
    expect(deviceInsertSchema.parse(body)).toEqual({
      ...body,
      serialNumber: '',
      sourcePower: '',
      transferDate: null,
      warrantyLength: 0,
      warranty: '',
      streetAddress: '',
      zipCode: '',
      city: '',
      province: '',
      status: 'PRODUCTION',
    });
  });

  it.each([
    ['2024-03-15', '2024-03-15'],
    ['2024-03-15T00:00:00', '2024-03-15'],
    ['2024-03-15T23:30:00.000Z', '2024-03-15'],
    ['', null],
    [null, null],
  ])('reads the handover date %j as %j', (transferDate, expected) => {
    expect(deviceInsertSchema.parse({ ...body, transferDate }).transferDate).toBe(expected);
  });

  it('takes handover years from 1900 to ten years ahead, and refuses 9999 in Polish', () => {
    const last = new Date().getFullYear() + 10;
    expect(deviceInsertSchema.parse({ ...body, transferDate: '1900-01-01' }).transferDate).toBe('1900-01-01');
    expect(deviceInsertSchema.parse({ ...body, transferDate: `${last}-12-31` }).transferDate).toBe(
      `${last}-12-31`,
    );
    for (const transferDate of ['9999-07-01', `${last + 1}-01-01`, '1899-12-31']) {
      expect(messages(deviceInsertSchema.safeParse({ ...body, transferDate }))).toEqual([
        `Data przekazania musi być z lat 1900–${last}.`,
      ]);
    }
    // A filter's range is not a handover: any calendar day narrows the list.
    expect(deviceFilterSchema.parse({ dateFrom: '1800-01-01' }).dateFrom).toBe('1800-01-01');
  });

  it.each([
    [24, 24],
    ['12', 12],
    [-6, 0],
    ['', 0],
    [null, 0],
  ])('reads warranty months %j as %j', (warrantyLength, expected) => {
    expect(deviceInsertSchema.parse({ ...body, warrantyLength }).warrantyLength).toBe(expected);
  });

  it('takes the status by enum name or Polish label', () => {
    expect(deviceInsertSchema.parse({ ...body, status: 'Pilna awaria' }).status).toBe('DANGER');
    expect(deviceInsertSchema.parse({ ...body, status: 'in_repair' }).status).toBe('IN_REPAIR');
  });

  it('names every problem in Polish', () => {
    const result = deviceInsertSchema.safeParse({
      name: 'ab',
      category: { id: null },
      customer: {},
      transferDate: '2023-02-29',
      warrantyLength: 2.5,
      status: 'Zepsuta',
      province: 'Bawaria',
    });
    expect(messages(result)).toEqual([
      MSG.machineNameTooShort,
      MSG.chooseCategory,
      MSG.chooseCustomer,
      MSG.invalidDate,
      MSG.warrantyNotWhole,
      MSG.unknownProvince,
      MSG.unknownMachineStatus,
    ]);
  });
});

describe('deviceUpdateSchema', () => {
  it('needs an id and leaves a missing status undefined (kept by the server)', () => {
    expect(deviceUpdateSchema.safeParse(body).success).toBe(false);
    const parsed = deviceUpdateSchema.parse({ ...body, id: '7' });
    expect(parsed.id).toBe(7);
    expect(parsed.status).toBeUndefined();
  });
});

describe('deviceFilterSchema', () => {
  it('reads the filter as the list screens send it', () => {
    expect(
      deviceFilterSchema.parse({
        id: '',
        statuses: ['Usterka', 'OK'],
        customer: ' kowal ',
        categories: ['Tokarki'],
        dateFrom: '2024-01-01T00:00:00',
        dateTo: '',
        provinces: ['śląskie'],
      }),
    ).toEqual({
      id: null,
      statuses: ['FAULT', 'OK'],
      customer: 'kowal',
      categories: ['Tokarki'],
      serialNumber: '',
      sourcePower: '',
      dateFrom: '2024-01-01',
      dateTo: null,
      warranty: '',
      street: '',
      zipCode: '',
      city: '',
      provinces: ['śląskie'],
      // Sent by screens since the "Część" filter; an older client's body has none.
      part: '',
    });
  });

  it('takes the id as a number or digits, and refuses other text', () => {
    expect(deviceFilterSchema.parse({ id: 12 }).id).toBe(12);
    expect(deviceFilterSchema.parse({ id: ' 12 ' }).id).toBe(12);
    expect(messages(deviceFilterSchema.safeParse({ id: '12a' }))).toEqual([MSG.invalidMachineId]);
  });
});

describe('DEFAULT_MACHINE_SORT', () => {
  it('is the default order as a sort parameter: the status weight, ascending', () => {
    expect(DEFAULT_MACHINE_ORDER).toEqual({ field: 'statusWeight', direction: 'asc' });
    expect(DEFAULT_MACHINE_SORT).toBe('statusWeight,asc');
  });
});
