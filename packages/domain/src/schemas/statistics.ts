import { z } from 'zod';
import { MSG } from '../messages.js';
import { isCalendarDateString } from '../rules/calendar-date.js';

/**
 * A range bound as the statistics screen sends it: 'YYYY-MM-DDT00:00', 'YYYY-MM-DD' or empty
 * (open). The time part is dropped: the bounds are whole days, both inclusive.
 */
export const statisticsDate = z
  .string({ error: MSG.statisticsDateInvalid })
  .max(40, MSG.statisticsDateInvalid)
  .optional()
  .transform((v, ctx) => {
    const value = (v ?? '').trim();
    if (value === '' || value === 'null' || value === 'undefined') return null;
    const day = value.slice(0, 10);
    const rest = value.slice(10);
    if (!isCalendarDateString(day) || !(rest === '' || /^[T ][\d:.]*(Z|[+-]\d{2}:?\d{2})?$/.test(rest))) {
      ctx.addIssue({ code: 'custom', message: MSG.statisticsDateInvalid });
      return z.NEVER;
    }
    return day;
  });

export const statisticsQuery = z.object({ dateFrom: statisticsDate, dateTo: statisticsDate });
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

export const statisticsRowSchema = z.object({
  userId: z.number().int(),
  lastName: z.string(),
  firstName: z.string(),
  countUserServices: z.number().int(),
  countUserSignedServices: z.number().int(),
  /** False for an employee whose account is switched off (his work still counts, marked so). */
  active: z.boolean(),
});
export type StatisticsRow = z.infer<typeof statisticsRowSchema>;

/** `GET /api/statistics/servicesCharts`: the same range as a chart per month and two shares. */
export const statisticsChartsSchema = z.object({
  /** One entry per month 'YYYY-MM' that has protocols, ascending. */
  months: z.array(z.object({ month: z.string(), issued: z.number().int(), signed: z.number().int() })),
  /** Protocols per service type (a protocol of two types counts in both). */
  serviceTypes: z.array(z.object({ type: z.string(), count: z.number().int() })),
  paymentTypes: z.array(z.object({ type: z.string(), count: z.number().int() })),
});
export type StatisticsCharts = z.infer<typeof statisticsChartsSchema>;
