import { formatFullNumber } from './protocol-number.js';

/** Kept apart from MSG, which is on the login screen's path (its script has a budget). */
export const SERVICE_DATE_MSG = {
  serviceDateAheadWarning: 'Ta data jeszcze nie nadeszła. Zapisze się tak, jak wpisano.',
  inspectionDateAheadWarning:
    'Ta data jeszcze nie nadeszła, a przegląd okresowy liczy się jako wykonany od chwili zapisu (od razu przesuwa termin następnego). Zapisze się tak, jak wpisano.',
  /** A numbered event's new date in another month or year: its full number follows the date. */
  renumbered: (from: string, to: string) =>
    `Nowa data zmieni numer protokołu z ${from} na ${to}. Wydrukowany, podpisany lub wysłany protokół ma numer ${from}.`,
} as const;

/**
 * The warning under a numbered event's date moved to another month of its year: its full number is
 * number/month/year of the date, so the number on the paper or PDF it was signed under would no
 * longer find it (an auditor searched for 1651/12/2026 and found nothing). Null otherwise; another
 * year is refused (`movesNumberedYear`), not warned of.
 */
export function renumberWarning(
  event: { number: number; numberExtension: string | null; fullNumber: string; year: number },
  date: string | null,
): string | null {
  if (!event.number || !date || !ISO_DAY.test(date) || movesNumberedYear(event, date)) return null;
  const next = formatFullNumber(
    event.number,
    event.numberExtension ?? '',
    Number(date.slice(5, 7)),
    Number(date.slice(0, 4)),
  );
  return next === event.fullNumber ? null : SERVICE_DATE_MSG.renumbered(event.fullNumber, next);
}

/**
 * Whether a numbered event's new date is in another year: its number is of its year, so the server
 * refuses the change (409 YEAR_LOCKED, MSG.serviceYearLocked); the form says so under the date first.
 */
export const movesNumberedYear = (event: { number: number; year: number }, date: string | null) =>
  event.number > 0 && !!date && ISO_DAY.test(date) && Number(date.slice(0, 4)) !== event.year;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;

/**
 * The warning under a service event's date that lies after today (a day picked a row too low): it
 * saves as typed (a visit may be entered ahead), but a periodic inspection with a period counts as
 * done from the moment it is saved (domain.md), moving the machine's next inspection at once. Null
 * for today or earlier, and for no date.
 */
export function serviceDateWarning(date: string | null, today: string, movesNextInspection: boolean) {
  if (!date || date <= today) return null;
  return movesNextInspection
    ? SERVICE_DATE_MSG.inspectionDateAheadWarning
    : SERVICE_DATE_MSG.serviceDateAheadWarning;
}
