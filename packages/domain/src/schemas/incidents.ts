import { z } from 'zod';
import { MAX } from '../limits.js';
import { MSG, validationMessage } from '../messages.js';
import { id, text } from './common.js';
import { isCalendarDate, isZoneOffset } from '../rules/calendar-date.js';
import { serviceSummarySchema } from './services.js';
import { HANDOVER_DATE_FIRST_YEAR, handoverDateLastYear } from './devices.js';

export const INCIDENT_TEXT_MAX = 5_000;

/**
 * An incident's years: a machine's history, from the first handover year to ten years ahead. An
 * incident dated 9999-12-31 23:59:59 UTC was kept as 10000-01-01 in the company's zone, listed as
 * "10000-01-01 00:5" and opened as "Invalid Date".
 */
export const INCIDENT_DATE_FIRST_YEAR = HANDOVER_DATE_FIRST_YEAR;
export const incidentDateLastYear = handoverDateLastYear;
export const incidentDateOutOfRange = (first: number, last: number) =>
  `Data zdarzenia musi być z lat ${first}–${last}.`;

/** 'YYYY-MM-DD', optionally 'T' or ' ' and HH:mm[:ss[.ffffff]], optionally a zone (Z, +01:00). */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

export interface LocalDateTime {
  /** 'YYYY-MM-DD HH:mm:ss.ffffff', wall-clock time. */
  local: string;
  /** The zone the client named, or null: then the company's time zone applies. */
  zone: string | null;
  /** True when only a day was given. */
  dateOnly: boolean;
}

/** Reads a date or date-time as the browser sends it; null when it is not one. */
export function parseLocalDateTime(value: string): LocalDateTime | null {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone] = m;
  if (!isCalendarDate(Number(y), Number(mo), Number(d))) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  if (zone !== undefined && !isZoneOffset(zone)) return null;
  return {
    local: `${y}-${mo}-${d} ${h}:${mi}:${s}.${frac.padEnd(6, '0')}`,
    zone: zone ?? null,
    dateOnly: m[4] === undefined,
  };
}

const dateTime = (message: string, required: boolean) =>
  z
    .string({ error: message })
    .max(40, message)
    .nullish()
    .transform((v, ctx): LocalDateTime | null => {
      const value = (v ?? '').trim();
      if (value === '') {
        if (required) ctx.addIssue({ code: 'custom', message });
        return required ? z.NEVER : null;
      }
      const parsed = parseLocalDateTime(value);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: MSG.invalidDate });
        return z.NEVER;
      }
      return parsed;
    });

/**
 * Query of `GET /api/incident/findByParameters`. A bare day in dateFrom means its 00:00:00, in
 * dateTo its 23:59:59.999999; a given time is used as sent.
 */
export const incidentQuerySchema = z.object({
  deviceId: id.optional(),
  text: z.string().max(MAX.search, validationMessage.tooLong(MAX.search)).optional(),
  /** 'true': each row carries its linked service event; otherwise `service` is null. */
  showService: z
    .enum(['true', 'false', ''], { error: validationMessage.wrongType })
    .optional()
    .transform((v) => v === 'true'),
  dateFrom: dateTime(MSG.invalidDate, false),
  dateTo: dateTime(MSG.invalidDate, false),
});
export type IncidentQuery = z.infer<typeof incidentQuerySchema>;

/** `{id}` of a linked service event; null, `{}` or id 0 mean "none". */
const optionalServiceRef = z
  .object(
    { id: z.union([z.number(), z.string().max(12), z.null()]).optional() },
    {
      error: validationMessage.wrongType,
    },
  )
  .nullish()
  .transform((v, ctx) => {
    const raw = v?.id;
    if (raw === null || raw === undefined || raw === '' || raw === 0 || raw === '0') return null;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: validationMessage.wrongType });
      return z.NEVER;
    }
    return n;
  });

/** Body of `POST /api/incident/insert`: id 0 or empty creates, id above 0 edits. */
export const incidentInsertSchema = z.object({
  id: z
    .union([z.number(), z.string().max(12), z.null()], { error: validationMessage.wrongType })
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return 0;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 2_147_483_647) {
        ctx.addIssue({ code: 'custom', message: validationMessage.wrongType });
        return z.NEVER;
      }
      return n;
    }),
  device: z.object({ id }, { error: validationMessage.required }),
  date: dateTime(MSG.incidentDateRequired, true).superRefine((value, ctx) => {
    if (!value) return;
    const last = incidentDateLastYear();
    // The year as written, and where a zone is named, the year of that moment in UTC: 23:30 at
    // -05:00 on the range's last day is already the next year here.
    const years = [Number(value.local.slice(0, 4))];
    if (value.zone) years.push(new Date(`${value.local.replace(' ', 'T')}${value.zone}`).getUTCFullYear());
    if (years.some((year) => !(year >= INCIDENT_DATE_FIRST_YEAR && year <= last))) {
      ctx.addIssue({ code: 'custom', message: incidentDateOutOfRange(INCIDENT_DATE_FIRST_YEAR, last) });
    }
  }),
  text: text(INCIDENT_TEXT_MAX),
  service: optionalServiceRef,
});
export type IncidentInsert = z.infer<typeof incidentInsertSchema>;

export const incidentSchema = z.object({
  id: z.number().int(),
  /** 'YYYY-MM-DDTHH:mm:ss' in the company's time zone. */
  date: z.string(),
  text: z.string(),
  device: z.object({ id: z.number().int() }),
  /** Always set when a service event is linked, whatever showService says. */
  serviceId: z.number().int().nullable(),
  service: serviceSummarySchema.nullable(),
  userCreated: z.object({ id: z.number().int(), fullName: z.string() }),
});
export type Incident = z.infer<typeof incidentSchema>;
