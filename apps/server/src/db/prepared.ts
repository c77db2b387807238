import type { Db } from './database.js';

/**
 * A statement of a fixed shape, asked on every request (the session's user, a kept list total),
 * prepared once per database under `name`: drizzle builds its SQL once instead of at each call, and
 * PostgreSQL plans it once per pooled connection. At 1,000,000 machines the session's user took
 * 0.45 ms built each time and 0.17 ms prepared on PostgreSQL, 0.70 and 0.53 ms on PGlite. Only for
 * the database itself: a transaction runs on a connection of its own, where the statement is not
 * prepared.
 */
export function preparedPerDatabase<P>(build: (db: Db) => P): (db: Db) => P {
  const built = new WeakMap<Db, P>();
  return (db) => {
    let prepared = built.get(db);
    if (!prepared) {
      prepared = build(db);
      built.set(db, prepared);
    }
    return prepared;
  };
}
