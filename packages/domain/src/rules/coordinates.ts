import { latitude as latitudeRule, longitude as longitudeRule } from '../schemas/places.js';

/**
 * A position pasted as text: a pair copied from a map ("50.06194, 19.93685", "50,06194 19,93685")
 * or a map link that carries one (Google Maps' `@50.06,19.93,15z`, `?q=50.06,19.93`, `ll=`,
 * OpenStreetMap's `#map=15/50.06/19.93` and `?mlat=…&mlon=…`). Latitude first, as the maps give it.
 * Anything else, or a pair out of range, is no position: the field then takes the paste as typed.
 */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

const DOTTED = String.raw`-?\d{1,3}(?:\.\d+)?`;
// A bare pair joined by a comma alone needs dots in both numbers, as a map gives them: "50,1" typed
// in one field is 50.1, never the pair 50 and 1. Joined by a comma and a space, a semicolon or
// spaces, either may be whole or have a Polish comma: "52, 21" pasted was read as 52.21.
const DECIMAL_DOTTED = String.raw`-?\d{1,3}\.\d+`;
const NUMBER = String.raw`-?\d{1,3}(?:[.,]\d+)?`;

const PATTERNS: RegExp[] = [
  // Links first: their numbers are dotted and separated by a comma or a slash.
  new RegExp(String.raw`@(${DOTTED}),(${DOTTED})`),
  new RegExp(String.raw`[?&](?:q|query|ll|center|destination)=(${DOTTED})(?:,|%2C)\s*(${DOTTED})`, 'i'),
  new RegExp(String.raw`[?&]mlat=(${DOTTED})&mlon=(${DOTTED})`, 'i'),
  new RegExp(String.raw`#map=\d{1,2}/(${DOTTED})/(${DOTTED})`),
  // A bare pair: dotted numbers with a comma between, or any with a comma and a space, a semicolon
  // or spaces between.
  new RegExp(String.raw`^\s*(${DECIMAL_DOTTED})\s*,\s*(${DECIMAL_DOTTED})\s*$`),
  new RegExp(String.raw`^\s*(${NUMBER})(?:\s*;\s*|,\s+|\s+)(${NUMBER})\s*$`),
];

const asNumber = (text: string) => Number(text.replace(',', '.'));

export function coordinatesInText(text: string): Coordinates | null {
  for (const pattern of PATTERNS) {
    const match = pattern.exec(text.trim());
    if (!match) continue;
    const latitude = asNumber(match[1]!);
    const longitude = asNumber(match[2]!);
    // The ranges the position's save takes (schemas/places.ts).
    const inRange = latitudeRule.safeParse(latitude).success && longitudeRule.safeParse(longitude).success;
    return inRange ? { latitude, longitude } : null;
  }
  return null;
}
