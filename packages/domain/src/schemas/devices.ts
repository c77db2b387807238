import { z } from 'zod';
import { decimalFromText } from '../rules/numbers.js';
import { MAX } from '../limits.js';
import { MSG, validationMessage } from '../messages.js';
import {
  DEFAULT_MACHINE_STATUS,
  MACHINE_STATUS_NAMES,
  MACHINE_TYPES,
  PROVINCES,
  listedProvince,
  findMachineStatus,
  type MachineStatus,
  type MachineType,
} from '../reference-data.js';
import { isCalendarDate } from '../rules/calendar-date.js';
import { id, line, singleSpaced } from './common.js';
import { partTermTooShort } from '../rules/part-key.js';
import { PART_FILTER_TEXT } from './parts.js';

export const MACHINE_NAME_MIN = 3;
/** 100 years; anything longer is a typing mistake. */
export const WARRANTY_MAX_MONTHS = 1200;

/** Column bounds of the `devices` table, so that forms and server reject the same lengths. */
export const DEVICE_MAX = {
  name: MAX.name,
  serialNumber: MAX.short,
  sourcePower: MAX.short,
  warranty: MAX.name,
  streetAddress: MAX.name,
  zipCode: 20,
  city: MAX.short,
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]*(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * '' | null → null; 'YYYY-MM-DD' or an ISO date-time → 'YYYY-MM-DD'. A date-time keeps its
 * own calendar day (first 10 characters), as the list shows it, whatever its time zone.
 */
export const machineDate = z
  .string({ error: MSG.invalidDate })
  .max(40, MSG.invalidDate)
  .nullish()
  .transform((v, ctx) => {
    const value = (v ?? '').trim();
    if (value === '') return null;
    const match = ISO_DATE.exec(value);
    if (!match || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
      ctx.addIssue({ code: 'custom', message: MSG.invalidDate });
      return z.NEVER;
    }
    return value.slice(0, 10);
  });

/**
 * The years a machine can be handed over in: from 1900 (the oldest machines of a fleet) to ten
 * years ahead (a handover planned). A year typed wrong (9999) was stored, and the machine's
 * inspections, counted from it past the year 9999, could not be shown ("Nieznany błąd.").
 */
export const HANDOVER_DATE_FIRST_YEAR = 1900;
export const handoverDateLastYear = (today: Date = new Date()) => today.getFullYear() + 10;

/** A machine's handover date: a `machineDate` within the handover years. */
export const handoverDate = machineDate.superRefine((value, ctx) => {
  if (value === null) return;
  const year = Number(value.slice(0, 4));
  const last = handoverDateLastYear();
  if (year < HANDOVER_DATE_FIRST_YEAR || year > last)
    ctx.addIssue({ code: 'custom', message: MSG.handoverDateOutOfRange(HANDOVER_DATE_FIRST_YEAR, last) });
});

/** Whole months; a negative value is blanked to 0 (spec §5), empty → 0. */
export const machineWarrantyMonths = z
  .union([z.number(), z.string().max(12), z.null()], { error: MSG.warrantyNotWhole })
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return 0;
    const n = typeof v === 'number' ? v : decimalFromText(v);
    if (!Number.isFinite(n) || !Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: MSG.warrantyNotWhole });
      return z.NEVER;
    }
    if (n > WARRANTY_MAX_MONTHS) {
      ctx.addIssue({ code: 'custom', message: MSG.warrantyTooLong });
      return z.NEVER;
    }
    return Math.max(0, n);
  });

/** Enum name or Polish label → enum name. */
export const machineStatusField = z
  .string({ error: MSG.unknownMachineStatus })
  .max(40, MSG.unknownMachineStatus)
  .transform((v, ctx): MachineStatus => {
    const status = findMachineStatus(v);
    if (!status) {
      ctx.addIssue({ code: 'custom', message: MSG.unknownMachineStatus });
      return z.NEVER;
    }
    return status.name;
  });

