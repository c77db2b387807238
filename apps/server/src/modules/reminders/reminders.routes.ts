import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageResponse,
  reminderRunResultSchema,
  reminderRunSchema,
  reminderSettingsInput,
  reminderSettingsSchema,
} from '@serwis/domain';
import { currentUser, requireAdmin } from '../../plugins/session.js';
import { logReminderRun } from './reminders.scheduler.js';
import {
  getReminderSettings,
  listReminderRuns,
  saveReminderSettings,
  startRemindersNow,
} from './reminders.service.js';

const tags = ['Przypomnienia'];
const errors = { 400: messageResponse, 403: messageResponse, 409: messageResponse, 503: messageResponse };

export const remindersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, mailer: app.mailer, config: app.config });
  const adminOnly = async (request: Parameters<typeof requireAdmin>[0]) => {
    requireAdmin(request);
  };

  app.get(
    '/api/reminders/settings',
    {
      schema: {
        tags,
        summary: 'Moje ustawienia przypomnień o przeglądach (Moje konto → Powiadomienia)',
        response: { 200: reminderSettingsSchema, ...errors },
      },
    },
    async (request) => getReminderSettings(app.db, currentUser(request), app.config),
  );

  app.post(
    '/api/reminders/settings',
    {
      schema: {
        tags,
        summary: 'Zapisuje moje ustawienia przypomnień: enabled, leadDays (dni przed terminem), overdue',
        body: reminderSettingsInput,
        response: { 200: reminderSettingsSchema, ...errors },
      },
    },
    async (request) => saveReminderSettings(app.db, currentUser(request), request.body),
  );

  app.post(
    '/api/reminders/run',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary:
          'Uruchamia teraz zadanie przypomnień o przeglądach (ADMIN); nic nie wychodzi dwa razy. Po 20 s odpowiada liczbami dotąd (state: RUNNING), a wysyłanie trwa dalej; 409, gdy inne uruchomienie jeszcze pracuje',
        body: z.object({}).nullish(),
        response: { 200: reminderRunResultSchema, ...errors },
      },
    },
    async (request) => {
      const work = app.reminderWork;
      const started = await startRemindersNow(deps(), requireAdmin(request), work);
      const done = work.track(
        started.done.then((result) => {
          logReminderRun(request.log, result);
          return result;
        }),
      );
      // A slow mail server: the answer comes with the counts so far (the runs list follows the
      // rest), before the connection's idle cut would make the browser send the POST again. A server
      // beginning to stop answers at once that the run was stopped.
      let waited: NodeJS.Timeout | undefined;
      const answer = await Promise.race([
        done,
        new Promise<'RUNNING'>((resolve) => (waited = setTimeout(resolve, work.answerWaitMs, 'RUNNING'))),
        work.stopped.then(() => 'INTERRUPTED' as const),
      ]).finally(() => clearTimeout(waited));
      if (typeof answer !== 'string') return answer;
      done.catch((error: unknown) =>
        request.log.error({ err: error }, 'Wysyłanie przypomnień o przeglądach nie powiodło się'),
      );
      return started.soFar(answer);
    },
  );

  app.get(
    '/api/reminders/runs',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Ostatnie 20 uruchomień zadania przypomnień z liczbami (ADMIN)',
        response: { 200: z.array(reminderRunSchema), ...errors },
      },
    },
    async () => listReminderRuns(app.db),
  );
};
