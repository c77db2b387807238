import { and, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/database.js';
import { rowsOf } from './result-rows.js';
import { selectedIds } from './id-arrays.js';
import type { PageWindow } from './paging.js';

/**
 * Trigram signatures (docs/decisions.md, "A walk that skips by signature"): a stored text keeps 256
 * bits, four bigints, one set for each of its trigrams as pg_trgm extracts them (migrations 0020 and
 * 0021, `trigram_signature`); a term's signature (`trigram_term_signature`) holds only the trigrams
 * every text containing it also has. A text whose bits lack one of a term's cannot contain the
 * term, so a walk of an index that carries the bits passes it without reading the row.
 */

/** `alias.column` for each of a table's four signature columns, as a walk's alias reads them. */
export const signatureColumnsOf = (alias: string, names: string[]) =>
  names.map((column) => sql`${sql.identifier(alias)}.${sql.identifier(column)}`);

/** Each term's signature from the database (its trigrams are pg_trgm's), as four bigints. */
export async function termSignatures(db: DbOrTx, terms: string[]): Promise<bigint[][]> {
  const columns = terms.map(
    (term, i) => sql`array_to_string(trigram_term_signature(${term}), ',') AS ${sql.identifier(`s${i}`)}`,
  );
  const result = await db.execute(sql`SELECT ${sql.join(columns, sql`, `)}`);
  const row = rowsOf<Record<string, string>>(result)[0]!;
  return terms.map((_, i) => bigints(row[`s${i}`]!));
}

/** A signature's four bigints, sent as text (a driver would turn bigint into a lossy number). */
const bigints = (text: string) => text.split(',').map((part) => BigInt(part));

/**
 * The signature of a text's start (a short search matches the start of a name or a serial number,
 * which begins a word of the search text): the term's trigrams with the padding of its start and
 * without that of its end, which the text may go on past. The end's padding is what the term's
 * trigrams do not share with the term followed by a letter it does not hold.
 */
export async function startSignature(db: DbOrTx, term: string): Promise<bigint[]> {
  const lower = term.toLocaleLowerCase();
  const filler = [...'qxjvz0123456789'].find((letter) => !lower.includes(letter))!;
  const result = await db.execute(sql`SELECT array_to_string(trigram_bits(ARRAY(
      SELECT g FROM unnest(show_trgm(${term})) AS g WHERE g = ANY(show_trgm(${term + filler})))), ',') AS s`);
  return bigints(rowsOf<{ s: string }>(result)[0]!.s);
}

/** The bits of several terms that must all be held: their union. */
export const allOf = (signatures: bigint[][]) =>
  signatures.reduce((all, bits) => all.map((value, i) => value | bits[i]!), [0n, 0n, 0n, 0n]);

/**
 * `columns` (the four signature columns of a row) hold every bit of `bits`; only the parts with bits
 * set are checked. Undefined when `bits` has none.
 */
export function holdsBits(columns: SQL[], bits: bigint[]): SQL | undefined {
  const parts = bits.flatMap((value, i) =>
    value === 0n ? [] : [sql`(${columns[i]} & ${value.toString()}::bigint) = ${value.toString()}::bigint`],
  );
  return and(...parts);
}

/** About how many rows the probe samples for the share of candidates. */
const PROBE_ROWS = 1000;

/**
 * The share of candidates in a sample of about PROBE_ROWS of the list's `total` rows (whole table
 * pages picked at random, the same ones every time: TABLESAMPLE SYSTEM … REPEATABLE). `table` is
 * the table under the alias the candidates' condition reads, `scope` the list's rows (a family).
 * A sample of the whole list, not its first entries: those may hold a tenth of a term's share (the
 * newest 2,000 own events hold 10 of "wyciek"'s 108,000). It is not the share of matches either: a
 * term of common trigrams ("nowak": "owa" is in four machines in five) leaves many rows its bits
 * cannot rule out, which the walk would read for nothing.
 */
export async function candidateShare(
  db: DbOrTx,
  sample: { table: SQL; alias: string; scope: SQL; total: number },
  candidates: SQL,
): Promise<number> {
  const [share] = await candidateShares(db, sample, [candidates]);
  return share!;
}

/** The shares of several conditions in one sample (candidateShare), in one statement. */
export async function candidateShares(
  db: DbOrTx,
  sample: { table: SQL; alias: string; scope: SQL; total: number },
  conditions: SQL[],
): Promise<number[]> {
  const percent = Math.min(100, (PROBE_ROWS * 100) / Math.max(sample.total, 1));
  const shares = conditions.map(
    (condition, i) =>
      sql`coalesce(avg(CASE WHEN ${condition} THEN 1 ELSE 0 END), 0)::float8 AS ${sql.identifier(`s${i}`)}`,
  );
  const result = await db.execute(sql`SELECT ${sql.join(shares, sql`, `)}
    FROM ${sample.table} AS ${sql.identifier(sample.alias)} TABLESAMPLE SYSTEM (${sql.raw(percent.toFixed(6))}) REPEATABLE (0)
    WHERE ${sample.scope}`);
  const row = rowsOf<Record<string, number>>(result)[0] ?? {};
  return conditions.map((_, i) => Number(row[`s${i}`] ?? 1));
}

/** What a walk and the alternative cost per unit, in microseconds (measured per list). */
export interface WalkCosts {
  /** An index entry passed by its bits. */
  entry: number;
  /** A candidate read through its primary key and checked in full. */
  candidate: number;
  /** A match collected another way (a trigram index) and sorted. */
  match: number;
}

/**
 * Whether a page ends within half again of the estimated matches: it may lie past the end, where a
 * signature walk passes the whole family for nothing, and the matches are few enough to sort
 * ("Szymański" at 100,000 machines: 14,900 events estimated at 17,800, its 1,000th page walked
 * 375,000 in 106 ms against 84–92 ms sorted and counted; on PGlite 237–280 against 73–86 ms).
 */
export const nearTheEnd = (window: PageWindow, estimatedMatches: number) =>
  estimatedMatches < (window.offset + window.limit) * 1.5;

/**
 * Whether a walk could pay at all, before anything is looked up for it: `walkPays` with the fewest
 * candidates there can be, the matches themselves. A list for which even that loses is read its own
 * way at once, without the signature's lookups and the probe's sample (a search of 1,500 events at
 * 10,000). With a candidate's cost of 0, the walk that reads none of them.
 */
export const walkMayPay = (
  window: PageWindow,
  walk: { total: number; estimatedMatches: number },
  costs: WalkCosts,
) =>
  walk.total > 0 && walkPays(window, { ...walk, candidateShare: walk.estimatedMatches / walk.total }, costs);

/**
 * Whether walking pays against collecting and sorting every match. The walk passes (offset + size)
 * × total ÷ matches entries and reads the candidates among them (at least the matches). The matches
 * are the planner's estimate, but never more than the candidates the probe's sample found (at most
 * one in PROBE_ROWS when it found none): the planner takes the serial number "000123" for 38,000
 * machines, where the walk would pass the whole family for none. `readShare`, when the entry tells
 * some candidates outright, is the share of those it reads (a sample, as `candidateShare`).
 */
export function walkPays(
  window: PageWindow,
  walk: { total: number; estimatedMatches: number; candidateShare: number; readShare?: number },
  costs: WalkCosts,
): boolean {
  if (walk.total <= 0) return false;
  const matches = Math.min(walk.estimatedMatches, Math.max(walk.candidateShare, 1 / PROBE_ROWS) * walk.total);
  if (matches <= 0) return false;
  const share = walk.readShare ?? Math.max(walk.candidateShare, matches / walk.total);
  const entries = Math.min(walk.total, ((window.offset + window.limit) * walk.total) / matches);
  const walking = entries * costs.entry + entries * share * costs.candidate;
  return walking < matches * costs.match;
}

/**
 * The walk's plan for the rest of the transaction: no scan or sort that would collect the
 * candidates first, no join that would not read them in the walk's order, too little memory to
 * hash every match of a check that is to be asked row by row (an EXISTS the planner would
 * otherwise run once for the 278,000 events starting "sz": 580 ms), and one process at any depth.
 * Parallel workers take 8–10 ms to start, more than a first page's whole walk (the street
 * "Hutnicza": 12 ms with them, 2–3 ms without), and on a deep page their gain depends on the
 * machine: the 1,000th page of "to" at 1,000,000 machines took 43 ms with them and 56 ms without on
 * one 2-core machine, 212 ms with them and 53 ms without on another, where the 1,000th pages of
 * the searches sorted by a column went no faster with them (docs/decisions.md, "Walks in one
 * process"). The planner takes each bit check for 1 in 200 rows and their product for a handful,
 * so it would otherwise collect and sort them.
 */
export async function keepTheWalk(tx: DbOrTx) {
  await tx.execute(
    sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true),
      set_config('enable_sort', 'off', true), set_config('enable_hashjoin', 'off', true),
      set_config('enable_mergejoin', 'off', true), set_config('work_mem', '64kB', true),
      set_config('max_parallel_workers_per_gather', '0', true)`,
  );
}

/**
 * The ids a walk's query selects, in its order, run under `keepTheWalk` in a transaction of its
 * own; the page's rows are read after it, outside those settings (ruling out a sort there would
 * walk a whole order for 10 rows).
 */
export async function walkedIds(db: Db, query: SQL): Promise<number[]> {
  return underTheWalk(db, (tx) => selectedIds(tx, query));
}

/** `read` in a transaction of its own under `keepTheWalk`'s settings. */
export const underTheWalk = <T>(db: Db, read: (tx: DbOrTx) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await keepTheWalk(tx);
    return read(tx);
  });
