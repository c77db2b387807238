import { z } from 'zod';
import { decimalFromText } from '../rules/numbers.js';
import { MSG, validationMessage } from '../messages.js';
import {
  DEFAULT_PAYMENT_TYPE,
  PAYMENT_TYPE_NAMES,
  SERVICE_STATE_NAMES,
  SERVICE_TYPE_NAMES,
  TODO_STATUSES,
} from '../reference-data.js';
import { isCalendarDate } from '../rules/calendar-date.js';
import { normalizeExtension, parseProtocolNumber } from '../rules/protocol-number.js';
import { id, text } from './common.js';
import { uploadFilePart } from './files.js';

export const SERVICE_MAX = {
  faultDescription: 5_000,
  todo: 5_000,
  devices: 100,
  /** 100 years of inspections; anything above is a typing mistake. */
  period: 1200,
} as const;

/** An inspection's `period` counts in steps of this many months since the handover (spec §5, domain.md). */
export const INSPECTION_PERIOD_STEP = 6;

/** The service type whose events carry a `period`. */
export const INSPECTION_SERVICE_TYPE = 'PRZEGLAD_OKRESOWY';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/;

/**
 * The years a service event can be dated in: from 1970 (older records of the fleet) to the next
 * year. A year typed wrong (2126, 1890) would otherwise become a machine's last inspection, move its
 * next one and open a number sequence for that year.
 */
export const SERVICE_DATE_FIRST_YEAR = 1970;
/** After "Zapisz" of a new event: its number, or (unsigned, numbered when signed) the id to find it by. */
/** The service form's "Maszyny" beyond its labels. */
export const SERVICE_MACHINES_TEXT = {
  /** A customer change took the former customer's machines off the event (not yet saved). */
  setAside: (customer: string) =>
    `Maszyny kontrahenta „${customer}” zdjęto ze zdarzenia; wrócą, gdy wybierzesz go ponownie.`,
  /** An administrator changes a signed event's customer or machines (not yet saved). */
  signedChange:
    'Zdarzenie jest podpisane: zapisany protokół opisuje poprzedniego kontrahenta i maszyny. Jeśli podpisano go w aplikacji, po zapisie wprowadź poprawkę protokołu, aby powstał nowy PDF.',
  /** The same of its number, date, payment, types, fault description or period (printed in the PDF's header). */
  signedFieldsChange:
    'Zdarzenie jest podpisane: zapisany protokół ma poprzednie dane (numer, datę, płatność, rodzaj serwisu, opis usterki lub okres). Jeśli podpisano go w aplikacji, po zapisie wprowadź poprawkę protokołu, aby powstał nowy PDF; do tego czasu nie można go wysłać do klienta.',
} as const;

export const SERVICE_ADDED_TEXT = {
  numbered: (fullNumber: string) => `Zapisano zdarzenie serwisowe nr ${fullNumber}.`,
  unnumbered: (id: number) =>
    `Zapisano zdarzenie serwisowe o id ${id}. Numer otrzyma przy podpisaniu; do tego czasu wyszukasz je na liście zdarzeń po id.`,
} as const;

export const serviceDateLastYear = (today: Date = new Date()) => today.getFullYear() + 1;

/** Required service date: 'YYYY-MM-DD' (a date-time keeps its first 10 characters), in those years. */
export const serviceDate = z
  .string({ error: MSG.serviceDateRequired })
  .max(40, MSG.invalidDate)
  .nullish()
  .transform((v, ctx) => {
    const value = (v ?? '').trim();
    if (value === '') {
      ctx.addIssue({ code: 'custom', message: MSG.serviceDateRequired });
      return z.NEVER;
    }
    const match = ISO_DATE.exec(value);
    if (!match || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
      ctx.addIssue({ code: 'custom', message: MSG.invalidDate });
      return z.NEVER;
    }
    const year = Number(match[1]);
    const last = serviceDateLastYear();
    if (year < SERVICE_DATE_FIRST_YEAR || year > last) {
      ctx.addIssue({ code: 'custom', message: MSG.serviceDateOutOfRange(SERVICE_DATE_FIRST_YEAR, last) });
      return z.NEVER;
    }
    return value.slice(0, 10);
  });

const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', ''])], { error: validationMessage.wrongType })
  .nullish()
  .transform((v) => v === true || v === 'true');

const wholeNumber = z.union([z.number(), z.string().max(12), z.null()], {
  error: validationMessage.wrongType,
});

/** `{id}` of the chosen customer; the "Wybierz..." placeholder sends none. */
const customerRef = z.object({ id: id.nullish() }, { error: MSG.serviceCustomerRequired }).nullish();

