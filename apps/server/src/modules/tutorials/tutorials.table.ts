import { bigint, integer, pgTable, serial, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * Tutorials uploaded through the app (the "local" source): folders and files in the database, the
 * bytes in the app's storage (local directory or S3) like every other file, so every server of an
 * installation serves them. The names are the ones shown; ids given to the browser are derived
 * from them (tutorials.stored.ts), as the old folder on disk gave them.
 */
export const tutorialFolders = pgTable('tutorial_folders', {
  id: serial().primaryKey(),
  name: varchar({ length: 100 }).notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const tutorialFiles = pgTable(
  'tutorial_files',
  {
    id: serial().primaryKey(),
    folderId: integer()
      .notNull()
      .references(() => tutorialFolders.id, { onDelete: 'cascade' }),
    name: varchar({ length: 255 }).notNull(),
    storageName: varchar({ length: 100 }).notNull().unique(),
    size: bigint({ mode: 'number' }).notNull(),
    /** Null for files moved in from the old tutorial folder at start. */
    userCreatedId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('tutorial_files_folder_name_uq').on(t.folderId, t.name)],
);
