import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/database.js';
import { audit, type Actor } from '../plugins/audit.js';
import { cutWhenStalled, endWithAnswer } from './json-stream.js';

/**
 * A list's CSV export as an attachment, streamed chunk by chunk and kept by no cache; `source`, the
 * ids the chunks are made from, is ended with the answer (json-stream.ts, endWithAnswer), and the
 * answer is cut when its client stops reading (cutWhenStalled).
 */
export function sendCsvFile(
  reply: FastifyReply,
  fileName: string,
  chunks: AsyncIterable<string>,
  source: AsyncIterator<unknown>,
) {
  endWithAnswer(reply, source);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(cutWhenStalled(reply, chunks), { objectMode: false }));
}

/**
 * Logs who took a list's file home and what it held (a customers' file is names, phones and
 * e-mails): "pobranie pliku kontrahenci.csv (wyszukiwanie „Łódź”, z filtrem)". Written when the
 * export starts, before its rows go out.
 */
export async function auditCsvExport(
  db: Db,
  actor: Actor | null,
  fileName: string,
  { q, filtered = false }: { q?: string; filtered?: boolean },
) {
  const term = q?.trim();
  const what = [...(term ? [`wyszukiwanie „${term}”`] : []), ...(filtered ? ['z filtrem'] : [])];
  await audit(db, actor, `pobranie pliku ${fileName}${what.length ? ` (${what.join(', ')})` : ''}`);
}
