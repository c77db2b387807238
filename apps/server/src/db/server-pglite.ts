import {
  PGlite,
  type PGliteOptions,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { keepFileSizes } from './pglite-file-sizes.js';
import { keepTextTypesAsText, withoutTextParsers } from './pglite-parsers.js';
import { queryInTwoCalls } from './pglite-two-calls.js';

/**
 * A statement PGlite's own `query` runs: one that reads or writes PGlite's blob device (COPY … TO
 * or FROM '/dev/blob'), which its `query` prepares and collects around the statement.
 */
const usesBlob = (text: string, options?: QueryOptions) =>
  Boolean(options?.blob) || text.includes('/dev/blob');

/**
 * PGlite as the server runs it (docs/decisions.md, "PGlite's parsers", "The sizes of PGlite's
 * files", "PGlite's statements in two calls"): drizzle's text types parsed once for all queries
 * (a statement runs without a copy of the parser map), the sizes of the open files kept in memory,
 * and each statement sent in two calls into WebAssembly, in a transaction or not.
 */
export class ServerPGlite extends PGlite {
  /** Opens the database: ready, its text types kept as text and its files' sizes in memory. */
  static async open(options: PGliteOptions): Promise<ServerPGlite> {
    const client = new ServerPGlite(options);
    await client.waitReady;
    keepTextTypesAsText(client);
    keepFileSizes(client);
    return client;
  }

  override async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const own = withoutTextParsers(options);
    if (usesBlob(text, own)) return super.query<T>(text, params, own);
    await this._checkReady();
    return this._runExclusiveTransaction<Results<T>>(() => queryInTwoCalls<T>(this, text, params, own, true));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const query = tx.query.bind(tx);
      tx.query = <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        const own = withoutTextParsers(options);
        // A closed transaction's query is refused by PGlite's own, as before.
        if (tx.closed || usesBlob(text, own)) return query<R>(text, params, own);
        return queryInTwoCalls<R>(this, text, params, own, false);
      };
      return callback(tx);
    });
  }
}
