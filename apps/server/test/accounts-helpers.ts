import crypto from 'node:crypto';
import { asc } from 'drizzle-orm';
import { logs } from '../src/modules/logs/logs.table.js';
import { sessions } from '../src/modules/auth/sessions.table.js';
import { XHR, type TestContext } from './test-app.js';

/** `Authorization: Basic …` exactly as a browser builds it (UTF-8 bytes, base64). */
export function basic(email: string, password: string) {
  return `Basic ${Buffer.from(`${email}:${password}`, 'utf8').toString('base64')}`;
}

/** A login attempt through the API, as the browser makes it unless `xhr: false`. */
export function tryLogin(
  ctx: TestContext,
  email: string,
  password: string,
  options: { xhr?: boolean; remoteAddress?: string } = {},
) {
  return ctx.app.inject({
    method: 'GET',
    url: '/api/user/auth',
    remoteAddress: options.remoteAddress,
    headers: { ...(options.xhr === false ? {} : XHR), authorization: basic(email, password) },
  });
}

/** The session cookie header value (`SESSION=…`) from a response, or undefined. */
export function sessionCookieOf(response: { cookies: { name: string; value: string }[] }) {
  const cookie = response.cookies.find((c) => c.name === 'SESSION');
  return cookie ? `SESSION=${cookie.value}` : undefined;
}

export const tokenDigest = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

export function auditEntries(ctx: TestContext) {
  return ctx.database.db.select().from(logs).orderBy(asc(logs.eventId));
}

export function sessionRows(ctx: TestContext) {
  return ctx.database.db.select().from(sessions);
}

/** Checks the session behind a cookie: the logged-in user's e-mail, or the status code. */
export async function whoIs(ctx: TestContext, cookie: string): Promise<string | number> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/user/check-auth', headers: { cookie } });
  return response.statusCode === 200 ? (response.json() as { email: string }).email : response.statusCode;
}
