import { doublePrecision, index, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';

/** Hotels near machines, shared by all machines (domain.md). */
export const hotels = pgTable(
  'hotels',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 255 }).notNull(),
    streetAddress: varchar({ length: 255 }).notNull().default(''),
    zipCode: varchar({ length: 20 }).notNull().default(''),
    city: varchar({ length: 100 }).notNull().default(''),
    province: varchar({ length: 40 }).notNull().default(''),
    phone: varchar({ length: 50 }).notNull().default(''),
    email: varchar({ length: 254 }).notNull().default(''),
    www: varchar({ length: 255 }).notNull().default(''),
    description: text().notNull().default(''),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    ...timestamps,
  },
  // The bounding-box prefilter of getAllByDevice walks this index; the exact distance is checked after.
  (t) => [index('hotels_position_idx').on(t.latitude, t.longitude)],
);
