import { integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';

/** The installation-protocol operations (spec §2 "Installation-protocol operations"), one ordered list. */
export const installationOperations = pgTable('installation_operations', {
  id: serial().primaryKey(),
  text: varchar({ length: 1000 }).notNull(),
  /** 1, 2, 3 … without gaps; kept so by every write. */
  orderNumber: integer().notNull(),
  ...timestamps,
});
