import { doublePrecision, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';

/** The company's branches (admin only); a branch may lack a position ("Brak ustalonej pozycji"). */
export const branches = pgTable('branches', {
  id: serial().primaryKey(),
  name: varchar({ length: 255 }).notNull(),
  street: varchar({ length: 255 }).notNull().default(''),
  zipCode: varchar({ length: 20 }).notNull().default(''),
  city: varchar({ length: 100 }).notNull().default(''),
  province: varchar({ length: 40 }).notNull().default(''),
  phone: varchar({ length: 50 }).notNull().default(''),
  email: varchar({ length: 254 }).notNull().default(''),
  www: varchar({ length: 255 }).notNull().default(''),
  description: text().notNull().default(''),
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  ...timestamps,
});
