import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type JSZip from 'jszip';
import { IMPORT_MSG } from '@serwis/domain';
import { badRequest } from '../../lib/app-error.js';

/**
 * The longest text a workbook's XML may hold between two tags, in bytes. Excel keeps at most 32,767
 * characters in a cell; written as XML each may take up to six bytes ("&amp;", a 4-byte letter).
 */
const LONGEST_TEXT_BYTES = 32_767 * 6;

const LESS_THAN = 0x3c;

/** What JSZip keeps of an entry it loaded: its bytes as stored and how (0 stored, 8 deflated). */
interface LoadedEntry {
  _data?: { compression?: { magic?: string }; compressedContent?: Uint8Array };
}

/** The entry's XML as it unpacks, in chunks; null for an entry JSZip did not load from the file. */
function unpacked(entry: JSZip.JSZipObject): Readable | null {
  const data = (entry as unknown as LoadedEntry)._data;
  if (!data?.compressedContent) return null;
  const { buffer, byteOffset, byteLength } = data.compressedContent;
  const stored = Readable.from([Buffer.from(buffer, byteOffset, byteLength)]);
  return data.compression?.magic === '\x08\x00' ? stored.pipe(zlib.createInflateRaw()) : stored;
}

/**
 * The bytes since the chunk's last "<", counting `before` (those since the last "<" of the chunks
 * before); null when somewhere more than LONGEST_TEXT_BYTES follow one another without a "<". It
 * jumps from one "<" to the last one within reach rather than visiting each: a sheet has millions.
 */
function runAfter(chunk: Buffer, before: number): number | null {
  let last = -1 - before; // where the latest "<" is (before the chunk when negative)
  for (;;) {
    const reach = last + LONGEST_TEXT_BYTES + 1; // the next "<" must come at or before this
    if (reach >= chunk.length) {
      const found = chunk.lastIndexOf(LESS_THAN);
      return chunk.length - 1 - (found >= 0 && found > last ? found : last);
    }
    const found = chunk.lastIndexOf(LESS_THAN, reach);
    if (found < 0 || found <= last) return null;
    last = found;
  }
}

/**
 * Refuses a workbook whose XML holds a text longer than any cell can: a 410 kB file with one shared
 * string of 400 million characters took the server to 4 GB and kept it from answering for 15 s
 * while the reader built that string. Each XML part is unpacked as a stream (native zlib) and only
 * the length of the current text is kept: 0.35–0.4 s for 100,000 rows of 15 columns (106 MB of XML).
 */
export async function refuseOverlongTexts(zip: JSZip): Promise<void> {
  for (const entry of Object.values(zip.files)) {
    if (entry.dir || !entry.name.endsWith('.xml')) continue;
    const stream = unpacked(entry);
    if (!stream) continue;
    let run: number | null = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      run = runAfter(chunk, run);
      if (run === null) {
        stream.destroy();
        throw badRequest(IMPORT_MSG.cellTooLong, 'IMPORT_CELL_TOO_LONG', 'file');
      }
    }
  }
}
