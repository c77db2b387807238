import { APP_VERSION_HEADER, MSG, SHOWN_USER_HEADER } from '@serwis/domain';

/** A failed API call: the HTTP status and the server's Polish message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The field a 400 is about, as the API names it (`paymentType`, `customer.id`). */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const sessionEndedListeners = new Set<(code: string | undefined) => void>();

/**
 * Calls `listener` whenever an API call answers 401: the session ended (expired, logged out in
 * another tab, account deactivated), whether a query, a write or a dialog's own call (an import, a
 * download) made it. Answers the function that stops the calls.
 */
export function onSessionEnded(listener: (code: string | undefined) => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

const forbiddenListeners = new Set<() => void>();

/**
 * Calls `listener` whenever an API call answers 403: the employee may have lost a right meanwhile
 * (an administrator made an employee again while the logs were open), so the session is asked
 * again and the screens and menus follow it. Answers the function that stops the calls.
 */
export function onForbidden(listener: () => void): () => void {
  forbiddenListeners.add(listener);
  return () => forbiddenListeners.delete(listener);
}

/** The employee this tab shows (the session query's), named to the server with every call. */
let shownUserId: number | null = null;

/**
 * Sets the employee this tab shows. The tabs share one session cookie: once another tab logged in
 * as someone else, the server refuses this tab's calls (401) rather than sign its work with the
 * other name, and the tab asks for a login again.
 */
export function setShownUser(id: number | null) {
  shownUserId = id;
}

let servedApp: string | null = null;

/** The build of the app the server serves, as its last answer named it (`X-Serwis-App`). */
export const servedAppVersion = () => servedApp;

/** The build this page started from: its entry script, as index.html names it (none in development). */
const ownAppVersion = () =>
  document.querySelector('script[type="module"][src^="/assets/"]')?.getAttribute('src') ?? null;

/** The server's last answer named another build than this page's: a deploy since the page loaded. */
export const servesAnotherBuild = () => !!servedApp && !!ownAppVersion() && servedApp !== ownAppVersion();

type Body = unknown;
interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined | (string | number)[]>;
  body?: Body;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * The text of each multipart part sent as a Blob (a JSON part), by the part's name: a FormData
   * gives such a part back as a file named "blob" dated when it was added, so two different events
   * (or the same one sent again) could not be told apart by what they send without it.
   */
  partTexts?: Record<string, string>;
  /** What sends the request instead of `fetch`: one that reports an upload's progress. */
  transport?: (url: string, init: RequestInit) => Promise<Response>;
}

function buildUrl(path: string, query?: RequestOptions['query']) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', ...options.headers };
  if (shownUserId !== null) headers[SHOWN_USER_HEADER] = String(shownUserId);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await (options.transport ?? fetch)(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, MSG.connectionError, 'NETWORK');
  }
  servedApp = response.headers.get(APP_VERSION_HEADER) ?? servedApp;
  if (response.status === 403) forbiddenListeners.forEach((listener) => listener());
  if (!response.ok && response.status !== 304) {
    let message: string = MSG.unknownError;
    let code: string | undefined;
    let field: string | undefined;
    try {
      const data = (await response.json()) as { message?: string; code?: string; field?: string };
      if (data.message) message = data.message;
      code = data.code;
      field = data.field;
    } catch {
      // not JSON: keep the generic message
    }
    // Told with the server's code: "ANOTHER_ACCOUNT" words the dialog that asks for a login again.
    if (response.status === 401) sessionEndedListeners.forEach((listener) => listener(code));
    throw new ApiError(response.status, message, code, field);
  }
  return response;
}

async function json<T>(response: Response): Promise<T> {
  if (response.status === 204 || response.status === 304) return undefined as T;
  const text = await response.text();
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    // A 2xx that is not the API's JSON (a proxy's or a captive portal's page): a failed call with
    // its status, like the others, not a bare SyntaxError.
    throw new ApiError(response.status, MSG.connectionError, 'NOT_JSON');
  }
}

export interface Page<T> {
  items: T[];
  total: number;
  /** The server estimated the total (`X-Total-Count-Estimated: true`): a long list, not counted. */
  estimated?: boolean;
  /** The estimate is what the server has seen match: at least so many (`X-Total-Count-Lower-Bound`). */
  lowerBound?: boolean;
}

/**
 * What a write sends, as text: a file part by its name, size and date (the same file chosen once),
 * a JSON part by the text `partTexts` gives.
 */
