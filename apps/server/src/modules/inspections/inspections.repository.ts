import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { InspectionListMode, InspectionSortField } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';
import { customers } from '../customers/customers.table.js';
import { devices } from '../devices/devices.table.js';
import { serialCharactersHold } from '../devices/devices.search.js';
import { boundedTotal, type ListTotal } from '../../lib/paging.js';
import {
  copyFieldStarts,
  copyMatches,
  isShortTerm,
  likeContains,
  textMatches,
  trimmedTerm,
} from '../../lib/text-search.js';
import { serviceDevices, services } from '../services/services.table.js';
import { users } from '../users/users.table.js';
import { inspectionSummaries } from './inspection-summaries.table.js';
import { anyId } from '../../lib/json-stream.js';
import { INLINE_IDS_MAX, selectedIds } from '../../lib/id-arrays.js';

/**
 * The events that count as periodic inspections (summaries are computed from them). Written exactly
 * like the predicate of the partial index `services_inspection_idx`, so PostgreSQL can use it.
 */
export const countedInspection = sql`'PRZEGLAD_OKRESOWY' = ANY(${services.types}) AND ${services.state} <> 'ODRZUCONY'`;

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
  // The machine's copies of its category's and customer's names (devices.repository.ts).
  categoryId: devices.categoryId,
  categoryName: devices.categoryName,
  customerId: devices.customerId,
  customerShortName: devices.customerShortName,
};

export async function findInspectionDevice(db: DbOrTx, deviceId: number) {
  const rows = await db.select(deviceColumns).from(devices).where(eq(devices.id, deviceId)).limit(1);
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
    .returning({ id: devices.id, name: devices.name, serialNumber: devices.serialNumber });
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
  /** Only these machines (a batch of the streamed list). */
  ids?: number[];
  /**
   * The search, looked up once for a request's page, walk and count (`searchOnce`); without it each
   * looks it up itself.
   */
  search?: () => ReturnType<typeof inspectionSearch>;
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
}

const warrantyEnd = sql`(${devices.transferDate} + make_interval(months => ${devices.warrantyLength}))::date`;

/** What the list may be ordered by; every one ends with the machine id as the tie-breaker. */
const SORT_COLUMNS: Record<InspectionSortField, SQL> = {
  id: sql`${inspectionSummaries.deviceId}`,
  // The machine's, customer's and category's keys as copied into the summary (its table file).
  status: sql`${inspectionSummaries.statusWeight}`,
  name: sql`${inspectionSummaries.deviceName}`,
  category: sql`${inspectionSummaries.categoryName}`,
  customer: sql`${inspectionSummaries.customerShortName}`,
  city: sql`${inspectionSummaries.city}`,
  transferDate: sql`${inspectionSummaries.transferDate}`,
  lastInspection: sql`${inspectionSummaries.lastInspection}`,
  nextInspection: sql`${inspectionSummaries.nextInspection}`,
  // Days differ from the dates by the same "today" for every row: ordering by the date is equal,
  // and the summaries' indexes serve it.
  daysToNextInspection: sql`${inspectionSummaries.nextInspection}`,
  daysToEndWarranty: sql`${inspectionSummaries.warrantyEnd}`,
};

/**
 * The machines a search finds, read from the summaries' own copies of the machine name, city,
 * customer and category (inspection-summaries.table.ts) so the page is still cut before any join:
 * the number, then a term of 3+ characters anywhere in those texts (their search copy, one trigram
 * index) or in the serial number (the machines' trigram index, looked up first; a term without
 * three letters or digits in a row at the serial number's start), a term of 1–2 characters at
 * their start (lib/text-search.ts): two in the search copy (its trigram index, and the
 * default order's index, which carries the copy), one through the prefix B-trees, exact where the
 * copy's trigrams of a single character's word starts found 114,000 candidates at 1M for "7".
 */
async function searchFilter(
  db: DbOrTx,
  options: Pick<InspectionListOptions, 'q' | 'search'>,
): Promise<SQL | undefined> {
  return (await searchOf(db, options))?.();
}

/** The search of `options`: the request's own, looked up once, or looked up now. */
export const searchOf = (db: DbOrTx, options: Pick<InspectionListOptions, 'q' | 'search'>) =>
  options.search ? options.search() : inspectionSearch(db, options.q);

/**
 * The search of `q` looked up at its first use and shared after it: the serial numbers a long term
 * finds are read once (0.7 ms on PGlite), not by the page and again by the count.
 */
export function searchOnce(db: DbOrTx, q: string | undefined): () => ReturnType<typeof inspectionSearch> {
  let found: ReturnType<typeof inspectionSearch> | undefined;
  return () => (found ??= inspectionSearch(db, q));
}

