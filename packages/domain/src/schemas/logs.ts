import { z } from 'zod';

export const logEntrySchema = z.object({
  eventId: z.number().int(),
  timestmp: z.number().int(),
  formattedMessage: z.string(),
  arg0: z.string().nullable(),
  arg1: z.string().nullable(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;