function writeKey(method: string, path: string, options: RequestOptions): string {
  const { body, partTexts = {} } = options;
  const sent =
    body instanceof FormData
      ? [...body.entries()].map(([name, value]) =>
          typeof value === 'string'
            ? [name, value]
            : name in partTexts
              ? [name, partTexts[name]]
              : [name, value.name, value.size, value.lastModified],
        )
      : (body ?? null);
  return `${method} ${buildUrl(path, options.query)} ${JSON.stringify(sent)}`;
}

const writesOnTheirWay = new Map<string, Promise<unknown>>();

/**
 * Additions sent without an answer (the connection dropped, or the dialog was cancelled): the key
 * each went with, for the same addition sent again. The server may have saved it before the answer
 * was lost; sent again with its key, it gets that answer back instead of saving a second record
 * (the server's `write-replay`, which keeps keys for 15 minutes too).
 */
const unanswered = new Map<string, { key: string; at: number }>();
const RETRY_KEY_MS = 15 * 60 * 1000;

/** 128 random bits as hex: `crypto.randomUUID` is only there over HTTPS, a LAN server may not be. */
const newWriteKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

function writeKeyFor(write: string): string {
  const earlier = unanswered.get(write);
  return earlier && Date.now() - earlier.at < RETRY_KEY_MS ? earlier.key : newWriteKey();
}

/** Whether the server may have the write without its answer having come. */
const answerLost = (error: unknown) =>
  (error instanceof ApiError && error.code === 'NETWORK') || (error as Error)?.name === 'AbortError';

/**
 * A write (POST, PUT, PATCH, DELETE) and its answer. One exactly like a write still on its way is
 * not sent again: it gets that write's answer. A double click or a double tap on "Zapisz" sends
 * the form twice before the button shows it is saving, and a new service event was made twice.
 */
function write<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const key = writeKey(method, path, options);
  const sending = writesOnTheirWay.get(key);
  if (sending) return sending as Promise<T>;
  // An addition (POST) carries a key; the same addition sent again after a lost answer, the same.
  const replayKey = method === 'POST' ? writeKeyFor(key) : null;
  const headers = replayKey ? { ...options.headers, 'Idempotency-Key': replayKey } : options.headers;
  const answer = send(method, path, { ...options, headers })
    .then(
      (response) => {
        unanswered.delete(key);
        return json<T>(response);
      },
      (error: unknown) => {
        if (replayKey && answerLost(error)) unanswered.set(key, { key: replayKey, at: Date.now() });
        else unanswered.delete(key);
        throw error;
      },
    )
    .finally(() => writesOnTheirWay.delete(key));
  writesOnTheirWay.set(key, answer);
  return answer;
}

export const api = {
  get: async <T>(path: string, options?: RequestOptions) => json<T>(await send('GET', path, options)),
  post: <T>(path: string, body?: Body, options?: RequestOptions) =>
    write<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: Body, options?: RequestOptions) =>
    write<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: Body, options?: RequestOptions) =>
    write<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => write<T>('DELETE', path, options),
  /** A paged list: the rows and the X-Total-Count header. */
  page: async <T>(method: 'GET' | 'POST', path: string, options?: RequestOptions): Promise<Page<T>> => {
    const response = await send(method, path, options);
    const items = await json<T[]>(response);
    const total = Number(response.headers.get('X-Total-Count') ?? items.length);
    const estimated = response.headers.get('X-Total-Count-Estimated') === 'true';
    if (!estimated) return { items, total };
    return response.headers.get('X-Total-Count-Lower-Bound') === 'true'
      ? { items, total, estimated, lowerBound: true }
      : { items, total, estimated };
  },
  /**
   * The answer's body, unread, as a Blob: a large answer that is read and decoded elsewhere (the
   * map's points, in a worker). The browser keeps a fetched Blob's bytes off the page's heap and
   * never reads them on its thread (reading 6 MB into an ArrayBuffer there was a long task of its
   * own). Refused calls fail as every other call does.
   */
  getBlob: async (path: string, options?: RequestOptions): Promise<Blob> =>
    (await send('GET', path, options)).blob(),
  /** Raw response, for file downloads. */
  raw: (method: string, path: string, options?: RequestOptions) => send(method, path, options),
};

/** The message to show for a failed call; unknown failures get the generic Polish text. */
export function errorMessage(error: unknown, byStatus: Partial<Record<number, string>> = {}): string {
  if (error instanceof ApiError) return byStatus[error.status] ?? error.message;
  return MSG.unknownError;
}
