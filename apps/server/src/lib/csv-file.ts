import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A list's CSV export as an attachment, streamed chunk by chunk and kept by no cache. */
export function sendCsvFile(reply: FastifyReply, fileName: string, chunks: AsyncIterable<string>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks, { objectMode: false }));
}
