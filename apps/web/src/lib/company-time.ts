import { DEFAULT_COMPANY_TIME_ZONE, isKnownTimeZone, todayInZone, wallClockInZone } from '@serwis/domain';

/*
 * Dates and times on the screens are the company's (TZ_COMPANY on the server, domain.md: "today" is
 * the company's date), not the device's: a tablet set to another zone, or an employee abroad, sees
 * the same log times and gets the same default date for a new protocol as the office. The zone
 * comes with the server's settings (server-settings.ts) once per page load and is remembered on the
 * device for the screens that open offline.
 */

const ZONE_KEY = 'serwis:company-time-zone';

function rememberedZone(): string | null {
  try {
    const zone = localStorage.getItem(ZONE_KEY);
    return zone && isKnownTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

let zone = rememberedZone() ?? DEFAULT_COMPANY_TIME_ZONE;

export const companyTimeZone = () => zone;

/** Takes the server's zone (an unknown name, which this browser cannot use, keeps the one before). */
export function setCompanyTimeZone(next: string) {
  if (!isKnownTimeZone(next)) return;
  zone = next;
  try {
    localStorage.setItem(ZONE_KEY, next);
  } catch {
    // remembered for this page only
  }
}

/** Today on the company's calendar, 'YYYY-MM-DD'. */
export const companyToday = () => todayInZone(zone);

/** A moment (ISO string or epoch milliseconds) on the company's clock, 'YYYY-MM-DD HH:mm:ss'. */
export const companyWallClock = (value: string | number | Date) => wallClockInZone(zone, new Date(value));
