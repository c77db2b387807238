import { and, between, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Mean Earth radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

export interface LatLon {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in km (haversine), the same formula as `distanceSql`. */
export function haversineKm(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Haversine in SQL: plain functions every PostgreSQL (and PGlite) has, no extension. */
export function distanceSql(lat: AnyPgColumn, lon: AnyPgColumn, from: LatLon): SQL<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
    power(sin(radians(${lat} - ${from.latitude}::float8) / 2), 2)
    + cos(radians(${from.latitude}::float8)) * cos(radians(${lat}))
      * power(sin(radians(${lon} - ${from.longitude}::float8) / 2), 2)))))`;
}

/**
 * A latitude/longitude box that holds every point within `radiusKm`, as a condition a B-tree
 * index on (latitude, longitude) can serve. The exact distance is checked afterwards. Near the poles
 * every longitude qualifies; across the antimeridian the box is two ranges.
 */
export function boundingBoxSql(lat: AnyPgColumn, lon: AnyPgColumn, from: LatLon, radiusKm: number): SQL {
  const dLat = radiusKm / KM_PER_DEGREE;
  const minLat = from.latitude - dLat;
  const maxLat = from.latitude + dLat;
  const latRange = between(lat, Math.max(-90, minLat), Math.min(90, maxLat));
  if (minLat <= -90 || maxLat >= 90) return latRange;
  // The widest longitude span is at the box's edge farthest from the equator.
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const dLon = radiusKm / (KM_PER_DEGREE * Math.cos((widest * Math.PI) / 180));
  if (dLon >= 180) return latRange;
  const minLon = from.longitude - dLon;
  const maxLon = from.longitude + dLon;
  if (minLon < -180) return and(latRange, or(between(lon, minLon + 360, 180), between(lon, -180, maxLon)))!;
  if (maxLon > 180) return and(latRange, or(between(lon, minLon, 180), between(lon, -180, maxLon - 360)))!;
  return and(latRange, between(lon, minLon, maxLon))!;
}
