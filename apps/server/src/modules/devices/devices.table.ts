import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  type AnyPgColumn,
  serial,
  smallint,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps, trigramIndex } from '../../db/columns.js';
import { categories } from '../categories/categories.table.js';
import { customers } from '../customers/customers.table.js';

interface SearchColumns {
  id: AnyPgColumn;
  name: AnyPgColumn;
  serialNumber: AnyPgColumn;
  streetAddress: AnyPgColumn;
  zipCode: AnyPgColumn;
  city: AnyPgColumn;
  province: AnyPgColumn;
  warranty: AnyPgColumn;
  warrantyLength: AnyPgColumn;
}

/**
 * The machine's own columns that the free-text search covers, as one text. The same expression
 * is indexed (trigram GIN) and queried, so one index serves the whole search; the unit separator
 * (chr 31, never in a search term) keeps a term from matching across two columns.
 */
export const deviceSearchText = (t: SearchColumns) =>
  sql`(${t.id}::text || chr(31) || ${t.name} || chr(31) || ${t.serialNumber} || chr(31) || ${t.streetAddress} || chr(31) || ${t.zipCode} || chr(31) || ${t.city} || chr(31) || ${t.province} || chr(31) || ${t.warranty} || chr(31) || ${t.warrantyLength}::text)`;

/**
 * The serial number's ASCII letters and digits alone, indexed (trigram GIN) and queried in the same
 * form: a number typed with other separators than the register holds ("TO 2023 000921" for
 * "TO-2023-000921") is compared by them (devices.search.ts, ownTextHolds).
 */
export const deviceSerialCharacters = (t: Pick<SearchColumns, 'serialNumber'>) =>
  sql`regexp_replace(${t.serialNumber}, '[^0-9A-Za-z]', '', 'g')`;