const serviceJsonFields = {
  date: serviceDate,
  /** 25 or "25" or "25A" (the letter may also come in numberExtension); empty or 0 = none. */
  number: z
    .union([z.number(), z.string().max(20), z.null()], { error: MSG.protocolNumberInvalid })
    .optional(),
  numberExtension: z.string({ error: MSG.protocolNumberInvalid }).max(5, MSG.protocolNumberInvalid).nullish(),
  paymentType: z
    .enum(PAYMENT_TYPE_NAMES, { error: validationMessage.wrongType })
    .nullish()
    .transform((v) => v ?? DEFAULT_PAYMENT_TYPE),
  type: z
    .array(z.enum(SERVICE_TYPE_NAMES, { error: MSG.serviceTypeRequired }), { error: MSG.serviceTypeRequired })
    .min(1, MSG.serviceTypeRequired)
    .max(SERVICE_TYPE_NAMES.length * 2, MSG.serviceTypeRequired)
    .transform((v) => [...new Set(v)]),
  customer: customerRef,
  customerId: id.nullish(),
  isToSign: boolish,
  faultDescription: text(SERVICE_MAX.faultDescription),
  period: wholeNumber.optional(),
  devices: z
    .array(z.object({ id }, { error: MSG.serviceDevicesRequired }), { error: MSG.serviceDevicesRequired })
    .min(1, MSG.serviceDevicesRequired)
    .max(SERVICE_MAX.devices, `Zdarzenie serwisowe może obejmować najwyżej ${SERVICE_MAX.devices} maszyn.`),
  /** Text of the event's to-do; absent = leave the to-do as it is. */
  todo: z
    .string({ error: validationMessage.wrongType })
    .max(SERVICE_MAX.todo, validationMessage.tooLong(SERVICE_MAX.todo))
    .nullish()
    .transform((v) => (v === null || v === undefined ? undefined : v.trim())),
  toDoStatus: z.enum(TODO_STATUSES, { error: validationMessage.wrongType }).nullish(),
};

interface RawServiceJson {
  number?: number | string | null;
  numberExtension?: string | null;
  customer?: { id?: number | null } | null;
  customerId?: number | null;
  period?: number | string | null;
  type: string[];
}

/** Joins number + letter, picks the customer id and normalises the period, reporting under each field. */
function normalize<T extends RawServiceJson>(value: T, ctx: z.RefinementCtx) {
  // The number an event holds may be above the limit of a typed one: checked where it is assigned.
  const typed = parseProtocolNumber(value.number, 'unknown');
  const extension = normalizeExtension(value.numberExtension);
  if (!typed.ok || extension === null) {
    ctx.addIssue({ code: 'custom', message: MSG.protocolNumberInvalid, path: ['number'] });
    return z.NEVER;
  }
  const numberExtension = typed.number === 0 ? '' : typed.extension || extension;
  const customerId = value.customer?.id ?? value.customerId ?? null;
  if (!customerId) {
    ctx.addIssue({ code: 'custom', message: MSG.serviceCustomerRequired, path: ['customer'] });
    return z.NEVER;
  }
  const rawPeriod = value.period;
  const period =
    rawPeriod === null ||
    rawPeriod === undefined ||
    (typeof rawPeriod === 'string' && rawPeriod.trim() === '')
      ? -1
      : typeof rawPeriod === 'string'
        ? decimalFromText(rawPeriod)
        : Number(rawPeriod);
  const isInspection = value.type.includes(INSPECTION_SERVICE_TYPE);
  // An inspection's fraction ("1,5") is told as off the cycle below, in words.
  if (
    !Number.isFinite(period) ||
    (!Number.isInteger(period) && !isInspection) ||
    period > SERVICE_MAX.period
  ) {
    ctx.addIssue({ code: 'custom', message: validationMessage.wrongType, path: ['period'] });
    return z.NEVER;
  }
  // A period off the six-month cycle (7, 61, 1.5) would move every later date or end the warranty ones.
  if (isInspection && period >= 0 && period % INSPECTION_PERIOD_STEP !== 0) {
    ctx.addIssue({ code: 'custom', message: MSG.inspectionPeriodStep, path: ['period'] });
    return z.NEVER;
  }
  const { customer: _customer, ...rest } = value;
  return {
    ...rest,
    number: typed.number,
    numberExtension,
    customerId,
    // Spec §5: period only for an inspection; -1 means none.
    period: isInspection && period >= 0 ? period : -1,
  };
}

/** `serviceJson` of `POST /api/service/add` (id ignored). */
export const serviceJsonSchema = z
  .object({ ...serviceJsonFields, id: z.union([z.number(), z.string().max(12), z.null()]).optional() })
  .transform(normalize);
export type ServiceJson = z.infer<typeof serviceJsonSchema>;
export type ServiceJsonInput = z.input<typeof serviceJsonSchema>;

