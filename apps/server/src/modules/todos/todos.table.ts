import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';
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
    ...timestamps,
  },
  (t) => [index('todos_status_idx').on(t.toDoStatus, t.id), uniqueIndex('todos_service_uq').on(t.serviceId)],
);
