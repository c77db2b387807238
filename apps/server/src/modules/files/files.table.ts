import { bigint, boolean, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';
import { devices } from '../devices/devices.table.js';
import { services } from '../services/services.table.js';
import { users } from '../users/users.table.js';

/**
 * Stored files: machine files, parameters, nameplates (device_id set) and service attachments
 * (service_id set). The bytes live in the storage under storage_name.
 */
export const files = pgTable(
  'files',
  {
    id: serial().primaryKey(),
    /** MACHINE_FILE, MACHINE_PARAMETER, MACHINE_NAMEPLATE or SERVICE_FILE. */
    type: varchar({ length: 20 }).notNull(),
    deviceId: integer().references(() => devices.id, { onDelete: 'cascade' }),
    serviceId: integer().references(() => services.id, { onDelete: 'cascade' }),
    /** Original file name as uploaded (the API's `originalName`). */
    filename: varchar({ length: 255 }).notNull(),
    /**
     * The API's `filename`: the name `downloadFile?fileName=` takes. The original name, with
     * " (2)", " (3)"… before the extension when another file has it already.
     */
    downloadName: varchar({ length: 255 }).notNull().unique(),
    storageName: varchar({ length: 100 }).notNull().unique(),
    description: text().notNull().default(''),
    contentType: varchar({ length: 150 }).notNull().default('application/octet-stream'),
    size: bigint({ mode: 'number' }).notNull().default(0),
    userCreatedId: integer().references(() => users.id, { onDelete: 'restrict' }),
    /**
     * A PDF of a protocol signed in the app: the first signing's or a correction's. Each is part of
     * the signed event's record (what the customer signed, what was changed after), kept while the
     * event is signed, not only the latest (service_protocols.file_id).
     */
    signedProtocol: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index('files_device_type_idx').on(t.deviceId, t.type), index('files_service_idx').on(t.serviceId)],
);
