import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, serial, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { timestamps, trigramIndex } from '../../db/columns.js';

interface SearchColumns {
  shortName: AnyPgColumn;
  fullName: AnyPgColumn;
  streetAddress: AnyPgColumn;
  zipCode: AnyPgColumn;
  city: AnyPgColumn;
  province: AnyPgColumn;
  nip: AnyPgColumn;
  regon: AnyPgColumn;
  phoneNumber: AnyPgColumn;
  email: AnyPgColumn;
}

/**
 * The customer's searched columns (the list's `q`) as one text, indexed (trigram GIN) and queried
 * in the same form, so one index serves the search; the unit separator (chr 31, never in a search
 * term) keeps a term from matching across two columns. Like devices.table.ts, deviceSearchText.
 */
export const customerSearchText = (t: SearchColumns) =>
  sql`(${t.shortName} || chr(31) || ${t.fullName} || chr(31) || ${t.streetAddress} || chr(31) || ${t.zipCode} || chr(31) || ${t.city} || chr(31) || ${t.province} || chr(31) || ${t.nip} || chr(31) || ${t.regon} || chr(31) || ${t.phoneNumber} || chr(31) || ${t.email})`;

/**
 * The customer's NIP, REGON and phone number as digits only (chr 31 between them, so a term never
 * matches across two), indexed (trigram GIN) and queried in the same form: "6340123456" finds
 * "634-012-34-56", and "+48 703 826 047" finds "703826047" (customers.repository.ts, searchFilter).
 */
export const customerNumbersText = (t: Pick<SearchColumns, 'nip' | 'regon' | 'phoneNumber'>) =>
  sql`(regexp_replace(${t.nip}, '[^0-9]', '', 'g') || chr(31) || regexp_replace(${t.regon}, '[^0-9]', '', 'g') || chr(31) || regexp_replace(${t.phoneNumber}, '[^0-9]', '', 'g'))`;

export const customers = pgTable(
  'customers',
  {
    id: serial().primaryKey(),
    shortName: varchar({ length: 100 }).notNull(),
    fullName: varchar({ length: 255 }).notNull().default(''),
    streetAddress: varchar({ length: 255 }).notNull().default(''),
    zipCode: varchar({ length: 20 }).notNull().default(''),
    city: varchar({ length: 100 }).notNull().default(''),
    province: varchar({ length: 40 }).notNull().default(''),
    nip: varchar({ length: 20 }).notNull().default(''),
    regon: varchar({ length: 20 }).notNull().default(''),
    phoneNumber: varchar({ length: 50 }).notNull().default(''),
    email: varchar({ length: 254 }).notNull().default(''),
    /** Send the customer a notice before their machines' inspections (issue 12); off by default. */
    inspectionNotices: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('customers_short_name_lower_uq').on(sql`lower(${t.shortName})`),
    trigramIndex('customers_full_name_trgm', t.fullName),
    trigramIndex('customers_short_name_trgm', t.shortName),
    // The list's search of 3+ characters (customers.repository.ts, searchFilter).
    trigramIndex('customers_search_trgm', customerSearchText(t)),
    // A number typed with other separators than the register's (searchFilter).
    trigramIndex('customers_numbers_trgm', customerNumbersText(t)),
    // Search terms of 1–2 characters match the short name by prefix (lib/text-search.ts); the
    // service and to-do lists' short terms also the full name (nameMatches).
    index('customers_short_name_prefix_idx').using('btree', sql`lower(${t.shortName}) text_pattern_ops`),
    index('customers_full_name_prefix_idx').using('btree', sql`lower(${t.fullName}) text_pattern_ops`),
  ],
);
