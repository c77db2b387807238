import { DEFAULT_COMPANY_TIME_ZONE, wallClockInZone } from '@serwis/domain';

/*
 * The company's time zone for a run of the journeys. A journey reads "today" once and expects the
 * app's dates to match it, so a run must not cross the company's midnight: a CI run started at
 * 22:53 UTC once failed in two journeys for exactly that, with the app rightly a day ahead. The run
 * keeps Europe/Warsaw, the company's zone, unless Warsaw's midnight is near; then the servers and the
 * browsers take a fixed-offset zone in which it is about noon. `E2E_TIME_ZONE` forces a zone.
 */

/** The company's zone (the app's default): `DEFAULT_COMPANY_TIME_ZONE` under the journeys' name. */
export const WARSAW = DEFAULT_COMPANY_TIME_ZONE;

/** Hours before Warsaw's midnight (and after it) in which a run takes another zone. */
const HOURS_BEFORE_MIDNIGHT = 2;
const HOURS_AFTER_MIDNIGHT = 0.5;

/** The wall-clock hour (with its fraction) in `timeZone` at `now`. */
function hourIn(timeZone: string, now: Date): number {
  const clock = wallClockInZone(timeZone, now); // 'YYYY-MM-DD HH:mm:ss'
  return Number(clock.slice(11, 13)) + Number(clock.slice(14, 16)) / 60;
}

/** An IANA fixed-offset zone in which it is between 11:00 and 13:00 at `now`. */
function zoneAtNoon(now: Date): string {
  const utcHour = now.getUTCHours();
  // Etc/GMT names carry the offset's opposite sign: Etc/GMT-5 is UTC+5. Offsets run from -12 to +14.
  const offset = 12 - utcHour;
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** The zone for a run starting at `now`. */
export function journeyTimeZone(now: Date, forced = process.env.E2E_TIME_ZONE): string {
  if (forced) return forced;
  const hour = hourIn(WARSAW, now);
  const nearMidnight = hour >= 24 - HOURS_BEFORE_MIDNIGHT || hour < HOURS_AFTER_MIDNIGHT;
  return nearMidnight ? zoneAtNoon(now) : WARSAW;
}