export const machineProvince = z
  .string({ error: MSG.unknownProvince })
  .nullish()
  .transform((v, ctx) => {
    const value = listedProvince(v ?? '');
    if (!(PROVINCES as readonly string[]).includes(value)) {
      ctx.addIssue({ code: 'custom', message: MSG.unknownProvince });
      return z.NEVER;
    }
    return value;
  });

/** `{ id }` that must name a record; the "Wybierz..." placeholder sends no id (or null, or ''). */
const requiredRef = (message: string) =>
  z.object(
    {
      id: z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message),
    },
    { error: message },
  );

const deviceFields = {
  name: z
    .string({ error: MSG.machineNameTooShort })
    .transform(singleSpaced)
    .pipe(
      z
        .string()
        .trim()
        .min(MACHINE_NAME_MIN, MSG.machineNameTooShort)
        .max(DEVICE_MAX.name, validationMessage.tooLong(DEVICE_MAX.name)),
    ),
  category: requiredRef(MSG.chooseCategory),
  customer: requiredRef(MSG.chooseCustomer),
  serialNumber: line(DEVICE_MAX.serialNumber),
  sourcePower: line(DEVICE_MAX.sourcePower),
  transferDate: handoverDate,
  warrantyLength: machineWarrantyMonths,
  warranty: line(DEVICE_MAX.warranty),
  streetAddress: line(DEVICE_MAX.streetAddress),
  zipCode: line(DEVICE_MAX.zipCode),
  city: line(DEVICE_MAX.city),
  province: machineProvince,
};

/**
 * Body of `/api/device/insert` and `/api/device-external/insert`. The family comes from the path;
 * `type` is accepted (the internal screen sends INTERNAL) but does not move a machine across families.
 */
export const deviceInsertSchema = z.object({
  ...deviceFields,
  status: machineStatusField.nullish().transform((v) => v ?? DEFAULT_MACHINE_STATUS),
  type: z.enum(MACHINE_TYPES, { error: validationMessage.wrongType }).nullish(),
});
export type DeviceInsert = z.infer<typeof deviceInsertSchema>;
export type DeviceInsertInput = z.input<typeof deviceInsertSchema>;

/** Body of the two update calls; a missing status keeps the machine's current one. */
export const deviceUpdateSchema = z.object({
  ...deviceFields,
  id,
  status: machineStatusField.nullish().transform((v) => v ?? undefined),
  type: z.enum(MACHINE_TYPES, { error: validationMessage.wrongType }).nullish(),
});
export type DeviceUpdate = z.infer<typeof deviceUpdateSchema>;
export type DeviceUpdateInput = z.input<typeof deviceUpdateSchema>;

/** Form values of the machine add/edit screens (same rules; the form keeps `id` when editing). */
export const deviceFormSchema = deviceInsertSchema.extend({ id: id.nullish() });

const filterText = (max: number = MAX.short) =>
  z
    .string({ error: validationMessage.wrongType })
    .max(max, validationMessage.tooLong(max))
    .nullish()
    .transform((v) => (v ?? '').trim());

const filterList = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item, { error: validationMessage.wrongType })
    .max(max, validationMessage.wrongType)
    .nullish()
    .transform((v) => v ?? []);

/** Body of `getByFilter` and `get-csv-by-filter`; every field optional, empty means "any". */
export const deviceFilterSchema = z.object({
  id: z
    .union([z.number(), z.string().max(12), z.null()], { error: validationMessage.wrongType })
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
      const n = typeof v === 'number' ? v : Number(v.trim());
      if (!Number.isInteger(n) || n < 0 || n > 2_147_483_647) {
        ctx.addIssue({ code: 'custom', message: MSG.invalidMachineId });
        return z.NEVER;
      }
      return n;
    }),
  statuses: filterList(machineStatusField, 32),
  customer: filterText(MAX.name),
  categories: filterList(z.string().max(MAX.short, validationMessage.tooLong(MAX.short)), 1000),
  serialNumber: filterText(),
  sourcePower: filterText(),
  dateFrom: machineDate,
  dateTo: machineDate,
  warranty: filterText(MAX.name),
  street: filterText(MAX.name),
  zipCode: filterText(),
  city: filterText(),
  provinces: filterList(machineProvince, PROVINCES.length * 2),
  /** Machines holding a part whose name, serial, producer or description has these letters and digits (partKey). */
  part: filterText(MAX.name).refine((v) => !partTermTooShort(v), {
    message: PART_FILTER_TEXT.tooShortFilter,
  }),
});
export type DeviceFilter = z.infer<typeof deviceFilterSchema>;
export type DeviceFilterInput = z.input<typeof deviceFilterSchema>;

