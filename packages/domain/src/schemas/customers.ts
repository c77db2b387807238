import { z } from 'zod';
import { MAX } from '../limits.js';
import { MSG, validationMessage } from '../messages.js';
import { listedProvince, PROVINCES } from '../reference-data.js';
import { firstEmailAddress } from '../rules/email-address.js';
import { id, line, singleSpaced, text } from './common.js';
import { REMINDER_MSG } from './reminders.js';

export const CUSTOMER_SHORT_NAME_MIN = 3;
export const CUSTOMER_SHORT_NAME_MAX_ON_ADD = 20;

/** Column widths of the customers table; the form inputs use the same numbers. */
export const CUSTOMER_LIMITS = {
  shortName: MAX.short,
  fullName: MAX.name,
  streetAddress: MAX.name,
  zipCode: 20,
  city: MAX.short,
  province: 40,
  nip: 20,
  regon: 20,
  phoneNumber: 50,
  email: MAX.email,
} as const;

const province = text(CUSTOMER_LIMITS.province)
  .transform(listedProvince)
  .refine((v) => (PROVINCES as readonly string[]).includes(v), MSG.provinceInvalid);

const customerFields = {
  fullName: line(CUSTOMER_LIMITS.fullName),
  streetAddress: line(CUSTOMER_LIMITS.streetAddress),
  zipCode: line(CUSTOMER_LIMITS.zipCode),
  city: line(CUSTOMER_LIMITS.city),
  province,
  nip: line(CUSTOMER_LIMITS.nip),
  regon: line(CUSTOMER_LIMITS.regon),
  phoneNumber: line(CUSTOMER_LIMITS.phoneNumber),
  // Not checked as an address: staff often keep two addresses or a note here.
  email: text(CUSTOMER_LIMITS.email),
  /** Inspection notices by e-mail to the customer (issue 12); absent on edit keeps the old value. */
  inspectionNotices: z.boolean({ error: 'Nieprawidłowa wartość pola.' }).optional(),
};

/**
 * Inspection notices go to the first address of the E-mail field (which may also hold a second
 * address or a note): ticked, the field must hold one, or the customer would never get them.
 */
function noticesNeedAddress(value: { email: string; inspectionNotices?: boolean }, ctx: z.RefinementCtx) {
  if (value.inspectionNotices && !firstEmailAddress(value.email)) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: REMINDER_MSG.customerNoticesNeedAddress });
  }
}

const customerInsertFields = z.object({
  shortName: z
    .string({ error: MSG.customerShortNameMin })
    .trim()
    .min(CUSTOMER_SHORT_NAME_MIN, MSG.customerShortNameMin)
    .max(CUSTOMER_SHORT_NAME_MAX_ON_ADD, MSG.customerShortNameMax)
    .transform(singleSpaced),
  ...customerFields,
});

/** Add: short name 3–20 characters (spec §5). An `id` sent along is ignored. */
export const customerInsertSchema = customerInsertFields.superRefine(noticesNeedAddress);
export type CustomerInsert = z.infer<typeof customerInsertSchema>;

/**
 * A row of a customer import: the add form's wording, the column's width. A row that updates an
 * existing customer may carry the longer name the edit form allowed; one that adds a customer is
 * held to CUSTOMER_SHORT_NAME_MAX_ON_ADD once it is known to add.
 */
export const customerImportRowSchema = customerInsertFields.extend({
  shortName: z
    .string({ error: MSG.customerShortNameMin })
    .trim()
    .min(CUSTOMER_SHORT_NAME_MIN, MSG.customerShortNameMin)
    .max(CUSTOMER_LIMITS.shortName, validationMessage.tooLong(CUSTOMER_LIMITS.shortName))
    .transform(singleSpaced),
});

/** Edit: at least 3 characters with the edit wording; only the column bounds the length. */
export const customerUpdateSchema = z
  .object({
    id,
    shortName: z
      .string({ error: MSG.customerNameMinEdit })
      .trim()
      .min(CUSTOMER_SHORT_NAME_MIN, MSG.customerNameMinEdit)
      .max(CUSTOMER_LIMITS.shortName, validationMessage.tooLong(CUSTOMER_LIMITS.shortName))
      .transform(singleSpaced),
    ...customerFields,
  })
  .superRefine(noticesNeedAddress);
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

export const customerSchema = z.object({
  id: z.number().int(),
  shortName: z.string(),
  fullName: z.string(),
  streetAddress: z.string(),
  zipCode: z.string(),
  city: z.string(),
  province: z.string(),
  nip: z.string(),
  regon: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  inspectionNotices: z.boolean(),
});
export type Customer = z.infer<typeof customerSchema>;

export const CUSTOMER_TEXT_FIELDS = [
  'shortName',
  'fullName',
  'streetAddress',
  'zipCode',
  'city',
  'province',
  'nip',
  'regon',
  'phoneNumber',
  'email',
] as const satisfies readonly (keyof Customer)[];

/** `POST /api/customer/delete?id=` (kept from spec §7). */
export const customerIdQuery = z.object({ id });
