import zlib from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The public map is 1,100 px square; a side longer than this is no map of ours. */
const MAX_SIDE = 8192;

/** The chunks an image is made of: any other critical chunk (upper-case first letter) is refused. */
const CRITICAL_CHUNKS = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);

/**
 * Ancillary chunks kept: how the pixels look (transparency, colour space, pixel size, background).
 * Others (text, EXIF, a browser's or a system's private ones, such as Apple's iDOT) are dropped:
 * no decoder needs them, and they could carry any bytes.
 */
const KEPT_ANCILLARY = new Set(['tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'pHYs', 'bKGD']);

/**
 * `bytes` as a PNG and nothing else, or null when they are no PNG: the signature, then whole chunks
 * with their checksums, IHDR first (a side of 1..MAX_SIDE px), only the image's critical chunks, at
 * least one IDAT, and IEND. Ancillary chunks other than KEPT_ANCILLARY, and whatever follows IEND,
 * are left out. The map's address is public: a file that only started like a PNG could carry
 * anything under the company's name.
 */
export function plainPng(bytes: Buffer): Buffer | null {
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const kept: Buffer[] = [PNG_SIGNATURE];
  let at = PNG_SIGNATURE.length;
  let images = 0;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return null;
    if (zlib.crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length))
      return null;
    const critical = type[0]! <= 'Z';
    if (critical && !CRITICAL_CHUNKS.has(type)) return null;
    if ((kept.length === 1) !== (type === 'IHDR')) return null;
    if (type === 'IHDR') {
      const width = bytes.readUInt32BE(at + 8);
      const height = bytes.readUInt32BE(at + 12);
      if (length !== 13 || width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return null;
    }
    if (type === 'IDAT') images++;
    if (critical || KEPT_ANCILLARY.has(type)) kept.push(bytes.subarray(at, end));
    if (type === 'IEND') return images > 0 ? Buffer.concat(kept) : null;
    at = end;
  }
  return null;
}
