import { z } from 'zod';
import { validationMessage } from '../messages.js';
import { polishCount, polishPlural } from '../rules/numbers.js';

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

/** What takes the place of a person's data removed from the log. */
export const REDACTED_TEXT = '[usunięto]';

/** A text to be removed from the log: at least this long, so that one stroke cannot wipe it. */
export const LOG_REDACT_MIN = 3;

const entriesIn = (n: number) =>
  `${polishCount(n)} ${polishPlural(n, { one: 'wpisie', few: 'wpisach', many: 'wpisach' })}`;
const entriesFrom = (n: number) =>
  `${polishCount(n)} ${polishPlural(n, { one: 'wpisu', few: 'wpisów', many: 'wpisów' })}`;

/** The texts of removing a person's data from the log (a request under RODO). */
export const LOG_REDACT_TEXT = {
  open: 'Usuń dane osobowe z dziennika',
  label: 'Tekst do usunięcia',
  hint: `Np. imię i nazwisko, numer telefonu lub adres e-mail osoby, wpisany tak, jak występuje w dzienniku. Każde jego wystąpienie jako całe słowa (bez względu na wielkość liter i rodzaj cudzysłowu) zostanie zastąpione napisem „${REDACTED_TEXT}”.`,
  tooShort: `Podaj co najmniej ${LOG_REDACT_MIN} znaki tekstu do usunięcia.`,
  check: 'Sprawdź',
  found: (n: number) =>
    n ? `Tekst występuje w ${entriesIn(n)} dziennika.` : 'Tekstu nie ma w żadnym wpisie dziennika.',
  remove: (n: number) => `Usuń z ${entriesFrom(n)}`,
  final: 'Tego nie można cofnąć: usuniętego tekstu nie odtworzy też dziennik.',
  done: (n: number) => `Usunięto tekst z ${entriesFrom(n)} dziennika.`,
  elsewhere:
    'Dziennik to nie jedyne miejsce tych danych: zmień je także w kontrahentach, notatkach, zdarzeniach i zadaniach. Podpisane protokoły (PDF) i wysłane wiadomości zachowują dane z chwili podpisania i wysłania.',
  /** The log's own entry: how many entries, never the text removed. */
  logged: (n: number) => `usunięcie danych osobowych z dziennika (tekst usunięto z ${entriesFrom(n)})`,
} as const;

/** POST /api/log/redact: `preview` counts the entries without changing them. */
export const logRedactSchema = z.object({
  text: z
    .string({ error: LOG_REDACT_TEXT.tooShort })
    .trim()
    .min(LOG_REDACT_MIN, LOG_REDACT_TEXT.tooShort)
    .max(254, validationMessage.tooLong(254)),
  preview: z.boolean().optional(),
});
export type LogRedactInput = z.infer<typeof logRedactSchema>;

export const logRedactAnswerSchema = z.object({ entries: z.number().int() });
