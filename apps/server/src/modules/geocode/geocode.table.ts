import { integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { GeocodeResult } from '@serwis/domain';

/** Answers of the upstream geocoder by normalised query, so a repeated search costs no request. */
export const geocodeCache = pgTable('geocode_cache', {
  query: varchar({ length: 200 }).primaryKey(),
  results: jsonb().$type<GeocodeResult[]>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row: the time of the last reserved upstream request. Every process reserves its slot here,
 * so all servers together send at most one request per interval (Nominatim's usage policy).
 */
export const geocodeThrottle = pgTable('geocode_throttle', {
  id: integer().primaryKey(),
  lastAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
});
