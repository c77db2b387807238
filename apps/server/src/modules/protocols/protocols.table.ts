import { integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { ProtocolData, SignedParties } from '@serwis/domain';
import { timestamps } from '../../db/columns.js';
import { files } from '../files/files.table.js';
import { services } from '../services/services.table.js';
import { users } from '../users/users.table.js';

/**
 * The field protocol of a service event (docs/protocols.md): the whole filled-in form as one JSON
 * document whose checklist is a snapshot of the operation lists, so it never follows later edits.
 */
export const serviceProtocols = pgTable('service_protocols', {
  serviceId: integer()
    .primaryKey()
    .references(() => services.id, { onDelete: 'cascade' }),
  data: jsonb().$type<ProtocolData>().notNull(),
  /** The PDF stored as the event's file when it was signed here. */
  fileId: integer().references(() => files.id, { onDelete: 'set null' }),
  signedAt: timestamp({ withTimezone: true }),
  /**
   * The customer, machines and technician as they were when it was signed here: a later rename of
   * the customer does not reprint a signed protocol (a correction's PDF, its screen). Null: a draft,
   * or signed before this was kept (those show the current names).
   */
  signedParties: jsonb().$type<SignedParties>(),
  sentTo: varchar({ length: 254 }),
  sentAt: timestamp({ withTimezone: true }),
  updatedById: integer().references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});
