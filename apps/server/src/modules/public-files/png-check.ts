import zlib from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The public map is 1,100 px square; a side longer than this is no map of ours. */
const MAX_SIDE = 8192;

/**
 * The chunks an image needs, and the ancillary ones a browser's canvas writes (colour space,
 * transparency, pixel size). Text and private chunks are not among them: they carry any bytes.
 */
const IMAGE_CHUNKS = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'pHYs',
  'bKGD',
]);

/**
 * Whether `bytes` are a PNG and nothing else: the signature, then whole chunks with their checksums,
 * IHDR first (a side of 1..MAX_SIDE px), image chunks only, at least one IDAT, and IEND last with
 * nothing after it. The map's address is public: a file that only starts like a PNG could carry
 * anything under the company's name.
 */
export function isPlainPng(bytes: Buffer): boolean {
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let at = PNG_SIGNATURE.length;
  let first = true;
  let images = 0;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > bytes.length) return false;
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (!IMAGE_CHUNKS.has(type)) return false;
    if (zlib.crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length))
      return false;
    if (first !== (type === 'IHDR')) return false;
    if (type === 'IHDR') {
      const width = bytes.readUInt32BE(at + 8);
      const height = bytes.readUInt32BE(at + 12);
      if (length !== 13 || width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return false;
    }
    if (type === 'IDAT') images++;
    if (type === 'IEND') return end === bytes.length && images > 0;
    first = false;
    at = end;
  }
  return false;
}