/**
 * How the search copy's own condition (a long term's LIKE, a two-character term's field starts) is
 * checked: as it is, or behind the signature walk's bits (inspections.signature.ts).
 */
export type TextCheck = (copyCondition: SQL) => SQL;

const asItIs: TextCheck = (copyCondition) => copyCondition;

/**
 * The search's condition as a function of how the copy is checked (`searchFilter`'s, or the
 * signature walk's, which asks the copy's bits first: inspections.signature.ts), the machines of the
 * matching serial numbers looked up once for both; undefined without a term.
 */
export async function inspectionSearch(
  db: DbOrTx,
  q: string | undefined,
): Promise<((textCheck?: TextCheck) => SQL) | undefined> {
  const term = trimmedTerm(q);
  if (!term) return undefined;
  const terms: SQL[] = [];
  if (/^\d{1,9}$/.test(term)) terms.push(sql`${inspectionSummaries.deviceId} = ${Number(term)}`);
  if ([...term].length === 2) {
    const starts = copyFieldStarts(inspectionSummaries.searchText, term);
    return (textCheck = asItIs) => sql`(${sql.join([...terms, textCheck(starts)], sql` OR `)})`;
  }
  if (isShortTerm(term)) {
    for (const column of [
      inspectionSummaries.deviceName,
      inspectionSummaries.city,
      inspectionSummaries.customerShortName,
      inspectionSummaries.categoryName,
    ]) {
      terms.push(textMatches(column, term));
    }
    // A serial number's start too, as on the machine lists ("AB_10", "WY-2": no three letters or
    // digits in a row), from three characters (the prefix B-tree; a sign alone would start them all).
    if ([...term].length >= 3) {
      const bySerial = await serialMachines(db, textMatches(devices.serialNumber, term));
      if (bySerial) terms.push(bySerial);
    }
  } else {
    const pattern = likeContains(term);
    const bySerial = await serialMachines(
      db,
      or(sql`${devices.serialNumber} ILIKE ${pattern}`, serialCharactersHold(term))!,
    );
    if (bySerial) terms.push(bySerial);
    const holds = copyMatches(inspectionSummaries.searchText, pattern);
    return (textCheck = asItIs) => sql`(${sql.join([textCheck(holds), ...terms], sql` OR `)})`;
  }
  return () => sql`(${sql.join(terms, sql` OR `)})`;
}

/**
 * The summaries of the machines whose serial number `condition` holds, looked up first: their ids
 * inline, or the lookup itself when there are more than INLINE_IDS_MAX; undefined for none.
 */
async function serialMachines(db: DbOrTx, condition: SQL): Promise<SQL | undefined> {
  const bySerial = sql`SELECT ${devices.id} AS id FROM ${devices} WHERE ${condition}`;
  const found = await selectedIds(db, sql`${bySerial} LIMIT ${INLINE_IDS_MAX + 1}`);
  if (found.length > INLINE_IDS_MAX) return sql`${inspectionSummaries.deviceId} IN (${bySerial})`;
  if (found.length) return sql`${inspectionSummaries.deviceId} = ANY(${`{${found.join(',')}}`}::int[])`;
  return undefined;
}

/**
 * The list's order: the key in the sort's direction with no date last, ties by ascending id; each
 * served by an index of the summaries (their table file). The id alone in either direction (the
 * primary key, walked forwards or backwards): "device_id DESC NULLS LAST, device_id ASC" names an
 * order no index holds, so every page read and sorted all 1,000,000 summaries (72–150 ms).
 */
function inspectionOrder(sort: InspectionListOptions['sort']): SQL {
  const direction = sql.raw(sort.direction === 'desc' ? 'DESC' : 'ASC');
  if (sort.field === 'id') return sql`ORDER BY ${inspectionSummaries.deviceId} ${direction}`;
  return sql`ORDER BY ${SORT_COLUMNS[sort.field]} ${direction} NULLS LAST, ${inspectionSummaries.deviceId} ASC`;
}

/**
 * Which machines the mode lists. The flags are kept in the summary (inspection-summaries.ts):
 * listed = own (INTERNAL) machine with inspections on; actual = listed, handed over and the last
 * warranty inspection not done. Each matches the predicate of one partial index.
 */
export const modeFilter = (mode: InspectionListMode) =>
  mode === 'onlyActual' ? sql`${inspectionSummaries.actual}` : sql`${inspectionSummaries.listed}`;

/**
 * The machines of the summaries, with the copies of their category's and customer's names: no join
 * of categories and customers for the planner to order (a page at 1,000,000 machines: planned in
 * 0.75 ms instead of 1.37).
 */
const joinMachines = sql`JOIN ${devices} ON ${devices.id} = ${inspectionSummaries.deviceId}`;
const fromSummaries = sql`${inspectionSummaries} ${joinMachines}`;

