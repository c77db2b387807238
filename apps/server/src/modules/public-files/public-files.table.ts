import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Files readable without a session, by their public name (only `machines-map.png`). The bytes live
 * in the storage under a generated name like every other file; this maps the fixed name to it.
 */
export const publicFiles = pgTable('public_files', {
  name: varchar({ length: 100 }).primaryKey(),
  storageName: varchar({ length: 255 }).notNull(),
  size: integer().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
