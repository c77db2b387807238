import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
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
