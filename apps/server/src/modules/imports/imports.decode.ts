import iconv from 'iconv-lite';
import { turnTaker } from '../../lib/event-loop-turns.js';

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** Bytes decoded at a time, so that a 14 MB file is no 0.1 s of the event loop at once. */
const DECODED_PER_TURN = 1 << 20;

/** `bytes` decoded a megabyte at a time, the server's other requests let in between (turnTaker). */
async function decodeInSlices(bytes: Buffer, decode: (slice: Buffer) => string): Promise<string> {
  const giveTurn = turnTaker();
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += DECODED_PER_TURN) {
    parts.push(decode(bytes.subarray(at, at + DECODED_PER_TURN)));
    await giveTurn();
  }
  return parts.join('');
}

/**
 * A CSV's text, and whether Excel may have written "?" for letters in it: a file read as
 * Windows-1250, or one of plain ASCII without the BOM of Excel's "CSV UTF-8" (a row whose only
 * letters beyond ASCII were Cyrillic is all ASCII once saved as Windows-1250).
 */
export interface DecodedText {
  text: string;
  lettersMayBeLost: boolean;
}

/**
 * Bytes of a CSV as text: UTF-8 (with or without BOM) when they are valid UTF-8, else Windows-1250
 * (what Excel writes on a Polish Windows for "CSV (rozdzielany przecinkami)").
 */
export async function decodeText(bytes: Buffer): Promise<DecodedText> {
  const bom = bytes.subarray(0, 3).equals(UTF8_BOM);
  const body = bom ? bytes.subarray(3) : bytes;
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  try {
    // `stream`: a character cut between two slices is finished by the next one.
    const text =
      (await decodeInSlices(body, (slice) => utf8.decode(slice, { stream: true }))) + utf8.decode();
    // As many characters as bytes: every one of them ASCII (any other takes two bytes or more).
    return { text, lettersMayBeLost: !bom && text.length === body.length };
  } catch {
    // Windows-1250 is one byte a character: every slice decodes on its own.
    return {
      text: await decodeInSlices(body, (slice) => iconv.decode(slice, 'win1250')),
      lettersMayBeLost: true,
    };
  }
}
