import { z } from 'zod';
import { MSG, validationMessage } from '../messages.js';
import { MACHINE_TYPES, TODO_STATUSES } from '../reference-data.js';
import { id, listQuery } from './common.js';
import { shortenText } from '../rules/text-cut.js';
import { isCalendarDate, isZoneOffset } from '../rules/calendar-date.js';
import { INCIDENT_DATE_FIRST_YEAR, incidentDateLastYear } from './incidents.js';

/** Bound of a to-do's text; the list truncates it for display at 300 characters (spec §9). */
export const TODO_DESCRIPTION_MAX = 5_000;
/** Table cells show 299 characters and an ellipsis past this length (spec §9). */
export const TODO_DESCRIPTION_TRUNCATE = 300;

export const TODO_LIST_FILTERS = ['TODO', 'ALL'] as const;
export type TodoListFilter = (typeof TODO_LIST_FILTERS)[number];

/** Columns the to-do list may sort by (`sort=<field>,asc|desc`); default id descending. */
export const todoSortFields = ['id', 'date', 'toDoStatus', 'description'] as const;
export type TodoSortField = (typeof todoSortFields)[number];
export const DEFAULT_TODO_SORT = 'id,desc';

export const todoListQuery = listQuery.extend({
  toDoStatus: z
    .enum(TODO_LIST_FILTERS, { error: MSG.todoListStatusInvalid })
    .optional()
    .transform((v) => v ?? 'TODO'),
});
export type TodoListQuery = z.infer<typeof todoListQuery>;

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A to-do's years, an incident's (a machine's history): 2026-02-30 was taken as 2 March, and
 * 9999-12-31T23:59-14:00 ended in a fault.
 */
export const todoDateOutOfRange = (first: number, last: number) =>
  `Data zadania musi być z lat ${first}–${last}.`;

/** The instant an ISO text names, or null when it names none (a 30 February, a zone no place uses). */
function todoInstant(value: string): Date | null {
  const match = ISO_INSTANT.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isCalendarDate(year, month, day) || !isZoneOffset(match[4])) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

/**
 * The browser sends its current time as an ISO instant (`toISOString()`); without a zone the
 * instant would depend on the server's clock zone, so a zone (or Z) is required. Empty → null.
 */
export const isoInstant = z
  .string({ error: MSG.todoDateInvalid })
  .max(40, MSG.todoDateInvalid)
  .nullish()
  .transform((v, ctx) => {
    const value = (v ?? '').trim();
    if (value === '') return null;
    const instant = todoInstant(value);
    if (!instant) {
      ctx.addIssue({ code: 'custom', message: MSG.todoDateInvalid });
      return z.NEVER;
    }
    const year = instant.getUTCFullYear();
    const last = incidentDateLastYear();
    if (year < INCIDENT_DATE_FIRST_YEAR || year > last) {
      ctx.addIssue({ code: 'custom', message: todoDateOutOfRange(INCIDENT_DATE_FIRST_YEAR, last) });
      return z.NEVER;
    }
    return instant.toISOString();
  });

/** `id` 0, '' or missing means a new to-do (the ADD mode of the modal). */
const optionalId = z
  .union([z.literal(0), z.literal(''), z.null(), id], { error: validationMessage.wrongType })
  .optional()
  .transform((v) => (typeof v === 'number' && v > 0 ? v : null));

export const todoSaveSchema = z.object({
  id: optionalId,
  /** Missing: TODO for a new to-do, unchanged for an edit. */
  toDoStatus: z
    .enum(TODO_STATUSES, { error: MSG.todoStatusInvalid })
    .nullish()
    .transform((v) => v ?? null),
  description: z
    .string({ error: MSG.todoDescriptionRequired })
    .trim()
    .min(1, MSG.todoDescriptionRequired)
    .max(TODO_DESCRIPTION_MAX, validationMessage.tooLong(TODO_DESCRIPTION_MAX)),
  date: isoInstant,
});
export type TodoSave = z.infer<typeof todoSaveSchema>;
export type TodoSaveInput = z.input<typeof todoSaveSchema>;

export const todoDeleteQuery = z.object({ id });

export const todoServiceSchema = z.object({
  id: z.number().int(),
  fullNumber: z.string(),
  date: z.string(),
  state: z.string(),
  customer: z.object({
    id: z.number().int(),
    shortName: z.string(),
    fullName: z.string(),
    streetAddress: z.string(),
    zipCode: z.string(),
    city: z.string(),
  }),
  devices: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** Addition: INTERNAL or EXTERNAL, which machine card a link opens. */
      type: z.enum(MACHINE_TYPES),
      streetAddress: z.string(),
      zipCode: z.string(),
      city: z.string(),
      /** The machine's customer now: another than the event's once it was sold on. */
      customer: z.object({ id: z.number().int(), shortName: z.string() }),
    }),
  ),
});

export const todoSchema = z.object({
  id: z.number().int(),
  /** ISO instant of creation. */
  date: z.string(),
  description: z.string(),
  toDoStatus: z.enum(TODO_STATUSES),
  userCreated: z.object({ id: z.number().int(), fullName: z.string() }),
  /** The service event the to-do belongs to; null for a stand-alone to-do. */
  service: todoServiceSchema.nullable(),
});
export type Todo = z.infer<typeof todoSchema>;

/** After a machine's address, when it has gone to another customer since the event. */
export const todoMachineNowAt = (machine: string, shortName: string) =>
  `${machine} jest teraz u kontrahenta „${shortName}”`;

/** "299 characters…" past 300 (spec §9). */
export function truncateTodoDescription(text: string): string {
  return shortenText(text, TODO_DESCRIPTION_TRUNCATE);
}
