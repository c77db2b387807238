import { index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';
import { devices } from '../devices/devices.table.js';

export const parts = pgTable(
  'parts',
  {
    id: serial().primaryKey(),
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    name: varchar({ length: 255 }).notNull(),
    serialNumber: varchar({ length: 100 }).notNull().default(''),
    producer: varchar({ length: 255 }).notNull().default(''),
    /** Sent and read as `decsription` in the API (spec §3). */
    description: text().notNull().default(''),
    ...timestamps,
  },
  (t) => [index('parts_device_idx').on(t.deviceId)],
);
