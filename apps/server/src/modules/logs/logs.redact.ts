import { and, asc, gt, sql } from 'drizzle-orm';
import { LOG_REDACT_TEXT, REDACTED_TEXT, type LogRedactInput, type SessionUser } from '@serwis/domain';
import type { Db, Tx } from '../../db/database.js';
import { escapeLike } from '../../lib/text-search.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { logSearchText, logs } from './logs.table.js';

/** Entries read and rewritten at a time: a name in 100,000 entries is not held in memory at once. */
const BATCH = 500;
/** The acting user's column holds an e-mail address at most this long. */
const USER_MAX = 254;

/** Every occurrence of `text` in `value`, in any letter case (Ł as ł), replaced by the marker. */
export function withoutText(value: string, text: string) {
  const literal = new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
  return value.replace(literal, REDACTED_TEXT);
}

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
    const holding = sql`${logSearchText(logs)} ILIKE ${`%${escapeLike(input.text)}%`}`;
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
          message: withoutText(row.message, input.text),
          user: row.user === null ? null : withoutText(row.user, input.text).slice(0, USER_MAX),
        }))
        .filter((row, i) => row.message !== rows[i]!.message || row.user !== rows[i]!.user);
      entries += changed.length;
      if (!input.preview && changed.length > 0) await rewrite(tx, changed);
    }
    if (!input.preview && entries > 0) await audit(tx, actor, LOG_REDACT_TEXT.logged(entries));
    return { entries };
  });
}
