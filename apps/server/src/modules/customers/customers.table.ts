import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';

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
    index('customers_full_name_trgm').using('gin', sql`${t.fullName} gin_trgm_ops`),
    index('customers_short_name_trgm').using('gin', sql`${t.shortName} gin_trgm_ops`),
    // Search terms of 1–2 characters match the short name by prefix (lib/text-search.ts).
    index('customers_short_name_prefix_idx').using('btree', sql`lower(${t.shortName}) text_pattern_ops`),
  ],
);
