import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';
import { devices } from '../devices/devices.table.js';
import { users } from '../users/users.table.js';

export const deviceNotes = pgTable(
  'device_notes',
  {
    id: serial().primaryKey(),
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    userCreatedId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    userUpdatedId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [index('device_notes_device_idx').on(t.deviceId)],
);
