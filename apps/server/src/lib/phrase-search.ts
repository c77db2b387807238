import { sql, type SQL } from 'drizzle-orm';
import { likeContains } from './text-search.js';

/**
 * Up to this many rows estimated for one word of a phrase, that word alone is looked up in the
 * trigram index and the whole phrase checked on the rows it finds (docs/decisions.md, "A phrase is
 * looked up by its rarest word").
 */
const RARE_WORD_ROWS = 2_000;

/** Words of a phrase worth a trigram lookup: three characters or more, longest first, at most four. */
function lookupWords(term: string): string[] {
  const words = [...new Set(term.split(/\s+/).filter((word) => [...word].length >= 3))];
  return words.sort((a, b) => [...b].length - [...a].length).slice(0, 4);
}

/**
 * "Contains the phrase" over a trigram-indexed text. A phrase of several words is one GIN scan of
 * every trigram it holds, and a common word's trigrams ("protokołu", "nr" in every audit-log entry)
 * have posting lists of millions of rows: "protokołu nr 25000" read 3,900 index pages (63 ms) to
 * find 5 entries at 2,500,000. When the planner's estimate (`estimate`, EXPLAIN: nothing run) puts
 * one word under RARE_WORD_ROWS, only that word goes to the index, and the phrase is checked on the
 * rows it yields through `(…) IS TRUE`, which no index serves. Otherwise the phrase as before.
 */
export async function phraseMatches(
  text: SQL,
  term: string,
  estimate: (condition: SQL) => Promise<number>,
): Promise<SQL> {
  const whole = sql`${text} ILIKE ${likeContains(term)}`;
  const words = lookupWords(term);
  if (words.length < 2) return whole;
  const estimates = await Promise.all(
    words.map(async (word) => ({ word, rows: await estimate(sql`${text} ILIKE ${likeContains(word)}`) })),
  );
  const rarest = estimates.reduce((best, next) => (next.rows < best.rows ? next : best));
  if (rarest.rows > RARE_WORD_ROWS) return whole;
  return sql`(${text} ILIKE ${likeContains(rarest.word)} AND (${whole}) IS TRUE)`;
}
