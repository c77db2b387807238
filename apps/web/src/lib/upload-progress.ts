/** How much of a request's body has gone to the server, in bytes. */
export interface UploadProgress {
  sent: number;
  total: number;
}

export type OnUploadProgress = (progress: UploadProgress) => void;

/** Statuses whose answer has no body: a Response made with one refuses a body. */
const WITHOUT_BODY = new Set([101, 204, 205, 304]);

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

const aborted = () => new DOMException('Wysyłanie przerwane.', 'AbortError');

/**
 * A `fetch` that tells `onProgress` how much of the request's body has been sent. `fetch` cannot:
 * a browser streams a request body only over HTTP/2, and a company's server answers over HTTP/1.1.
 * So an XMLHttpRequest sends it, and its answer comes back as the Response `fetch` would give: a
 * refused connection rejects with a TypeError and a cancelled one with an AbortError, as fetch's do.
 */
export function fetchReportingUpload(onProgress: OnUploadProgress) {
  return (url: string, init: RequestInit): Promise<Response> =>
    new Promise((resolve, reject) => {
      const { signal } = init;
      if (signal?.aborted) {
        reject(aborted());
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', url);
      xhr.withCredentials = init.credentials === 'include';
      xhr.responseType = 'blob';
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress({ sent: event.loaded, total: event.total });
      };
      xhr.onload = () => {
        const body = WITHOUT_BODY.has(xhr.status) ? null : (xhr.response as Blob);
        resolve(
          new Response(body, { status: xhr.status, statusText: xhr.statusText, headers: headersOf(xhr) }),
        );
      };
      xhr.onerror = () => reject(new TypeError('Failed to fetch'));
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => reject(aborted());
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
