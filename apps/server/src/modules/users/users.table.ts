import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    /** Position (Stanowisko); the old system called it userName. */
    userName: varchar({ length: 100 }).notNull(),
    firstName: varchar({ length: 100 }).notNull().default(''),
    lastName: varchar({ length: 100 }).notNull().default(''),
    email: varchar({ length: 254 }).notNull(),
    passwordHash: text().notNull(),
    country: varchar({ length: 100 }).notNull().default(''),
    active: boolean().notNull().default(true),
    vacationDays: integer().notNull().default(0),
    /** Role names, e.g. {ADMIN}; ids are fixed (ADMIN 1, USER 2). */
    roles: text()
      .array()
      .notNull()
      .default(sql`'{USER}'::text[]`),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`)],
);
