import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchReportingUpload, type UploadProgress } from './upload-progress';

afterEach(() => vi.unstubAllGlobals());

/** What the request reached `fetch` with (test/fake-xhr.ts sends the XMLHttpRequest there). */
function answering(response: () => Response | Promise<Response>) {
  const seen: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return response();
    }),
  );
  return seen;
}

describe('fetchReportingUpload', () => {
  it('sends the method, headers, cookies and body, reports the bytes sent and answers as fetch would', async () => {
    const seen = answering(
      () =>
        new Response('{"id":5}', {
          status: 201,
          headers: { 'Content-Type': 'application/json', 'X-Total-Count': '7' },
        }),
    );
    const progress: UploadProgress[] = [];
    const form = new FormData();
    form.append('file', new File([new Uint8Array(1000)], 'a.pdf'));
    const response = await fetchReportingUpload((p) => progress.push(p))('/api/file/add?x=1', {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      body: form,
      credentials: 'include',
    });
    expect(seen[0].url).toBe('/api/file/add?x=1');
    expect(seen[0].init.method).toBe('POST');
    expect(seen[0].init.credentials).toBe('include');
    expect(seen[0].init.headers).toEqual({ 'x-requested-with': 'XMLHttpRequest' });
    expect(seen[0].init.body).toBe(form);
    expect(progress).toEqual([
      { sent: 500, total: 1000 },
      { sent: 1000, total: 1000 },
    ]);
    expect(response.status).toBe(201);
    expect(response.headers.get('x-total-count')).toBe('7');
    expect(await response.json()).toEqual({ id: 5 });
  });

  it('gives a 304 or 204 without a body, as a Response of such a status must be', async () => {
    answering(() => new Response(null, { status: 304 }));
    const response = await fetchReportingUpload(() => undefined)('/api/x', { method: 'PATCH' });
    expect(response.status).toBe(304);
    expect(response.body).toBeNull();
  });

  it('rejects a failed connection with a TypeError, as fetch does', async () => {
    answering(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchReportingUpload(() => undefined)('/api/x', { method: 'POST' })).rejects.toThrow(
      TypeError,
    );
  });

  it('stops the sending on its signal and rejects with an AbortError', async () => {
    const seen = answering(() => new Promise<Response>(() => undefined));
    const stop = new AbortController();
    const sending = fetchReportingUpload(() => undefined)('/api/x', { method: 'POST', signal: stop.signal });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    stop.abort();
    await expect(sending).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen[0].init.signal!.aborted).toBe(true);
  });

  it('sends nothing when its signal is already aborted', async () => {
    const seen = answering(() => new Response('{}'));
    const stop = new AbortController();
    stop.abort();
    await expect(
      fetchReportingUpload(() => undefined)('/api/x', { method: 'POST', signal: stop.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(0);
  });
});
