import { z } from 'zod';
import { decimalFromText } from '../rules/numbers.js';
import { MAX } from '../limits.js';
import { validationMessage } from '../messages.js';
import { PLACES_MSG } from '../places-messages.js';
import { MACHINE_STATUS_NAMES } from '../reference-data.js';
import { id, line, singleSpaced, text } from './common.js';

/**
 * A number from JSON or a form; strings such as "51.1" are accepted, anything else is the given
 * message. Not `z.coerce`: it made "" 0 (a position on the equator) and "0x20" 32.
 */
const coordinate = (min: number, max: number, message: string) =>
  z
    .union([z.number(), z.string().transform(decimalFromText)], {
      error: message,
    })
    .refine((v) => Number.isFinite(v) && v >= min && v <= max, { message });

export const latitude = coordinate(-90, 90, PLACES_MSG.latitudeInvalid);
export const longitude = coordinate(-180, 180, PLACES_MSG.longitudeInvalid);

/** `PATCH /api/device/updateGpsLocation`: both numbers set the position, both null clear it. */
export const gpsUpdateSchema = z
  .object({
    deviceId: id,
    latitude: latitude.nullable(),
    longitude: longitude.nullable(),
  })
  .refine((v) => (v.latitude === null) === (v.longitude === null), {
    message: PLACES_MSG.positionIncomplete,
    path: ['latitude'],
  });
export type GpsUpdate = z.infer<typeof gpsUpdateSchema>;

/** One marker of the machine map: the spec's four fields plus what the popup and filters need. */
export const mapPointSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  color1: z.string(),
  color2: z.string(),
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['INTERNAL', 'EXTERNAL']),
  status: z.enum(MACHINE_STATUS_NAMES),
  categoryId: z.number().int(),
});
export type MapPoint = z.infer<typeof mapPointSchema>;

/** Two greys for a machine whose status has no colours (spec §2 /map). */
export const DEFAULT_MARKER_COLORS = { color1: '#868e96', color2: '#495057' } as const;

/** Optional server-side filters of `with-gps-location-data`. */
export const mapPointsQuery = z.object({
  type: z.enum(['INTERNAL', 'EXTERNAL']).optional(),
  status: z.enum(MACHINE_STATUS_NAMES).optional(),
  categoryId: id.optional(),
});

const placeName = z
  .string({ error: PLACES_MSG.placeNameRequired })
  .transform((v) => singleSpaced(v).trim())
  .pipe(z.string().min(1, PLACES_MSG.placeNameRequired).max(MAX.name, validationMessage.tooLong(MAX.name)));

/** id 0 (or none) inserts, above 0 edits (spec §4). */
const saveId = z.coerce
  .number({ error: validationMessage.wrongType })
  .int(validationMessage.wrongType)
  .min(0, validationMessage.wrongType)
  .max(2_147_483_647, validationMessage.wrongType)
  .nullish()
  .transform((v) => v || 0);

/** Spec §5: a place must have a position; 0/0 is the form's "not chosen yet". */
const placePosition = {
  latitude: latitude.nullish(),
  longitude: longitude.nullish(),
};
type PlacePosition = { latitude?: number | null; longitude?: number | null };
/** No position, or the form's 0/0 "not chosen yet". */
export const isPlacePositionMissing = (v: PlacePosition) =>
  v.latitude == null || v.longitude == null || (v.latitude === 0 && v.longitude === 0);
function requirePosition(v: PlacePosition, ctx: z.RefinementCtx) {
  if (isPlacePositionMissing(v))
    ctx.addIssue({ code: 'custom', message: PLACES_MSG.placeLocationRequired, path: ['latitude'] });
}

/**
 * The two rules of the save schemas that the hotel and branch forms check before sending (spec §5):
 * a name, and a position chosen on the map. Each field's message, or null.
 */
export function placeRequiredErrors(v: { name: string } & PlacePosition) {
  return {
    name: v.name.trim() ? null : PLACES_MSG.placeNameRequired,
    latitude: isPlacePositionMissing(v) ? PLACES_MSG.placeLocationRequired : null,
  };
}

const placeContact = {
  zipCode: line(20),
  city: line(MAX.short),
  province: line(40),
  phone: line(50),
  email: text(MAX.email),
  www: text(MAX.name),
  description: text(MAX.text),
};

export const hotelSaveSchema = z
  .object({ id: saveId, name: placeName, streetAddress: line(MAX.name), ...placeContact, ...placePosition })
  .superRefine(requirePosition);
export type HotelSave = z.infer<typeof hotelSaveSchema>;

export const branchSaveSchema = z
  .object({ id: saveId, name: placeName, street: line(MAX.name), ...placeContact, ...placePosition })
  .superRefine(requirePosition);
export type BranchSave = z.infer<typeof branchSaveSchema>;

const contactOut = {
  zipCode: z.string(),
  city: z.string(),
  province: z.string(),
  phone: z.string(),
  email: z.string(),
  www: z.string(),
  description: z.string(),
};

export const hotelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  streetAddress: z.string(),
  ...contactOut,
  latitude: z.number(),
  longitude: z.number(),
});
export type Hotel = z.infer<typeof hotelSchema>;

/** A hotel near a machine: `distance` is the great-circle distance in km. */
export const nearbyHotelSchema = hotelSchema.extend({ distance: z.number() });
export type NearbyHotel = z.infer<typeof nearbyHotelSchema>;

export const branchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  street: z.string(),
  ...contactOut,
  /** Null: "Brak ustalonej pozycji". */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Branch = z.infer<typeof branchSchema>;

export const PUBLIC_MAP_FILE = 'machines-map.png';
export const PUBLIC_MAP_SIZE = 1100;

export const publicFileUploadSchema = z.object({
  name: z.literal('map', { error: PLACES_MSG.publicFileNameInvalid }),
  base64: z.string({ error: PLACES_MSG.publicFileNotPng }).min(1, PLACES_MSG.publicFileNotPng),
});

export const geocodeQuery = z.object({
  q: z
    .string({ error: PLACES_MSG.geocodeQueryRequired })
    .trim()
    .min(1, PLACES_MSG.geocodeQueryRequired)
    .max(MAX.search, validationMessage.tooLong(MAX.search)),
});

export const geocodeResultSchema = z.object({
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;

/** `GET /api/map/config`: where tiles come from, so that tests and offline sites can point elsewhere. */
export const mapConfigSchema = z.object({
  tileUrl: z.string(),
  attribution: z.string(),
  hotelRadiusKm: z.number(),
  geocoding: z.boolean(),
  publicMapPath: z.string(),
  /** Whether the website's map image has been made yet (a new installation has none). */
  publicMapMade: z.boolean(),
});
export type MapConfig = z.infer<typeof mapConfigSchema>;

/** Spec §9 map centres and zooms. */
export const MAP_VIEW = {
  places: { center: [51.06, 19.11] as [number, number], zoom: 6 },
  machines: { center: [51.97, 19.18] as [number, number], zoom: 7 },
  markerSize: 40,
} as const;

/**
 * Spec §5: a branch web link opens as given when it already names a scheme, else with a // prefix.
 * Only http and https open: another scheme (javascript://, data://, file://) gives '' and the address
 * is shown as plain text.
 */
export function branchLink(www: string): string {
  const trimmed = www.trim();
  if (!trimmed) return '';
  if (trimmed.startsWith('//')) return trimmed;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(trimmed)?.[1];
  if (scheme === undefined) return `//${trimmed}`;
  return /^https?$/i.test(scheme) ? trimmed : '';
}
