import { sql } from 'drizzle-orm';
import { type GeocodeResult, PLACES_MSG } from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';
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

const unavailable = () => new AppError(503, PLACES_MSG.geocodeUnavailable, 'GEOCODER_UNAVAILABLE');

export const normaliseQuery = (q: string) => q.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, 200);

/**
 * Claims the right to send one upstream request now, in the database, so every server process
 * together keeps to one request per interval: the one-row table holds the time of the last request,
 * and the upsert takes it only when that is at least an interval ago (atomically: a concurrent
 * claim re-checks the row it waited for). Returns 0 when claimed, else how long to wait.
 */
async function claimSlot(db: Db, intervalMs: number): Promise<number> {
  const seconds = intervalMs / 1000;
  const claimed = await db.execute(sql`
    INSERT INTO geocode_throttle (id, last_at) VALUES (1, clock_timestamp())
    ON CONFLICT (id) DO UPDATE SET last_at = clock_timestamp()
      WHERE geocode_throttle.last_at <= clock_timestamp() - make_interval(secs => ${seconds}::float8)
    RETURNING id`);
  if (rowsOf<unknown>(claimed).length > 0) return 0;
  const left = await db.execute(sql`
    SELECT (extract(epoch from (last_at + make_interval(secs => ${seconds}::float8) - clock_timestamp())) * 1000)::float8 AS wait_ms
    FROM geocode_throttle WHERE id = 1`);
  const rows = rowsOf<{ wait_ms: number }>(left);
  return Math.max(1, Number(rows[0]?.wait_ms ?? 1));
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
  const deadline = Date.now() + MAX_WAIT_MS;
  for (;;) {
    const wait = await claimSlot(db, options.intervalMs);
    if (wait === 0) return work();
    if (Date.now() + wait > deadline) throw new AppError(503, PLACES_MSG.geocodeBusy, 'GEOCODER_BUSY');
    // A little jitter, so waiting requests do not all ask again at the same moment.
    await new Promise((resolve) => setTimeout(resolve, wait + Math.random() * 25));
  }
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
  const hit = rowsOf<{ results: GeocodeResult[] }>(cached)[0];
  if (hit) return hit.results;
  let results = await throttled(db, options, () => askUpstream(options, q, true));
  if (results.length === 0) results = await throttled(db, options, () => askUpstream(options, q, false));
  await db
    .insert(geocodeCache)
    .values({ query: key, results })
    .onConflictDoUpdate({ target: geocodeCache.query, set: { results, createdAt: sql`now()` } });
  return results;
}
