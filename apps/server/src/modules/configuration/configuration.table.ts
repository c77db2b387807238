import { pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Named settings edited by admins: PDF texts and the company data (spec §7 configuration). */
export const configuration = pgTable('configuration', {
  name: varchar({ length: 200 }).primaryKey(),
  value: text().notNull(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
});