export const deviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  customer: z.object({
    id: z.number().int(),
    shortName: z.string(),
    fullName: z.string(),
    streetAddress: z.string(),
    zipCode: z.string(),
    city: z.string(),
    nip: z.string(),
  }),
  serialNumber: z.string(),
  sourcePower: z.string(),
  /** 'YYYY-MM-DD' or null (not handed over yet). */
  transferDate: z.string().nullable(),
  warrantyLength: z.number().int(),
  warranty: z.string(),
  streetAddress: z.string(),
  zipCode: z.string(),
  city: z.string(),
  province: z.string(),
  status: z.enum(MACHINE_STATUS_NAMES),
  statusWeight: z.number().int().min(1).max(8),
  type: z.enum(MACHINE_TYPES),
  gpsLatitude: z.number().nullable(),
  gpsLongitude: z.number().nullable(),
  isPeriodicInspectionEnabled: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;

/**
 * A machine's warranty as its list and the CSV export show it: the months (none for 0) and the
 * warranty's kind, "24 mies. pełna".
 */
export const warrantyText = (device: { warrantyLength: number; warranty: string }) =>
  [device.warrantyLength > 0 ? `${device.warrantyLength} mies.` : '', device.warranty]
    .filter(Boolean)
    .join(' ');

/** The header line of the machine lists' CSV export ("Pobierz CSV"), which the import takes back. */
export const MACHINE_EXPORT_HEADERS = [
  'Id',
  'Status',
  'Nazwa',
  'Kontrahent',
  'Kategoria',
  'S/N',
  'Moc',
  'Data',
  'Gwarancja',
  'Ulica',
  'Kod pocztowy',
  'Miasto',
  'Województwo',
] as const;
export type MachineExportHeader = (typeof MACHINE_EXPORT_HEADERS)[number];

/**
 * The export's file name: spec §7 names the own machines' one; the third-party list's differs, so
 * that the two files saved side by side are told apart.
 */
export const MACHINE_CSV_FILE_NAMES: Record<MachineType, string> = {
  INTERNAL: 'maszyny.csv',
  EXTERNAL: 'maszyny-zewnetrzne.csv',
};

/**
 * Column ids the machine lists may sort by (`sort=<field>,asc|desc`). `status` sorts like
 * `statusWeight` (by weight, not alphabetically); `customer` is the short name, `category` the
 * category name; `warranty` sorts by months, then the warranty kind.
 */
export const machineSortFields = [
  'id',
  'status',
  'statusWeight',
  'name',
  'customer',
  'category',
  'serialNumber',
  'sourcePower',
  'transferDate',
  'warranty',
  'warrantyLength',
  'streetAddress',
  'zipCode',
  'city',
  'province',
] as const;
export type MachineSortField = (typeof machineSortFields)[number];
/** The machine lists' order when a request names none: the status weight, ascending. */
export const DEFAULT_MACHINE_ORDER = { field: 'statusWeight', direction: 'asc' } as const satisfies {
  field: MachineSortField;
  direction: 'asc' | 'desc';
};
export const DEFAULT_MACHINE_SORT = `${DEFAULT_MACHINE_ORDER.field},${DEFAULT_MACHINE_ORDER.direction}`;
