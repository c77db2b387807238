import type { ZodType } from 'zod';
import type { SessionUser } from '@serwis/domain';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Mailer } from './plugins/mailer.js';
import type { ReminderWork } from './modules/reminders/reminders.work.js';
import type { Storage } from './plugins/storage/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    storage: Storage;
    /** The reminder deliveries going on, stopped (the mail in flight finishing) when the app closes. */
    reminderWork: ReminderWork;
    /** Set on SIGTERM: /api/ready answers 503 so the proxy stops sending new requests. */
    lifecycle: { draining: boolean };
  }
  interface FastifyRequest {
    /** The logged-in employee, set by the session plugin; null on public routes without a session. */
    user: SessionUser | null;
  }
  interface FastifySchema {
    /**
     * The parts of a multipart/form-data request, for the OpenAPI document only (plugins/openapi.ts):
     * the handler reads the parts itself, so Fastify never validates against this.
     */
    multipartBody?: ZodType;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (login, reset, health, public map file). */
    public?: boolean;
    /** Outside /api, still reads the session (the logout ends it). */
    session?: boolean;
    /** Never reads the session: answers whatever the database's state (health, readiness). */
    sessionless?: boolean;
  }
}
