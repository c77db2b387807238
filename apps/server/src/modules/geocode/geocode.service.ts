import { sql } from 'drizzle-orm';
import { MSG, type GeocodeResult } from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { geocodeCache } from './geocode.table.js';

export interface GeocoderOptions {
  url: string;
  userAgent: string;
  intervalMs: number;
}

/** A cached answer is kept this long; addresses rarely move. */
const CACHE_DAYS = 30;
/** Past this wait for a free slot the caller is told to try again rather than kept hanging. */
const MAX_WAIT_MS = 5000;
const UPSTREAM_TIMEOUT_MS = 8000;
const MAX_RESULTS = 5;

const unavailable = () => new AppError(503, MSG.geocodeUnavailable, 'GEOCODER_UNAVAILABLE');

export const normaliseQuery = (q: string) => q.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, 200);

/**
 * Reserves the next upstream slot in the database, so every server process together keeps to one
 * request per interval: the slot is max(last + interval, now), taken atomically by the upsert.
 * Returns how long to wait for it.
 */
async function reserveSlot(db: Db, intervalMs: number): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO geocode_throttle (id, last_at) VALUES (1, clock_timestamp())
    ON CONFLICT (id) DO UPDATE SET last_at = greatest(
      geocode_throttle.last_at + make_interval(secs => ${intervalMs / 1000}::float8), clock_timestamp())
    RETURNING (extract(epoch from (last_at - clock_timestamp())) * 1000)::float8 AS wait_ms`);
  const rows = (result as unknown as { rows: { wait_ms: number }[] }).rows;
  return Math.max(0, Number(rows[0].wait_ms));
}

interface NominatimPlace {
  lat?: string;
  lon?: string;
  display_name?: string;
}

async function askUpstream(
  options: GeocoderOptions,
  q: string,
  polandOnly: boolean,
): Promise<GeocodeResult[]> {
  const url = new URL(`${options.url.replace(/\/+$/, '')}/search`);
  url.searchParams.set('q', q);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', String(MAX_RESULTS));
  url.searchParams.set('accept-language', 'pl');
  if (polandOnly) url.searchParams.set('countrycodes', 'pl');
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'User-Agent': options.userAgent, Accept: 'application/json' },
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch {
    throw unavailable();
  }
  if (!response.ok) throw unavailable();
  const body = (await response.json().catch(() => null)) as NominatimPlace[] | null;
  if (!Array.isArray(body)) throw unavailable();
  return body
    .map((p) => ({ label: String(p.display_name ?? ''), latitude: Number(p.lat), longitude: Number(p.lon) }))
    .filter(
      (p) =>
        Number.isFinite(p.latitude) &&
        Number.isFinite(p.longitude) &&
        Math.abs(p.latitude) <= 90 &&
        Math.abs(p.longitude) <= 180,
    )
    .slice(0, MAX_RESULTS);
}

async function throttled<T>(db: Db, options: GeocoderOptions, work: () => Promise<T>): Promise<T> {
  const wait = await reserveSlot(db, options.intervalMs);
  if (wait > MAX_WAIT_MS) throw new AppError(503, MSG.geocodeBusy, 'GEOCODER_BUSY');
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return work();
}

/**
 * Address search: the cache first; else Poland first (countrycodes=pl), then anywhere. At most one
 * upstream request per interval across all processes; an unreachable geocoder is a Polish 503.
 */
export async function geocode(db: Db, options: GeocoderOptions, q: string): Promise<GeocodeResult[]> {
  if (!options.url) throw unavailable();
  const key = normaliseQuery(q);
  const cached = await db.execute(
    sql`SELECT results FROM geocode_cache WHERE query = ${key} AND created_at > now() - make_interval(days => ${CACHE_DAYS})`,
  );
  const hit = (cached as unknown as { rows: { results: GeocodeResult[] }[] }).rows[0];
  if (hit) return hit.results;
  let results = await throttled(db, options, () => askUpstream(options, q, true));
  if (results.length === 0) results = await throttled(db, options, () => askUpstream(options, q, false));
  await db
    .insert(geocodeCache)
    .values({ query: key, results })
    .onConflictDoUpdate({ target: geocodeCache.query, set: { results, createdAt: sql`now()` } });
  return results;
}