/**
 * The parts of `POST /api/service/add`, for the OpenAPI document only: the server reads them as a
 * stream and validates `serviceJson` with serviceJsonSchema itself.
 */
export const serviceAddPartsSchema = z.object({
  serviceJson: serviceJsonSchema.describe('JSON jako pole tekstowe lub część application/json.'),
  protocolSerwisowyFile: uploadFilePart.optional().describe('Opcjonalny plik protokołu (np. skan).'),
});

/** The part of `PATCH /api/service/addFile/{serviceId}`, for the OpenAPI document only. */
export const serviceFilePartsSchema = z.object({
  file: uploadFilePart.describe('Plik (jedna część); skan zdarzenia DODAJ_SKAN podpisuje je.'),
});

/** Body of `PUT /api/service/update`. */
export const serviceUpdateSchema = z.object({ ...serviceJsonFields, id }).transform(normalize);
export type ServiceUpdate = z.infer<typeof serviceUpdateSchema>;

/** Body of `PATCH /api/service/changeTodoStatus` (id is the service's id). */
export const changeTodoStatusSchema = z.object({
  id,
  toDoStatus: z.enum(TODO_STATUSES, { error: validationMessage.wrongType }),
  todo: z
    .string({ error: validationMessage.wrongType })
    .max(SERVICE_MAX.todo, validationMessage.tooLong(SERVICE_MAX.todo))
    .nullish()
    .transform((v) => (v === null || v === undefined ? undefined : v.trim())),
});
export type ChangeTodoStatus = z.infer<typeof changeTodoStatusSchema>;

export const serviceFileSchema = z.object({
  id: z.number().int(),
  /** The name to pass to `/api/storage/downloadFile?fileName=`: the original one, made unique. */
  filename: z.string(),
  /** The name as uploaded, shown to people. */
  originalName: z.string(),
  description: z.string(),
  type: z.string(),
  contentType: z.string(),
  size: z.number(),
  createdAt: z.string(),
  /**
   * Addition: a PDF of the protocol signed in the app (the first signing's or a correction's), kept
   * while the event is signed (a delete answers 409).
   */
  signedProtocol: z.boolean(),
});
export type ServiceFile = z.infer<typeof serviceFileSchema>;

export const serviceDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** INTERNAL or EXTERNAL: which machine card a row click opens. */
  type: z.string(),
  customer: z.object({ id: z.number().int() }),
});

export const serviceCustomerSchema = z.object({
  id: z.number().int(),
  shortName: z.string(),
  fullName: z.string(),
  streetAddress: z.string(),
  zipCode: z.string(),
  city: z.string(),
  /** Spec §3 `customer.devices`: the customer's machines this event covers (its `devices`). */
  devices: z.array(serviceDeviceSchema).optional(),
});

/** Identity, date and protocol number, as every view of a service event carries them. */
export const serviceNumberFields = {
  id: z.number().int(),
  date: z.string(),
  number: z.number().int(),
  numberExtension: z.string(),
  month: z.number().int(),
  year: z.number().int(),
};

/** A service event as every service call answers it (spec §3 "Service event"). */
export const serviceSchema = z.object({
  ...serviceNumberFields,
  /** "25A/03/2026", or "(auto)" while not numbered. */
  fullNumber: z.string(),
  paymentType: z.string(),
  type: z.array(z.string()),
  customer: serviceCustomerSchema,
  isToSign: z.boolean(),
  faultDescription: z.string(),
  period: z.number().int(),
  devices: z.array(serviceDeviceSchema),
  userCreated: z.object({ id: z.number().int(), fullName: z.string() }),
  /** The creator's full name, as the lists show it. */
  user: z.string(),
  state: z.enum(SERVICE_STATE_NAMES),
  files: z.array(serviceFileSchema),
  /** Text of the linked to-do; null when the event has none. */
  todo: z.string().nullable(),
  toDoStatus: z.enum(TODO_STATUSES).nullable(),
  createdAt: z.string(),
  /**
   * Issue 8: the last "Wyślij do klienta" of the event's field protocol (address, ISO time); null
   * when it was never sent. An addition to spec §3: old clients ignore it.
   */
  protocolSent: z.object({ to: z.string(), at: z.string() }).nullable().optional(),
});
export type Service = z.infer<typeof serviceSchema>;

/** A linked event as incidents and to-dos show it. */
export const serviceSummarySchema = z.object({
  ...serviceNumberFields,
  fullNumber: z.string(),
  state: z.enum(SERVICE_STATE_NAMES),
  type: z.array(z.string()),
  paymentType: z.string(),
  faultDescription: z.string(),
});
export type ServiceSummary = z.infer<typeof serviceSummarySchema>;
