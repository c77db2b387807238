import { sql } from 'drizzle-orm';
import { FOLDED_LETTERS } from '@serwis/domain';
import { index, integer, pgTable, serial, text, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { timestamps, trigramIndex } from '../../db/columns.js';
import { devices } from '../devices/devices.table.js';

interface KeyColumns {
  name: AnyPgColumn;
  serialNumber: AnyPgColumn;
  producer: AnyPgColumn;
  description: AnyPgColumn;
}

/** The domain's letters and their plain ones, as SQL literals (an index expression takes no parameter). */
const folded = {
  from: sql.raw(`'${FOLDED_LETTERS.from}'`),
  to: sql.raw(`'${FOLDED_LETTERS.to}'`),
};

/**
 * The part's name, serial number, producer and description as the machine lists' "Część" filter
 * compares them, each in the form of the domain's `partKey` (letters without marks, ASCII letters in
 * lower case and digits), joined by chr(31) so a term never matches across two of them.
 * Indexed (trigram GIN) and queried in this one form (devices.filters.ts).
 */
export const partKeyText = (t: KeyColumns) =>
  sql`regexp_replace(lower(translate(${t.name} || chr(31) || ${t.serialNumber} || chr(31) || ${t.producer} || chr(31) || ${t.description}, ${folded.from}, ${folded.to})), '[^0-9a-z' || chr(31) || ']', '', 'g')`;

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
  (t) => [index('parts_device_idx').on(t.deviceId), trigramIndex('parts_key_trgm', partKeyText(t))],
);
