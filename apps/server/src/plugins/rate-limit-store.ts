import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { rowsOf } from '../lib/result-rows.js';

/** The prefix of the counters made by `app.createRateLimit`, whose stores belong to no route. */
const ROUTELESS_PREFIX = 'global';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store kept in PostgreSQL, so every server process behind a proxy counts
 * against the same window.
 */
export function pgRateLimitStore(db: Db) {
  return class PgRateLimitStore {
    readonly prefix: string;
    constructor(options: { routeInfo?: { url?: string; method?: string }; keyPrefix?: string } = {}) {
      this.prefix = options.keyPrefix ?? options.routeInfo?.url ?? ROUTELESS_PREFIX;
    }
    incr(key: string, callback: IncrCallback, timeWindow: number) {
      const fullKey = `${this.prefix}|${key}`;
      const windowMs = Math.max(1, Math.floor(timeWindow));
      db.execute<{ count: number; ttl: number }>(
        sql`
        INSERT INTO rate_limits (key, window_start, count) VALUES (${fullKey}, now(), 1)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowMs / 1000})
                       THEN 1 ELSE rate_limits.count + 1 END,
          window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowMs / 1000})
                       THEN now() ELSE rate_limits.window_start END
        RETURNING count,
          GREATEST(0, (EXTRACT(EPOCH FROM (window_start - now())) * 1000)::bigint + ${windowMs})::bigint AS ttl`,
      )
        .then((result) => {
          const row = rowsOf<{ count: number; ttl: number | string }>(result)[0];
          callback(null, { current: Number(row.count), ttl: Number(row.ttl) });
        })
        .catch((error: Error) => callback(error));
    }
    child(routeOptions: { routeInfo?: { url?: string }; keyPrefix?: string }) {
      return new PgRateLimitStore(routeOptions);
    }
  };
}

/**
 * Gives back one attempt counted by an `app.createRateLimit` limiter (a login that succeeded is not
 * a guess); a counter already at zero or gone stays so.
 */
export async function refundRateLimit(db: Db, key: string) {
  await db.execute(
    sql`UPDATE rate_limits SET count = count - 1 WHERE key = ${`${ROUTELESS_PREFIX}|${key}`} AND count > 0`,
  );
}
