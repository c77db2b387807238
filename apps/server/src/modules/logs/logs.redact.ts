import { and, asc, gt, sql } from 'drizzle-orm';
import { LOG_REDACT_TEXT, REDACTED_TEXT, type LogRedactInput, type SessionUser } from '@serwis/domain';
import type { Db, Tx } from '../../db/database.js';
import { QUOTE_CHARACTERS, cleanTerm, escapeLike, likeContains } from '../../lib/text-search.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { logSearchText, logs } from './logs.table.js';

/** Entries read and rewritten at a time: a name in 100,000 entries is not held in memory at once. */
const BATCH = 500;
/** The acting user's column holds an e-mail address at most this long. */
const USER_MAX = 254;

/**
 * The text as a pattern of whole words: any letter case (Ł as ł), any run of white space for a
 * space, any quotation mark for one (as the log's search: text-search.ts, likeContains), and never inside a longer word ("ser" is not taken out of
 * "serwis": three letters rewrote every entry of the log).
 */
function wholeText(text: string) {
  const parts = [...text].map((ch) =>
    /\s/.test(ch)
      ? '\\s+'
      : QUOTE_CHARACTERS.includes(ch)
        ? `[${QUOTE_CHARACTERS}]`
        : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  return new RegExp(`(?<![\\p{L}\\p{N}])${parts.join('')}(?![\\p{L}\\p{N}])`, 'giu');
}

/** Every occurrence of the text (its `wholeText` pattern) in `value` replaced by the marker. */
const withoutText = (value: string, text: RegExp) => value.replace(text, REDACTED_TEXT);

/** The log's own entries of removals: they say how many, and stay as they are. */
const REDACTION_ENTRY = `%: ${escapeLike(LOG_REDACT_TEXT.logged(0).split(' (')[0]!)} (%`;

type Redacted = { id: number; message: string; user: string | null };

async function rewrite(tx: Tx, rows: Redacted[]) {
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::bigint, ${r.message}::text, ${r.user}::varchar)`),
    sql`, `,
  );
  await tx.execute(sql`UPDATE ${logs} SET "formatted_message" = v.message, "arg0" = v.who
    FROM (VALUES ${values}) AS v(id, message, who) WHERE ${logs.eventId} = v.id`);
}

/**
 * POST /api/log/redact: a person's data (name, phone, e-mail) taken out of every log entry that
 * holds it, in the message and as the acting user, for a request to erase it (RODO). The entries
 * stay (who did what and when); the text becomes "[usunięto]". `preview` only counts them. The
 * removal is logged with its count, never with the text.
 */
export async function redactLog(db: Db, actor: SessionUser, input: LogRedactInput) {
  return inTransaction(db, async (tx) => {
    const text = cleanTerm(input.text);
    const pattern = wholeText(text);
    const holding = sql`${logSearchText(logs)} ILIKE ${likeContains(text)}
      AND ${logs.formattedMessage} NOT LIKE ${REDACTION_ENTRY}`;
    let entries = 0;
    let after = 0;
    for (;;) {
      const rows = await tx
        .select({ id: logs.eventId, message: logs.formattedMessage, user: logs.arg0 })
        .from(logs)
        .where(and(holding, gt(logs.eventId, after)))
        .orderBy(asc(logs.eventId))
        .limit(BATCH);
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      const changed = rows
        .map((row) => ({
          id: row.id,
          message: withoutText(row.message, pattern),
          user: row.user === null ? null : withoutText(row.user, pattern).slice(0, USER_MAX),
        }))
        .filter((row, i) => row.message !== rows[i]!.message || row.user !== rows[i]!.user);
      entries += changed.length;
      if (!input.preview && changed.length > 0) await rewrite(tx, changed);
    }
    if (!input.preview && entries > 0) await audit(tx, actor, LOG_REDACT_TEXT.logged(entries));
    return { entries };
  });
}
