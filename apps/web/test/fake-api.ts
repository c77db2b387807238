import { vi } from 'vitest';

/** What the fake server answers: a status and JSON body, or a failed connection. */
export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  network?: boolean;
}

/** One request as the browser sent it. */
export interface FakeCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Route = FakeReply | ((call: FakeCall) => FakeReply);

/**
 * Replaces `fetch` with a small in-memory API for component tests. Routes are keyed
 * `"METHOD /path"` (query ignored); anything else answers 404. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeApi(routes: Record<string, Route>) {
  const calls: FakeCall[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const call = { method, url, headers, body };
    calls.push(call);
    const route = routes[`${method} ${url.split('?')[0]}`];
    const reply: FakeReply = !route
      ? { status: 404, body: { message: 'Nie znaleziono.' } }
      : typeof route === 'function'
        ? route(call)
        : route;
    if (reply.network) throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchFn);
  return { calls, fetch: fetchFn };
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
  body: { message: 'Sesja wygasła lub nie jesteś zalogowany. Zaloguj się ponownie.' },
};
