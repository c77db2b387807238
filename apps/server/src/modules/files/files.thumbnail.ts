import { buffer } from 'node:stream/consumers';
import type { FastifyReply } from 'fastify';
import sharp from 'sharp';
import { fileBaseName, fileKind } from '@serwis/domain';
import type { Storage } from '../../plugins/storage/index.js';
import {
  contentDisposition,
  sendStoredFile,
  storedBytesMissing,
  storedFileAnswered,
} from './files.download.js';
import type { FileRow } from './files.repository.js';

/** A picture larger than this is sent whole rather than read into memory to be made small. */
const LARGEST_SHRUNK_BYTES = 64 * 1024 * 1024;
/**
 * Nor is one of more pixels made small (a camera's photo has 12–50 million): a small file can
 * claim a huge picture, and its decoding would take the server's memory.
 */
const LARGEST_SHRUNK_PIXELS = 100_000_000;
/**
 * A JPEG is decoded already shrunk (libjpeg's own halving, to an eighth at most), so a phone's
 * photo of 108 or 200 million pixels gets its small copy too: before, it went to the card whole,
 * and two such cards took a tablet's browser some 730 MB.
 */
const LARGEST_SHRUNK_JPEG_PIXELS = 1_000_000_000;

/**
 * The picture `width` pixels wide at most (and as high), turned as its EXIF says, as WebP (a
 * transparent PNG stays transparent). Null for bytes the image library cannot read (a BMP, a
 * broken file): the caller sends the original.
 */
async function shrink(picture: Buffer, width: number): Promise<Buffer | null> {
  try {
    const { format } = await sharp(picture).metadata();
    const limit = format === 'jpeg' ? LARGEST_SHRUNK_JPEG_PIXELS : LARGEST_SHRUNK_PIXELS;
    return await sharp(picture, { failOn: 'none', limitInputPixels: limit })
      .rotate()
      .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * A stored picture's small copy, for a card that shows it 240 px wide: a tablet's photo of a
 * nameplate is 3–8 MB, its copy some 30 kB. Made on each request the browser's copy does not
 * answer (its ETag names the stored file and the width; one stored name never gets other bytes).
 * Any other file, and a picture the library cannot read, is sent whole as without `width`.
 */
export async function sendThumbnail(
  reply: FastifyReply,
  storage: Storage,
  row: FileRow,
  width: number,
  headers: { range?: string; 'if-none-match'?: string; 'if-range'?: string },
) {
  if (fileKind(row.filename) !== 'image') return sendStoredFile(reply, storage, row, headers);
  const stat = await storage.stat(row.storageName);
  if (!stat) throw storedBytesMissing(reply.log, row);
  if (stat.size > LARGEST_SHRUNK_BYTES) return sendStoredFile(reply, storage, row, headers);
  const etag = `"${row.storageName}-w${width}"`;
  if (storedFileAnswered(reply, etag, headers)) return reply.status(304).send();
  const stream = await storage.open(row.storageName);
  if (!stream) throw storedBytesMissing(reply.log, row);
  const small = await shrink(await buffer(stream), width);
  if (!small) return sendStoredFile(reply, storage, row, headers);
  return reply
    .header('Content-Type', 'image/webp')
    .header('Content-Disposition', contentDisposition('inline', `${fileBaseName(row.filename)}.webp`))
    .header('Content-Length', String(small.length))
    .header('Last-Modified', row.createdAt.toUTCString())
    .send(small);
}
