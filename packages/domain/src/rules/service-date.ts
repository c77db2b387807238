/** Kept apart from MSG, which is on the login screen's path (its script has a budget). */
export const SERVICE_DATE_MSG = {
  serviceDateAheadWarning: 'Ta data jeszcze nie nadeszła. Zapisze się tak, jak wpisano.',
  inspectionDateAheadWarning:
    'Ta data jeszcze nie nadeszła, a przegląd okresowy liczy się jako wykonany od chwili zapisu (od razu przesuwa termin następnego). Zapisze się tak, jak wpisano.',
} as const;

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
