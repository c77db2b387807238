import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/** created/updated timestamps every table carries. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
};
