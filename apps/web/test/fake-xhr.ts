/** The bytes a request body holds: a FormData's parts added up, as a browser counts them (about). */
function sizeOf(body: unknown): number {
  if (typeof body === 'string') return body.length;
  if (!(body instanceof FormData)) return 0;
  let size = 0;
  body.forEach((value) => (size += typeof value === 'string' ? value.length : value.size));
  return size;
}

/**
 * The XMLHttpRequest an upload with its progress goes through (lib/upload-progress.ts), answered
 * by whatever `fetch` the test put in place when it is sent (the fake API's, or a test's own): so
 * an upload is seen, answered, refused and cancelled as every other call is. Half of the body is
 * reported sent before the answer is asked for, all of it once the answer has come: a test that
 * holds the answer open sees the half. `abort()` aborts the signal that `fetch` was given.
 */
export class FakeXMLHttpRequest {
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  withCredentials = false;
  responseType = '';
  status = 0;
  statusText = '';
  response: unknown = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  private answerHeaders = new Headers();
  private readonly stop = new AbortController();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getAllResponseHeaders() {
    return [...this.answerHeaders].map(([name, value]) => `${name}: ${value}\r\n`).join('');
  }
  abort() {
    this.stop.abort();
    this.onabort?.();
  }
  send(body: unknown) {
    const total = sizeOf(body);
    const progress = (loaded: number) =>
      this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
    void (async () => {
      progress(Math.floor(total / 2));
      let response: Response;
      let blob: Blob;
      try {
        response = await fetch(this.url, {
          method: this.method,
          headers: this.headers,
          body: body as BodyInit,
          credentials: this.withCredentials ? 'include' : 'same-origin',
          signal: this.stop.signal,
        });
        blob = await response.blob();
      } catch {
        if (!this.stop.signal.aborted) this.onerror?.();
        return;
      }
      if (this.stop.signal.aborted) return;
      progress(total);
      this.status = response.status;
      this.statusText = response.statusText;
      this.answerHeaders = response.headers;
      this.response = blob;
      this.onload?.();
    })();
  }
}
