import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APP_NAME,
  MSG,
  messageResponse,
  resetPasswordSchema,
  sessionUserSchema,
  setNewPasswordSchema,
} from '@serwis/domain';
import { AppError, badRequest, unauthorized } from '../../lib/app-error.js';
import {
  clearSessionCookie,
  currentUser,
  nameInLog,
  SESSION_COOKIE,
  setSessionCookie,
} from '../../plugins/session.js';
import { redirectResponse } from '../../plugins/openapi.js';
import { parseBasicAuth } from './basic-auth.js';
import { changePassword, login, logout, resetPassword } from './auth.service.js';
import { authRateLimits } from './auth.rate-limits.js';

const tags = ['Konto'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = authRateLimits(app);

  app.get(
    '/api/user/auth',
    {
      config: { public: true },
      onRequest: [limits.loginPerIp, limits.loginPerEmail],
      schema: {
        tags,
        summary: 'Logowanie (HTTP Basic) lub odczyt bieżącej sesji',
        response: {
          200: sessionUserSchema,
          400: messageResponse,
          401: messageResponse,
          429: messageResponse,
        },
      },
    },
    async (request, reply) => {
      // A script without the XHR marker gets the standard challenge; the browser never shows its pop-up.
      const challenge = () => {
        if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
          reply.header('WWW-Authenticate', `Basic realm="${APP_NAME}", charset="UTF-8"`);
        }
      };
      const credentials = parseBasicAuth(request.headers.authorization);
      if (credentials === 'malformed') throw badRequest(MSG.badBasicHeader, 'BAD_AUTH_HEADER');
      if (!credentials) {
        if (request.user) return request.user;
        challenge();
        throw unauthorized(MSG.loginFailed);
      }
      try {
        const { token, expiresAt, user } = await login(app.db, credentials.email, credentials.password, {
          sessionDays: app.config.SESSION_DAYS,
          replacesToken: request.cookies[SESSION_COOKIE],
        });
        setSessionCookie(request, reply, token, expiresAt);
        // The login's own line names who logged in, as every later request's does.
        nameInLog(request, reply, user.id);
        // Only guesses count against the limits: a login that succeeded gives its attempt back.
        await limits.loginPerIp.refund(request);
        await limits.loginPerEmail.refund(request);
        return user;
      } catch (error) {
        challenge();
        throw error;
      }
    },
  );

  app.get(
    '/api/user/check-auth',
    {
      schema: {
        tags,
        summary: 'Bieżący użytkownik sesji',
        response: { 200: sessionUserSchema, 401: messageResponse },
      },
    },
    async (request) => currentUser(request),
  );

  app.get(
    '/logout',
    {
      config: { public: true, session: true },
      schema: {
        tags,
        summary: 'Wylogowanie i powrót do strony głównej',
        response: { 302: redirectResponse('Sesja zakończona, ciasteczko usunięte', '/') },
      },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await logout(app.db, token, request.user);
      clearSessionCookie(reply);
      return reply.redirect('/');
    },
  );

  app.post(
    '/api/user/resetPassword',
    {
      config: { public: true },
      onRequest: [limits.resetPerIp],
      preHandler: [limits.resetPerEmail],
      schema: {
        tags,
        summary: 'Nowe hasło wysłane e-mailem',
        body: resetPasswordSchema,
        response: {
          200: messageResponse,
          400: messageResponse,
          404: messageResponse,
          429: messageResponse,
          503: messageResponse,
        },
      },
    },
    async (request) => {
      try {
        await resetPassword(app.db, app.mailer, request.body.recipients[0], app.config.publicBaseUrl);
      } catch (error) {
        // No mail went and nothing changed: the attempt is given back, or the user who did as the
        // message said ("Spróbuj ponownie za chwilę") was locked out for an hour by the mail server.
        if (error instanceof AppError && error.code === 'MAIL_FAILED') {
          await limits.resetPerIp.refund(request);
          await limits.resetPerEmail.refund(request);
        }
        throw error;
      }
      return { message: MSG.resetSent };
    },
  );

  app.patch(
    '/api/user/setNewPassword',
    {
      preHandler: limits.passwordChangePerUser,
      schema: {
        tags,
        summary: 'Zmiana własnego hasła',
        description:
          'Błędne obecne hasło liczy się jak nieudane logowanie: po LOGIN_LIMIT_PER_ACCOUNT próbach ' +
          'w 15 minut odpowiedź 429 z Retry-After.',
        body: setNewPasswordSchema,
        response: { 200: messageResponse, 400: messageResponse, 401: messageResponse, 429: messageResponse },
      },
    },
    async (request) => {
      // The session guard let the request in, so the cookie is there and valid.
      const token = request.cookies[SESSION_COOKIE]!;
      await changePassword(app.db, currentUser(request), request.body, token);
      await limits.passwordChangePerUser.refund(request);
      return { message: MSG.passwordChanged };
    },
  );
};
