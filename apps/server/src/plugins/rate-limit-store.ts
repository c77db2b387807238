import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { rowsOf } from '../lib/result-rows.js';

/** The prefix of the counters made by `app.createRateLimit`, whose stores belong to no route. */
const ROUTELESS_PREFIX = 'global';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Counters whose window ended long ago (the longest is an hour) count nothing any more: deleted when
 * a new key comes (a new address, a mistyped e-mail), the only way the table grows. Best effort.
 */
function deleteStaleCounters(db: Db) {
  return db
    .execute(sql`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`)
    .catch(() => undefined);
}

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
          GREATEST(0, (EXTRACT(EPOCH FROM (window_start - now())) * 1000)::bigint + ${windowMs})::bigint AS ttl,
          xmax = 0 AS inserted`,
      )
        .then((result) => {
          const row = rowsOf<{ count: number; ttl: number | string; inserted: boolean }>(result)[0];
          callback(null, { current: Number(row.count), ttl: Number(row.ttl) });
          if (row.inserted) void deleteStaleCounters(db);
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
