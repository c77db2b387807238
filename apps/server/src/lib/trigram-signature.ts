import { and, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.js';
import type { PageWindow } from './paging.js';

/**
 * Trigram signatures (docs/decisions.md, "A walk that skips by signature"): a stored text keeps 256
 * bits, four bigints, one set for each of its trigrams as pg_trgm extracts them (migrations 0020 and
 * 0021, `trigram_signature`); a term's signature (`trigram_term_signature`) holds only the trigrams
 * every text containing it also has. A text whose bits lack one of a term's cannot contain the
 * term, so a walk of an index that carries the bits passes it without reading the row.
 */

/** pg_trgm's trigrams come from runs of letters and digits: a term needs three in a row to have one. */
export const hasTrigram = (term: string) => /[\p{L}\p{N}]{3}/u.test(term);

/** Each term's signature from the database (its trigrams are pg_trgm's), as four bigints. */
export async function termSignatures(db: DbOrTx, terms: string[]): Promise<bigint[][]> {
  const columns = terms.map(
    (term, i) => sql`array_to_string(trigram_term_signature(${term}), ',') AS ${sql.identifier(`s${i}`)}`,
  );
  const result = await db.execute(sql`SELECT ${sql.join(columns, sql`, `)}`);
  const row = (result as unknown as { rows: Record<string, string>[] }).rows[0]!;
  return terms.map((_, i) => row[`s${i}`]!.split(',').map((part) => BigInt(part)));
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

/** How many of a walk's first index entries are probed for the share of candidates. */
export const PROBE_ENTRIES = 2000;

/**
 * The share of candidates among a walk's first entries: `entries` reads them in the walk's order
 * (an index-only read, aliased as the candidates' condition expects), `candidates` is that
 * condition. It is not the share of matches: a term of common trigrams ("nowak": "owa" is in four
 * machines in five) leaves many entries its bits cannot rule out, which the walk would read for
 * nothing.
 */
export async function candidateShare(db: DbOrTx, entries: SQL, alias: string, candidates: SQL) {
  const result =
    await db.execute(sql`SELECT coalesce(avg(CASE WHEN ${candidates} THEN 1 ELSE 0 END), 0)::float8 AS share
    FROM (${entries} LIMIT ${PROBE_ENTRIES}) AS ${sql.identifier(alias)}`);
  return Number((result as unknown as { rows: { share: number }[] }).rows[0]?.share ?? 1);
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
 * Whether walking pays against collecting and sorting every match. The walk passes (offset + size)
 * × total ÷ matches entries and reads the candidates among them: at least the matches' share, more
 * where the probe saw more (bits a term of common trigrams cannot rule out). The matches are the
 * planner's estimate; when the probe saw no candidate at all, at most one in PROBE_ENTRIES (a rare
 * serial number the planner takes for thousands: the walk would pass the whole list for it).
 */
export function walkPays(
  window: PageWindow,
  walk: { total: number; estimatedMatches: number; candidateShare: number },
  costs: WalkCosts,
): boolean {
  const matches =
    walk.candidateShare > 0
      ? walk.estimatedMatches
      : Math.min(walk.estimatedMatches, walk.total / PROBE_ENTRIES);
  if (matches <= 0 || walk.total <= 0) return false;
  const share = Math.max(walk.candidateShare, matches / walk.total);
  const entries = Math.min(walk.total, ((window.offset + window.limit) * walk.total) / matches);
  const walking = entries * costs.entry + entries * share * costs.candidate;
  return walking < matches * costs.match;
}

/**
 * The walk's plan for the rest of the transaction: no scan or sort that would collect the
 * candidates first, no join that would not read them in the walk's order. Parallel workers stay
 * allowed: on two cores they share a long walk for a net gain (the 1,000th page of "wyciek" at
 * 5,000,000 events: 95 ms with them, 105 ms in one process). The planner takes each
 * bit check for 1 in 200 rows and their product for a handful, so it would otherwise collect and
 * sort them.
 */
export async function keepTheWalk(tx: DbOrTx) {
  await tx.execute(
    sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true),
      set_config('enable_sort', 'off', true), set_config('enable_hashjoin', 'off', true),
      set_config('enable_mergejoin', 'off', true)`,
  );
}
