import { vi } from 'vitest';

/** What the fake server answers: a status and JSON body (or a stream of bytes), or a failed connection. */
export interface FakeReply {
  status?: number;
  /** JSON, a string sent as it is, or a ReadableStream whose chunks arrive as the test enqueues them. */
  body?: unknown;
  headers?: Record<string, string>;
  network?: boolean;
}

/** One request as the browser sent it. */
export interface FakeCall {
  method: string;
  /** As requested, query string included. */
  url: string;
  /** The URL without its query string. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** A JSON body parsed; a multipart body as the `FormData` sent. */
  body: unknown;
}

type Route = FakeReply | ((call: FakeCall) => FakeReply | undefined);

const NOT_FOUND: FakeReply = { status: 404, body: { message: 'Nie znaleziono.' } };

/**
 * Replaces `fetch` with a small in-memory API for component tests. Routes are keyed
 * `"METHOD /path"` (query ignored); anything else gets `otherwise` (by default 404), and so does a
 * route function that returns nothing. A string body is sent as it is, anything else as JSON.
 * Undo with `vi.unstubAllGlobals()`.
 */
export function fakeApi(routes: Record<string, Route>, options: { otherwise?: FakeReply } = {}) {
  const calls: FakeCall[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const parsed = new URL(url, 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const call = { method, url, path: parsed.pathname, query: parsed.searchParams, headers, body };
    calls.push(call);
    const route = routes[`${method} ${call.path}`];
    const reply = (typeof route === 'function' ? route(call) : route) ?? options.otherwise ?? NOT_FOUND;
    if (reply.network) throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    if (reply.body instanceof ReadableStream) {
      return new Response(reply.body as ReadableStream<Uint8Array>, { status, headers: reply.headers });
    }
    const text =
      status === 204 || reply.body === undefined
        ? null
        : typeof reply.body === 'string'
          ? reply.body
          : JSON.stringify(reply.body);
    return new Response(text, { status, headers: { 'Content-Type': 'application/json', ...reply.headers } });
  });
  vi.stubGlobal('fetch', fetchFn);
  return {
    calls,
    fetch: fetchFn,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** A JSON part of a multipart body the fake API received, parsed. */
export async function jsonPartOf(body: unknown, name: string) {
  const part = (body as FormData).get(name) as Blob;
  // jsdom's Blob has no text(); FileReader reads it.
  const text = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(part);
  });
  return JSON.parse(text) as Record<string, unknown>;
}

export const ANNA_ADMIN = {
  id: 1,
  userName: 'Kierownik',
  email: 'anna@firma.pl',
  firstName: 'Anna',
  lastName: 'Nowak',
  vacationDays: 12,
  roles: [{ id: 1, role: 'ADMIN' }],
  isAdmin: true,
};

export const JAN_USER = {
  id: 2,
  userName: 'Serwisant',
  email: 'jan@firma.pl',
  firstName: 'Jan',
  lastName: 'Kowalski',
  vacationDays: 3,
  roles: [{ id: 2, role: 'USER' }],
  isAdmin: false,
};

export const NO_SESSION: FakeReply = {
  status: 401,
  body: { message: 'Sesja wygasła lub nie zalogowano się. Zaloguj się ponownie.' },
};

/** `otherwise` for screens that load more than a test names: any other call answers an empty list. */
export const EMPTY_LIST: FakeReply = { body: [] };
