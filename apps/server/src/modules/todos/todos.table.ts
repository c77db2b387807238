import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps, trigramIndex } from '../../db/columns.js';
import { copyPrefixKey } from '../../lib/text-search.js';
import { services } from '../services/services.table.js';
import { users } from '../users/users.table.js';

/** To-dos; one optionally belongs to a service event (its `todo` text). */
export const todos = pgTable(
  'todos',
  {
    id: serial().primaryKey(),
    date: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    description: text().notNull().default(''),
    toDoStatus: varchar({ length: 10 }).notNull().default('TODO'),
    serviceId: integer().references(() => services.id, { onDelete: 'cascade' }),
    userCreatedId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /**
     * The description as the search reads it: lower-cased, kept by a BEFORE trigger on every insert
     * and on every update that writes the description (migrations todo_description_search,
     * todo_description_key). LIKE against a lower-cased pattern instead of ILIKE, which lower-cases
     * every text it rechecks, as the events' `fault_search` (docs/decisions.md, "A filter's values in
     * list order, the to-dos' copies"). Never written by the application.
     */
    descriptionSearch: text().notNull().default(''),
    /**
     * The description's sort key, its first 100 characters (`sortPrefix`), kept by the same trigger
     * (migration todo_description_key): a column, so a page sorted by the description reads the
     * index alone, where the expression index made it read every to-do it passed (the 1,000th page:
     * 10,000 rows, 11 ms at 100,000 to-dos). Never written by the application.
     */
    descriptionKey: text().notNull().default(''),
    /**
     * The customer of the to-do's event (null without one), kept by the database (migration
     * todo_customer_copy: a BEFORE trigger here, an AFTER trigger on the events when an event's
     * customer changes): a search that names customers takes their to-dos from one index instead of
     * joining every event of theirs ("nowak" names 332 customers and 332,000 events at 1,000,000
     * machines: 250 ms for each statement of the call). Never written by the application.
     */
    customerId: integer(),
    ...timestamps,
  },
  (t) => [
    // The list orders by one column and then id descending whatever the column's direction: a
    // descending sort walks (col, id) backwards, an ascending one (col, id DESC) forwards.
    index('todos_status_idx').on(t.toDoStatus, t.id),
    index('todos_status_asc_idx').on(t.toDoStatus, t.id.desc().nullsFirst()),
    index('todos_date_idx').on(t.date, t.id),
    index('todos_date_asc_idx').on(t.date, t.id.desc().nullsFirst()),
    index('todos_description_idx').on(t.descriptionKey, t.id),
    index('todos_description_asc_idx').on(t.descriptionKey, t.id.desc().nullsFirst()),
    // The open to-dos ("Do zrobienia", the list's default filter) in the same orders: a deep page is
    // a walk of its own entries, not of every to-do's, checking the status of each.
    index('todos_open_date_idx')
      .on(t.date, t.id)
      .where(sql`${t.toDoStatus} = 'TODO'`),
    index('todos_open_date_asc_idx')
      .on(t.date, t.id.desc().nullsFirst())
      .where(sql`${t.toDoStatus} = 'TODO'`),
    index('todos_open_description_idx')
      .on(t.descriptionKey, t.id)
      .where(sql`${t.toDoStatus} = 'TODO'`),
    index('todos_open_description_asc_idx')
      .on(t.descriptionKey, t.id.desc().nullsFirst())
      .where(sql`${t.toDoStatus} = 'TODO'`),
    // Search (lib/text-search.ts) in the lower-cased copy: anywhere from three characters, else its
    // start.
    trigramIndex('todos_description_search_trgm', t.descriptionSearch),
    index('todos_description_search_prefix_idx').on(
      sql`${copyPrefixKey(t.descriptionSearch)} text_pattern_ops`,
    ),
    uniqueIndex('todos_service_uq').on(t.serviceId),
    // The to-dos of a search's customers, with their status: read from the index alone.
    index('todos_customer_idx').on(t.customerId, t.toDoStatus, t.id),
  ],
);
