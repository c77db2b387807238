import { MSG } from '../messages.js';
import { INSPECTION_SERVICE_TYPE } from '../schemas/services.js';

/**
 * The warning under a service event's date that lies after today (a day picked a row too low): it
 * saves as typed (a visit may be entered ahead), but a periodic inspection counts as done from the
 * moment it is saved (domain.md), moving the machine's next inspection at once. Null for today or
 * earlier, and for no date.
 */
export function serviceDateWarning(date: string | null, today: string, types: readonly string[]) {
  if (!date || date <= today) return null;
  return types.includes(INSPECTION_SERVICE_TYPE)
    ? MSG.inspectionDateAheadWarning
    : MSG.serviceDateAheadWarning;
}
