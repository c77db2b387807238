/**
 * The lines of a streamed answer (`application/x-ndjson`: one JSON value per line), each parsed as
 * soon as it has arrived whole, so that a long call's progress shows while it runs (the import's
 * `?progress=ndjson`, read by the browser's dialog and by the import benchmark).
 */
export async function* ndjsonLines(body: ReadableStream<Uint8Array> | null): AsyncGenerator<unknown> {
  if (!body) return;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  for (;;) {
    const { done, value } = await reader.read();
    // `stream`: a letter split between two chunks waits for its second half.
    pending += decoder.decode(value, { stream: !done });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) yield JSON.parse(line);
    if (done) break;
  }
  if (pending.trim()) yield JSON.parse(pending);
}
