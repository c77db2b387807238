import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG, SHOWN_USER_HEADER } from '@serwis/domain';
import { extendSession, findSession } from '../modules/auth/sessions.repository.js';
import { renewedSessionEnd } from '../modules/auth/session-renewal.js';
import { toSessionUser } from '../modules/users/users.mapper.js';
import { forbidden, unauthorized } from '../lib/app-error.js';

export const SESSION_COOKIE = 'SESSION';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Loads the session user, guards every /api route, and refuses cross-site writes. */
export const sessionPlugin = fp(async (app) => {
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request, reply) => {
    // Judged by the matched route, not the raw URL: '/%61pi/...' reaches the same handlers.
    const isApi = (request.routeOptions.url ?? request.url).startsWith('/api/');
    // CSRF defence: a cross-site form cannot set this header, and CORS is not enabled. Every
    // state-changing route is an API call, so the rule holds for any path.
    if (!SAFE_METHODS.has(request.method) && request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      throw forbidden(MSG.csrfMissing);
    }
    // The pages and the app's files need no session: with the database away, a signed-in browser
    // still loads the app (which says the server is unavailable) instead of a 503 in JSON.
    const config = request.routeOptions.config ?? {};
    const readsSession = (isApi || config.session === true) && config.sessionless !== true;
    const token = request.cookies[SESSION_COOKIE];
    const session = token && readsSession ? await findSession(app.db, token) : undefined;
    if (session) {
      request.user = toSessionUser(session);
      nameInLog(request, reply, request.user.id);
    }
    if (isApi && !request.user && !request.routeOptions.config?.public) throw unauthorized();
    if (isApi && request.user && !request.routeOptions.config?.public) refuseAnotherAccount(request);
    // Only a call the session was good for moves its end (not one refused as another account's).
    if (session) {
      const { sessionCreatedAt: createdAt, sessionExpiresAt: expiresAt } = session;
      await renewSession(request, reply, token!, { createdAt, expiresAt });
    }
  });
});

/** Moves the session's end after its use (`renewedSessionEnd`), in the table and in the cookie. */
async function renewSession(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  session: { createdAt: Date; expiresAt: Date },
) {
  const end = renewedSessionEnd(session, request.server.config.SESSION_DAYS);
  if (!end) return;
  try {
    await extendSession(request.server.db, token, end);
    setSessionCookie(request, reply, token, end);
  } catch (error) {
    // The session stays valid until its old end: a database that cannot write (a full disk) still
    // answers the reads.
    request.log.warn({ err: error }, 'Nie udało się przedłużyć sesji');
  }
}

/**
 * The browser's tabs share one session cookie: after "Wyloguj" and a login as someone else in one
 * tab, another tab still showing the first employee saved a note signed by the second. The app
 * names the employee a tab shows in `X-Serwis-User` (`SHOWN_USER_HEADER`); a call from a tab that
 * shows someone other than the session's employee is refused as an ended session would be, and
 * the tab asks for a login again, keeping what was typed. Calls without the header (spec §7
 * clients) are not affected.
 */
function refuseAnotherAccount(request: FastifyRequest) {
  const shown = request.headers[SHOWN_USER_HEADER];
  if (typeof shown !== 'string' || !/^\d+$/.test(shown)) return;
  if (Number(shown) !== request.user!.id) throw unauthorized(MSG.sessionOfAnotherAccount, 'ANOTHER_ACCOUNT');
}

/** Every later line of the request names its employee (`userId`), the one that ends it too. */
export function nameInLog(request: FastifyRequest, reply: FastifyReply, userId: number) {
  request.log = reply.log = request.log.child({ userId });
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.config.COOKIE_SECURE || request.protocol === 'https',
    maxAge: Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000)),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The session user; routes behind the guard always have one. */
export function currentUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireAdmin(request: FastifyRequest, message: string = MSG.forbidden) {
  const user = currentUser(request);
  if (!user.isAdmin) throw forbidden(message);
  return user;
}
