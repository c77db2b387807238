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
  const stored = Readable.from([Buffer.from(data.compressedContent)]);
  return data.compression?.magic === '\x08\x00' ? stored.pipe(zlib.createInflateRaw()) : stored;
}

/**
 * Refuses a workbook whose XML holds a text longer than any cell can: a 410 kB file with one shared
 * string of 400 million characters took the server to 4 GB and kept it from answering for 15 s
 * while the reader built that string. Each XML part is unpacked as a stream (native zlib, about
 * 0.3 s for a 100,000-row workbook) and only the length of the current run is kept.
 */
export async function refuseOverlongTexts(zip: JSZip): Promise<void> {
  for (const entry of Object.values(zip.files)) {
    if (entry.dir || !entry.name.endsWith('.xml')) continue;
    const stream = unpacked(entry);
    if (!stream) continue;
    let run = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let from = 0;
      for (;;) {
        const tag = chunk.indexOf(LESS_THAN, from);
        run += (tag < 0 ? chunk.length : tag) - from;
        if (run > LONGEST_TEXT_BYTES) {
          stream.destroy();
          throw badRequest(IMPORT_MSG.cellTooLong, 'IMPORT_CELL_TOO_LONG', 'file');
        }
        if (tag < 0) break;
        run = 0;
        from = tag + 1;
      }
    }
  }
}
