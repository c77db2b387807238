import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { InspectionListMode, InspectionSortField } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { categories } from '../categories/categories.table.js';
import { customers } from '../customers/customers.table.js';
import { devices } from '../devices/devices.table.js';
import { serviceDevices, services } from '../services/services.table.js';
import { users } from '../users/users.table.js';

/**
 * The events that count as periodic inspections. Written exactly like the predicate of the
 * partial index recommended for `services` (docs/decisions.md), so PostgreSQL can use it.
 */
const countedInspection = sql`'PRZEGLAD_OKRESOWY' = ANY(${services.types}) AND ${services.state} <> 'ODRZUCONY'`;

const deviceColumns = {
  id: devices.id,
  name: devices.name,
  type: devices.type,
  status: devices.status,
  statusWeight: devices.statusWeight,
  transferDate: devices.transferDate,
  warrantyLength: devices.warrantyLength,
  warranty: devices.warranty,
  streetAddress: devices.streetAddress,
  zipCode: devices.zipCode,
  city: devices.city,
  isPeriodicInspectionEnabled: devices.isPeriodicInspectionEnabled,
  categoryId: categories.id,
  categoryName: categories.name,
  customerId: customers.id,
  customerShortName: customers.shortName,
};

export async function findInspectionDevice(db: DbOrTx, deviceId: number) {
  const rows = await db
    .select(deviceColumns)
    .from(devices)
    .innerJoin(categories, eq(categories.id, devices.categoryId))
    .innerJoin(customers, eq(customers.id, devices.customerId))
    .where(eq(devices.id, deviceId))
    .limit(1);
  return rows[0];
}
export type InspectionDeviceRow = NonNullable<Awaited<ReturnType<typeof findInspectionDevice>>>;

/** Every PRZEGLAD_OKRESOWY event of the machine, rejected ones included, full number descending. */
export function findInspectionEvents(db: DbOrTx, deviceId: number) {
  return db
    .select({
      id: services.id,
      date: services.date,
      number: services.number,
      numberExtension: services.numberExtension,
      month: services.month,
      year: services.year,
      period: services.period,
      state: services.state,
      paymentType: services.paymentType,
      types: services.types,
      faultDescription: services.faultDescription,
      customerId: customers.id,
      customerShortName: customers.shortName,
      userId: users.id,
      userFirstName: users.firstName,
      userLastName: users.lastName,
    })
    .from(services)
    .innerJoin(
      serviceDevices,
      and(eq(serviceDevices.serviceId, services.id), eq(serviceDevices.deviceId, deviceId)),
    )
    .innerJoin(customers, eq(customers.id, services.customerId))
    .innerJoin(users, eq(users.id, services.userCreatedId))
    .where(sql`'PRZEGLAD_OKRESOWY' = ANY(${services.types})`)
    .orderBy(
      desc(services.year),
      desc(services.month),
      desc(services.number),
      desc(services.numberExtension),
      desc(services.id),
    );
}
export type InspectionEventRow = Awaited<ReturnType<typeof findInspectionEvents>>[number];

export async function setPeriodicInspectionEnabled(db: DbOrTx, deviceId: number, enabled: boolean) {
  const rows = await db
    .update(devices)
    .set({ isPeriodicInspectionEnabled: enabled })
    .where(eq(devices.id, deviceId))
    .returning({ id: devices.id, name: devices.name });
  return rows[0];
}

export interface InspectionListOptions {
  mode: InspectionListMode;
  /** 'YYYY-MM-DD' in the company time zone. */
  today: string;
  q?: string;
  sort: { field: InspectionSortField; direction: 'asc' | 'desc' };
  limit?: number;
  offset?: number;
}

/** One row of the SQL inspection list; dates as 'YYYY-MM-DD' text. */
export interface InspectionListRow {
  id: number;
  name: string;
  type: string;
  status: string;
  status_weight: number;
  transfer_date: string | null;
  warranty_length: number;
  warranty: string;
  street_address: string;
  zip_code: string;
  city: string;
  is_periodic_inspection_enabled: boolean;
  category_id: number;
  category_name: string;
  customer_id: number;
  customer_short_name: string;
  last_period: number;
  last_inspection: string | null;
  next_inspection: string | null;
  warranty_end: string | null;
  days_to_next: number | null;
  days_to_end: number | null;
  done: boolean;
  total: number;
}

