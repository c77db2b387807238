import { z } from 'zod';
import { MAX } from '../limits.js';
import { validationMessage } from '../messages.js';
import { plainText } from '../rules/plain-text.js';

/**
 * Optional trimmed text with an upper bound; null and undefined become ''. The bound is the
 * trimmed text's: a serial number of 100 characters pasted with a space after it was refused.
 */
export const text = (max: number = MAX.name) =>
  z
    .string({ error: validationMessage.wrongType })
    .nullish()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(max, validationMessage.tooLong(max)));

/**
 * A one-line value with every run of white space (line breaks, tabs, two spaces) as one space. A
 * line break pasted from a spreadsheet's cell or a PDF ("CR\r\nLF") was kept, shown as "CR LF" and
 * found by neither; "Nowa  Huta" typed with two spaces looked like "Nowa Huta" in every list and
 * was found by no search (a search squeezes what is typed the same way); "Kuźnia  Grabowski" made a
 * second customer beside "Kuźnia Grabowski".
 */
export const singleSpaced = (value: string): string => value.replace(/[\s\u0085]+/g, ' ');

/** A one-line field (a street, a serial number) as text(), written single-spaced. */
export const line = (max: number = MAX.name) =>
  z
    .string({ error: validationMessage.wrongType })
    .nullish()
    .transform((v) => singleSpaced(v ?? '').trim())
    .pipe(z.string().max(max, validationMessage.tooLong(max)));

/**
 * Text a call exists to change (a file's description): null or '' clears it, but the field must be
 * there. A request without it was taken as a clearing, and a stored description was wiped.
 */
export const givenText = (max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? validationMessage.required : validationMessage.wrongType,
    })
    .max(max, validationMessage.tooLong(max))
    .nullable()
    .transform((v) => (v ?? '').trim());

/** A database id as it arrives in JSON or a path: a positive whole number. */
export const id = z.coerce
  .number({ error: validationMessage.wrongType })
  .int(validationMessage.wrongType)
  .positive(validationMessage.wrongType)
  .max(2_147_483_647, validationMessage.wrongType);

export const idParams = z.object({ id });

/** `{ id }` reference to another record, as the API sends them (`category: {id}`). */
export const ref = z.object({ id }, { error: validationMessage.required });

/** Optional paging, sorting and search for list endpoints; absent means "the full array". */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  size: z.coerce.number().int().min(1).max(500).optional(),
  sort: z.string().max(100).optional(),
  // Plain as every text the server stores (plain-text.ts): a pasted "e" with a combining accent
  // finds "é", a non-breaking space a space.
  q: z
    .string()
    .transform(plainText)
    .pipe(z.string().max(MAX.search, validationMessage.tooLong(MAX.search)))
    .optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** Every refusal: a Polish message, a code, and for a validation failure the field's path. */
export const messageResponse = z.object({
  message: z.string(),
  code: z.string().optional(),
  field: z.string().optional(),
});

/**
 * `base`: the `updatedAt` of the version an update was made on. Another save since is a 409
 * CHANGED_MEANWHILE instead of its changes put back unseen; without it, the later save wins.
 */
export const versionQuery = z.object({ base: z.string().max(40).optional() });
