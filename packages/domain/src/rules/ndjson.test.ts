import { describe, expect, it } from 'vitest';
import { ndjsonLines } from './ndjson.js';

/** A stream that delivers exactly these chunks of bytes. */
function chunked(...chunks: Uint8Array[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function all(body: ReadableStream<Uint8Array> | null) {
  const lines: unknown[] = [];
  for await (const line of ndjsonLines(body)) lines.push(line);
  return lines;
}

describe('ndjsonLines', () => {
  it('parses each line once it is whole, across chunks and inside a letter', async () => {
    const bytes = new TextEncoder().encode('{"a":1}\n{"etap":"Zapisywanie wierszy: żółw"}\n\n{"b":[2]}');
    const inLetter = bytes.indexOf(0xc5) + 1; // "ż" is c5 bc: cut between its two bytes
    const body = chunked(bytes.slice(0, 3), bytes.slice(3, inLetter), bytes.slice(inLetter));
    expect(await all(body)).toEqual([{ a: 1 }, { etap: 'Zapisywanie wierszy: żółw' }, { b: [2] }]);
  });

  it('gives nothing for an empty answer', async () => {
    expect(await all(null)).toEqual([]);
    expect(await all(chunked())).toEqual([]);
  });

  it('fails on a line that is not JSON', async () => {
    await expect(all(chunked(new TextEncoder().encode('{"a":1}\n<html>\n')))).rejects.toThrow(SyntaxError);
  });
});