/** Output columns of the inner select the list may be ordered by. */
const SORT_COLUMNS: Record<InspectionSortField, string> = {
  id: 'id',
  status: 'status_weight',
  name: 'name',
  category: 'category_name',
  customer: 'customer_short_name',
  city: 'city',
  transferDate: 'transfer_date',
  lastInspection: 'last_inspection',
  nextInspection: 'next_inspection',
  // Days differ from the dates by the same "today" for every row: ordering by the date is equal.
  daysToNextInspection: 'next_inspection',
  daysToEndWarranty: 'warranty_end',
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchFilter(q: string | undefined): SQL {
  const term = q?.trim();
  if (!term) return sql``;
  const pattern = `%${escapeLike(term)}%`;
  return sql`AND (${devices.id}::text = ${term} OR ${devices.name} ILIKE ${pattern}
    OR ${customers.shortName} ILIKE ${pattern} OR ${categories.name} ILIKE ${pattern}
    OR ${devices.city} ILIKE ${pattern} OR ${devices.streetAddress} ILIKE ${pattern}
    OR ${devices.zipCode} ILIKE ${pattern} OR ${devices.serialNumber} ILIKE ${pattern})`;
}

/**
 * The inspection list computed in one statement: the counted inspections are aggregated per
 * machine, the dates come from PostgreSQL's month arithmetic (which clamps month ends the way
 * rules/calendar-date.ts does), and filtering, ordering and paging happen in the database.
 * Only own (INTERNAL) machines: the list's rows open the internal machine card.
 */
export async function listInspectionRows(db: DbOrTx, options: InspectionListOptions) {
  const today = sql`${options.today}::date`;
  const onlyActual =
    options.mode === 'onlyActual'
      ? sql`AND transfer_date IS NOT NULL AND NOT (warranty_length > 0 AND last_period >= warranty_length)`
      : sql``;
  const column = sql.raw(SORT_COLUMNS[options.sort.field]);
  const direction = sql.raw(options.sort.direction === 'desc' ? 'DESC' : 'ASC');
  const page =
    options.limit !== undefined ? sql`LIMIT ${options.limit} OFFSET ${options.offset ?? 0}` : sql``;
  const result = await db.execute(sql`
    WITH inspection_agg AS (
      SELECT ${serviceDevices.deviceId} AS device_id,
             greatest(max(${services.period}), -1) AS last_period,
             max(${services.date}) AS last_inspection
      FROM ${serviceDevices}
      JOIN ${services} ON ${services.id} = ${serviceDevices.serviceId}
      WHERE ${countedInspection}
      GROUP BY ${serviceDevices.deviceId}
    ),
    machine AS (
      SELECT ${devices.id} AS id, ${devices.name} AS name, ${devices.type} AS type,
             ${devices.status} AS status, ${devices.statusWeight}::int AS status_weight,
             ${devices.transferDate} AS transfer_date, ${devices.warrantyLength} AS warranty_length,
             ${devices.warranty} AS warranty, ${devices.streetAddress} AS street_address,
             ${devices.zipCode} AS zip_code, ${devices.city} AS city,
             ${devices.isPeriodicInspectionEnabled} AS is_periodic_inspection_enabled,
             ${categories.id} AS category_id, ${categories.name} AS category_name,
             ${customers.id} AS customer_id, ${customers.shortName} AS customer_short_name,
             coalesce(inspection_agg.last_period, -1) AS last_period,
             inspection_agg.last_inspection,
             (${devices.transferDate}
               + make_interval(months => greatest(coalesce(inspection_agg.last_period, -1), 0) + 6))::date
               AS next_inspection,
             (${devices.transferDate} + make_interval(months => ${devices.warrantyLength}))::date AS warranty_end
      FROM ${devices}
      JOIN ${categories} ON ${categories.id} = ${devices.categoryId}
      JOIN ${customers} ON ${customers.id} = ${devices.customerId}
      LEFT JOIN inspection_agg ON inspection_agg.device_id = ${devices.id}
      WHERE ${devices.type} = 'INTERNAL' AND ${devices.isPeriodicInspectionEnabled}
      ${searchFilter(options.q)}
    )
    SELECT id, name, type, status, status_weight, to_char(transfer_date, 'YYYY-MM-DD') AS transfer_date,
           warranty_length, warranty, street_address, zip_code, city, is_periodic_inspection_enabled,
           category_id, category_name, customer_id, customer_short_name, last_period,
           to_char(last_inspection, 'YYYY-MM-DD') AS last_inspection,
           to_char(next_inspection, 'YYYY-MM-DD') AS next_inspection,
           to_char(warranty_end, 'YYYY-MM-DD') AS warranty_end,
           (next_inspection - ${today})::int AS days_to_next,
           (warranty_end - ${today})::int AS days_to_end,
           (warranty_length > 0 AND last_period >= warranty_length) AS done,
           (count(*) OVER ())::int AS total
    FROM machine
    WHERE TRUE ${onlyActual}
    ORDER BY ${column} ${direction} NULLS LAST, id ASC
    ${page}`);
  return (result as unknown as { rows: InspectionListRow[] }).rows;
}