/**
 * The inspection list read from the per-machine summaries: filtering, ordering and paging happen in
 * the database, and in the default order PostgreSQL walks a partial index on next_inspection and
 * stops after the page. Only own (INTERNAL) machines: the list's rows open the internal machine card.
 */
export async function listInspectionRows(db: DbOrTx, options: InspectionListOptions) {
  const today = sql`${options.today}::date`;
  const search = await searchFilter(db, options);
  const order = inspectionOrder(options.sort);
  const page =
    options.limit !== undefined ? sql`LIMIT ${options.limit} OFFSET ${options.offset ?? 0}` : sql``;
  const batch = options.ids ? sql`AND ${anyId(inspectionSummaries.deviceId, options.ids)}` : sql``;
  const where = sql`${modeFilter(options.mode)} ${search ? sql`AND ${search}` : sql``} ${batch}`;
  // Every summary has its machine (a foreign key, not null), so the join drops no row: a deep page
  // is cut from the summaries first (the search is on their device id too) and only its 15 rows are
  // joined.
  const pageFirst = options.limit !== undefined;
  // The page's ids come first, from the order's index alone where it carries what the search reads
  // (the default order and its search copy), then their 15 summaries: the ids as an array, not a
  // subquery joined, which the planner would weigh as one more join (planned in 0.71 ms instead
  // of 0.87 at 1,000,000 machines).
  const from = pageFirst
    ? sql`${fromSummaries} WHERE ${inspectionSummaries.deviceId} = ANY(ARRAY(
        SELECT ${inspectionSummaries.deviceId} FROM ${inspectionSummaries} WHERE ${where} ${order} ${page}))`
    : sql`${fromSummaries} WHERE ${where}`;
  const result = await db.execute(sql`
    SELECT ${devices.id} AS id, ${devices.name} AS name, ${devices.type} AS type,
           ${devices.status} AS status, ${devices.statusWeight}::int AS status_weight,
           to_char(${devices.transferDate}, 'YYYY-MM-DD') AS transfer_date,
           ${devices.warrantyLength} AS warranty_length, ${devices.warranty} AS warranty,
           ${devices.streetAddress} AS street_address, ${devices.zipCode} AS zip_code,
           ${devices.city} AS city, ${devices.isPeriodicInspectionEnabled} AS is_periodic_inspection_enabled,
           ${devices.categoryId} AS category_id, ${devices.categoryName} AS category_name,
           ${devices.customerId} AS customer_id, ${devices.customerShortName} AS customer_short_name,
           ${inspectionSummaries.lastPeriod} AS last_period,
           to_char(${inspectionSummaries.lastInspection}, 'YYYY-MM-DD') AS last_inspection,
           to_char(${inspectionSummaries.nextInspection}, 'YYYY-MM-DD') AS next_inspection,
           to_char(${warrantyEnd}, 'YYYY-MM-DD') AS warranty_end,
           (${inspectionSummaries.nextInspection} - ${today})::int AS days_to_next,
           (${warrantyEnd} - ${today})::int AS days_to_end,
           (${devices.warrantyLength} > 0 AND ${inspectionSummaries.lastPeriod} >= ${devices.warrantyLength}) AS done
    FROM ${from}
    ${order}
    ${pageFirst ? sql`` : page}`);
  return rowsOf<InspectionListRow>(result);
}

/**
 * How many machines the list has (X-Total-Count): exact up to EXACT_TOTAL_BOUND, estimated beyond.
 * The search is on the summaries' device id, so no join is needed.
 */
export async function countInspectionRows(
  db: DbOrTx,
  options: Pick<InspectionListOptions, 'mode' | 'q' | 'search'>,
  bound?: number,
  atLeast?: number,
): Promise<ListTotal> {
  const search = await searchFilter(db, options);
  return boundedTotal(
    db,
    sql`SELECT ${inspectionSummaries.deviceId} FROM ${inspectionSummaries}
      WHERE ${modeFilter(options.mode)} ${search ? sql`AND ${search}` : sql``}`,
    bound,
    atLeast,
  );
}

/** Every listed machine id in list order (as `listInspectionRows`), for the streamed list's cursor. */
export async function inspectionIdQuery(
  db: DbOrTx,
  options: Pick<InspectionListOptions, 'mode' | 'q' | 'sort'>,
) {
  const search = await searchFilter(db, options);
  // The sort keys and the search are on the summaries themselves: no join needed.
  return sql`SELECT ${inspectionSummaries.deviceId} AS id FROM ${inspectionSummaries}
    WHERE ${modeFilter(options.mode)} ${search ? sql`AND ${search}` : sql``}
    ${inspectionOrder(options.sort)}`;
}
