import { z } from 'zod';
import { MAX } from '../limits.js';
import { MSG, validationMessage } from '../messages.js';
import { line, ref, singleSpaced, text } from './common.js';
import { PART_KEY_MIN } from '../rules/part-key.js';

export const PART_SERIAL_MAX = 100;

export const PART_FILTER_TEXT = {
  label: 'Część',
  placeholder: 'nazwa, S/N, producent, opis',
  description: 'Maszyny z częścią o tej nazwie, numerze seryjnym, producencie lub opisie',
  /** Under the panel's field. */
  tooShort: `Wpisz co najmniej ${PART_KEY_MIN} litery lub cyfry części.`,
  /** The server's 400, which names the filter. */
  tooShortFilter: `Filtr „Część”: wpisz co najmniej ${PART_KEY_MIN} litery lub cyfry części.`,
} as const;

const partFields = {
  name: z
    .string({ error: MSG.partNameRequired })
    .transform((v) => singleSpaced(v).trim())
    .pipe(z.string().min(1, MSG.partNameRequired).max(MAX.name, validationMessage.tooLong(MAX.name))),
  serialNumber: line(PART_SERIAL_MAX),
  producer: line(MAX.name),
  /** Spelt so in the API (spec §3); stored as `description`. */
  decsription: text(MAX.text),
};

export const partFormSchema = z.object(partFields);

/** Columns a machine's part list may sort by (`sort=<field>,asc|desc`); default by name. */
export const partSortFields = ['id', 'name', 'serialNumber', 'producer', 'decsription'] as const;
export type PartSortField = (typeof partSortFields)[number];

/** `POST /api/part/save`: no id (or 0) inserts, a positive id updates. */
export const partSaveSchema = z.object({
  ...partFields,
  id: z.coerce
    .number({ error: validationMessage.wrongType })
    .int(validationMessage.wrongType)
    .min(0, validationMessage.wrongType)
    .max(2_147_483_647, validationMessage.wrongType)
    .nullish()
    .transform((v) => v || undefined),
  device: ref,
});
export type PartSave = z.infer<typeof partSaveSchema>;

export const partSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serialNumber: z.string(),
  producer: z.string(),
  decsription: z.string(),
  device: z.object({ id: z.number().int() }),
});
export type Part = z.infer<typeof partSchema>;
