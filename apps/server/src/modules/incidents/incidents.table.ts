import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps, trigramIndex } from '../../db/columns.js';
import { prefixIndexExpression } from '../../lib/text-search.js';
import { devices } from '../devices/devices.table.js';
import { services } from '../services/services.table.js';
import { users } from '../users/users.table.js';

export const incidents = pgTable(
  'incidents',
  {
    id: serial().primaryKey(),
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'restrict' }),
    date: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    text: text().notNull().default(''),
    serviceId: integer().references(() => services.id, { onDelete: 'set null' }),
    userCreatedId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    index('incidents_device_date_idx').on(t.deviceId, t.date),
    // Dashboard (issue 12): incidents of the last days.
    index('incidents_date_idx').on(t.date),
    // Text search without a machine (lib/text-search.ts): trigram from three characters, else
    // the start of the text.
    trigramIndex('incidents_text_trgm', t.text),
    index('incidents_text_prefix_idx').on(prefixIndexExpression(t.text)),
  ],
);