/** Own (INTERNAL) and serviced third-party (EXTERNAL) machines in one table. */
export const devices = pgTable(
  'devices',
  {
    id: serial().primaryKey(),
    type: varchar({ length: 10 }).notNull().default('EXTERNAL'),
    name: varchar({ length: 255 }).notNull(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    serialNumber: varchar({ length: 100 }).notNull().default(''),
    sourcePower: varchar({ length: 100 }).notNull().default(''),
    /** Handover date; null while not handed over. */
    transferDate: date({ mode: 'string' }),
    warrantyLength: integer().notNull().default(0),
    warranty: varchar({ length: 255 }).notNull().default(''),
    streetAddress: varchar({ length: 255 }).notNull().default(''),
    zipCode: varchar({ length: 20 }).notNull().default(''),
    city: varchar({ length: 100 }).notNull().default(''),
    province: varchar({ length: 40 }).notNull().default(''),
    status: varchar({ length: 20 }).notNull().default('PRODUCTION'),
    /** Kept equal to the status's weight so lists sort by it in SQL. */
    statusWeight: smallint().notNull().default(1),
    gpsLatitude: doublePrecision(),
    gpsLongitude: doublePrecision(),
    isPeriodicInspectionEnabled: boolean().notNull().default(true),
    /**
     * Copies of the customer's short name and the category's name, so that sorting by them walks an
     * index of `devices` instead of joining a million rows. Database triggers keep them right on every
     * write in the writing transaction (docs/decisions.md, "Lists at 1,000,000 machines"): the code
     * never sets them.
     */
    customerShortName: varchar({ length: 100 }).notNull().default(''),
    categoryName: varchar({ length: 100 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [
    // The main orders' indexes (status, id, name, customer, category, serial number, handover date)
    // also carry status_weight, customer_id, category_id, transfer_date and province, the default
    // order's also the zip code, power, serial number, name and warranty length: INCLUDE, written
    // by hand in migration machine_sort_filters (Drizzle cannot declare it), so a deep page
    // filtered by those values walks the index alone.
    // The default order's also `search_sig1`…`search_sig4` (migration device_search_signature): the
    // search text's trigram signature, which the database alone keeps (a trigger) and this schema
    // does not declare (a bigint would come back as a BigInt; devices.signature.ts). And the short
    // copies `street_short`, `city_short`, `warranty_short` (migration device_short_texts): the
    // column when it has at most 40, 30, 40 characters, else NULL, kept by the same trigger, so the
    // signature walk decides a machine on the entry (a long text stays unknown and is read).
    index('devices_type_weight_idx').on(t.type, t.statusWeight, t.id),
    // The same order without the INCLUDE columns (30 MB against 193 MB at 1,000,000 machines): a page
    // that needs the ids alone (the plain list, a status filter) passes a sixth of the index pages to
    // its offset (the 1,000th page: 1.3 ms against 3.2). Partial on `id > 0`, which every machine
    // meets, so that only a query stating it may use it: the plain pages do (indexedPageWhere in
    // devices.order.ts); a walk, which reads the INCLUDE columns on the entry, never has the planner
    // weigh this index plus the table against the wide one (in a small table it preferred that).
    index('devices_type_weight_narrow_idx')
      .on(t.type, t.statusWeight, t.id)
      .where(sql`${t.id} > 0`),
    // The sort by id (ties of every other sort are broken by it too, but they have their own).
    index('devices_type_id_idx').on(t.type, t.id),
    // One (type, key, id) index per sort of the two family lists: a page is an index walk.
    index('devices_type_name_idx').on(t.type, t.name, t.id),
    index('devices_type_customer_name_idx').on(t.type, t.customerShortName, t.id),
    index('devices_type_category_name_idx').on(t.type, t.categoryName, t.id),
    index('devices_type_serial_idx').on(t.type, t.serialNumber, t.id),
    index('devices_type_source_power_idx').on(t.type, t.sourcePower, t.id),
    index('devices_type_warranty_idx').on(t.type, t.warrantyLength, t.warranty, t.id),
    index('devices_type_warranty_length_idx').on(t.type, t.warrantyLength, t.id),
    index('devices_type_street_idx').on(t.type, t.streetAddress, t.id),
    index('devices_type_zip_idx').on(t.type, t.zipCode, t.id),
    index('devices_type_city_idx').on(t.type, t.city, t.id),
    index('devices_type_province_idx').on(t.type, t.province, t.id),
    // A text filter answered by its values (device_values), or a province filter, in the default
    // order (status weight): each value's machines in list order (devices.value-walk.ts).
    index('devices_type_city_weight_idx').on(t.type, t.city, t.statusWeight, t.id),
    index('devices_type_power_weight_idx').on(t.type, t.sourcePower, t.statusWeight, t.id),
    index('devices_type_warranty_weight_idx').on(t.type, t.warranty, t.statusWeight, t.id),
    index('devices_type_province_weight_idx').on(t.type, t.province, t.statusWeight, t.id),
    index('devices_type_street_weight_idx').on(t.type, t.streetAddress, t.statusWeight, t.id),
    index('devices_type_zip_weight_idx').on(t.type, t.zipCode, t.statusWeight, t.id),
    // A machine without a handover date is last in both directions, hence two indexes.
    index('devices_transfer_date_idx').on(t.type, t.transferDate.asc().nullsLast(), t.id),
    index('devices_transfer_date_desc_idx').on(t.type, t.transferDate.desc().nullsLast(), sql`${t.id} DESC`),
    // A category's or customer's machines (both families) in the default order; also the FK lookups.
    // Both also INCLUDE (type), written by hand in migration device_value_order_indexes.
    index('devices_customer_idx').on(t.customerId, t.statusWeight, t.id),
    index('devices_category_idx').on(t.categoryId, t.statusWeight, t.id),
    // The same lists sorted by name, the machine column the owner's card is read by: a page walks
    // these instead of sorting all of an owner's machines (devices.routes.ts, indexedPage). Both
    // also INCLUDE (type, city, province), written by hand in migration owner_name_places: an
    // owner's machines in a city or provinces are counted on the entries (countsOnOneIndex).
    index('devices_customer_name_idx').on(t.customerId, t.name, t.id),
    index('devices_category_name_idx').on(t.categoryId, t.name, t.id),
    // Search terms of 1–2 characters match by prefix (lib/text-search.ts, searchTerm).
    index('devices_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
    index('devices_serial_prefix_idx').using('btree', sql`lower(${t.serialNumber}) text_pattern_ops`),
    // No trigram index on name alone: only `q` searches it, through devices_search_trgm.
    trigramIndex('devices_serial_trgm', t.serialNumber),
    trigramIndex('devices_city_trgm', t.city),
    // A zip code's trigrams ("31-", "1-1") are everywhere in the search text (ids, serial numbers):
    // its own index finds the 1,600 machines of "31-1" among a million instead of most of them.
    trigramIndex('devices_zip_trgm', t.zipCode),
    trigramIndex('devices_search_trgm', deviceSearchText(t)),
    // A serial number typed with other separators (ownTextHolds).
    trigramIndex('devices_serial_characters_trgm', deviceSerialCharacters(t)),
  ],
);
