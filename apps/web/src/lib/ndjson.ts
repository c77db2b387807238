/**
 * The lines of a streamed answer (`application/x-ndjson`), each parsed as JSON as soon as it has
 * arrived whole: a long call's progress is shown while it runs.
 */
export async function* ndjsonLines(response: Response): AsyncGenerator<unknown> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  for (;;) {
    const { done, value } = await reader.read();
    pending += decoder.decode(value, { stream: !done });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) yield JSON.parse(line);
    if (done) break;
  }
  if (pending.trim()) yield JSON.parse(pending);
}
