import type { Storage } from '../../plugins/storage/index.js';

/** The first bytes of each picture a nameplate may be (jpg, jpeg, png, gif, bmp). */
const SIGNATURES: readonly Buffer[] = [
  Buffer.from([0xff, 0xd8, 0xff]), // JPEG
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), // PNG
  Buffer.from('GIF87a', 'latin1'),
  Buffer.from('GIF89a', 'latin1'),
  Buffer.from('BM', 'latin1'),
];
const HEAD_BYTES = Math.max(...SIGNATURES.map((s) => s.length));

/** Whether `head` (a file's first bytes) starts as one of the nameplate's picture formats. */
const startsAsPicture = (head: Buffer) => SIGNATURES.some((s) => head.subarray(0, s.length).equals(s));

/**
 * Whether the stored upload is a picture by its bytes, not only by its name: a text file named
 * "tabliczka.png" was taken and shown on the card as a broken image (spec: "images only").
 */
export async function storedPicture(storage: Storage, name: string): Promise<boolean> {
  const stream = await storage.open(name, { start: 0, end: HEAD_BYTES - 1 });
  if (!stream) return false;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return startsAsPicture(Buffer.concat(chunks));
}
