import { cutText, wellFormedText } from '@serwis/domain';
import { eq, like, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { escapeLike } from '../../lib/text-search.js';
import { files } from './files.table.js';

const MAX_NAME = 255;
const EXTENSION = /\.[A-Za-z0-9]{1,10}$/;

function split(name: string) {
  const ext = EXTENSION.exec(name)?.[0] ?? '';
  return { stem: name.slice(0, name.length - ext.length), ext };
}

/** `schemat.pdf`, 3 → `schemat (3).pdf`, the stem shortened so the whole fits the column. */
export function numberedName(name: string, n: number): string {
  const { stem, ext } = split(name);
  const suffix = ` (${n})`;
  return `${cutText(stem, MAX_NAME - suffix.length - ext.length)}${suffix}${ext}`;
}

/**
 * The first of `name`, `name (2)`, `name (3)`… that no file has yet. Uploads of one name wait for
 * each other until each is committed (a lock on the name's stem for the rest of the transaction),
 * so the next sees the names taken before it: ten photos `IMG_0001.jpg` sent at once from tablets
 * took turns at five names and some were refused. The unique index still settles anything else
 * (the loser asks again, see `insertFileRow`).
 */
export async function freeDownloadName(db: DbOrTx, name: string): Promise<string> {
  const base = cutText(wellFormedText(name), MAX_NAME);
  const { stem, ext } = split(base);
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('file-download-name'), hashtext(${stem}))`);
  const rows = await db
    .select({ name: files.downloadName })
    .from(files)
    .where(
      or(
        eq(files.downloadName, base),
        like(
          files.downloadName,
          `${escapeLike(cutText(stem, MAX_NAME - 12 - ext.length))}% (%)${escapeLike(ext)}`,
        ),
      ),
    );
  const taken = new Set(rows.map((r) => r.name));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = numberedName(base, n);
    if (!taken.has(candidate)) return candidate;
  }
}
