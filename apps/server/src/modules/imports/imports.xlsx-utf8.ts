/** A stream of a workbook's part: a zip entry as ExcelJS's stream reader is given it. */
interface PartStream {
  setEncoding(encoding: BufferEncoding): unknown;
}

type PartReader = (this: unknown, part: unknown, ...rest: unknown[]) => unknown;

/** The reader's steps that take a part's stream, and the one that takes a sheet's chunks. */
const PART_STEPS = ['_parseRels', '_parseWorkbook', '_parseSharedStrings', '_parseStyles'] as const;
const SHEET_STEP = '_parseWorksheet';

/** A sheet's bytes as text, a letter cut between two chunks put together again. */
async function* utf8Text(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * Makes ExcelJS's stream reader (4.4) read letters of two or more bytes that a chunk boundary cuts.
 * It turns each 16 kB chunk of an unzipped part into text on its own (exceljs#2084, unmended), so a
 * "Ż" that fell on a boundary became "��", and a re-imported register took the broken name as a
 * change. The parts' streams are set to decode as UTF-8 (Node's decoder keeps a cut letter for the
 * next chunk), and a sheet's chunks, which come as an iterator, go through a streaming decoder.
 * Only this reader's own steps change; the reader fails loudly if a new ExcelJS renamed them.
 */
export function readingUtf8AcrossChunks<T extends object>(reader: T): T {
  const steps = reader as unknown as Record<string, PartReader>;
  for (const name of PART_STEPS) {
    const step = steps[name];
    if (typeof step !== 'function') throw new Error(`ExcelJS WorkbookReader has no ${name}`);
    steps[name] = function (part, ...rest) {
      (part as PartStream).setEncoding('utf8');
      return step.call(this, part, ...rest);
    };
  }
  const sheet = steps[SHEET_STEP];
  if (typeof sheet !== 'function') throw new Error(`ExcelJS WorkbookReader has no ${SHEET_STEP}`);
  steps[SHEET_STEP] = function (chunks, ...rest) {
    return sheet.call(this, utf8Text(chunks as AsyncIterable<Buffer | string>), ...rest);
  };
  return reader;
}
