import { z } from 'zod';

export const logEntrySchema = z.object({
  eventId: z.number().int(),
  timestmp: z.number().int(),
  formattedMessage: z.string(),
  arg0: z.string().nullable(),
  arg1: z.string().nullable(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/**
 * Fields the log may be sorted by (`sort=<field>,asc|desc`; newest first without one). Entries are
 * numbered as they are written, so both are the order of the Nr.
 */
export const logSortFields = ['eventId', 'timestmp'] as const;
