import { z } from 'zod';

/** Texts of the inspection reminders (issue 12). */
export const REMINDER_MSG = {
  settingsSaved: 'Zapisano ustawienia powiadomień.',
  leadDaysInvalid: 'Wyprzedzenie musi być liczbą dni od 1 do 365.',
  leadDaysTooMany: 'Podaj najwyżej 5 wyprzedzeń.',
  runStarted: 'Wysłano przypomnienia.',
  jobBusy: 'Wysyłanie przypomnień właśnie trwa. Spróbuj ponownie za chwilę.',
  // moved here from the browser (the audit of Polish typed outside the domain)
  /**
   * "Uruchom teraz" done: the digests it queued and the mails it sent, and those the mail server
   * refused (kept, tried again on the next run); a run with nothing owed says so.
   */
  runDone: (queued: number, sent: number, failed = 0): string =>
    queued + sent + failed === 0
      ? REMINDER_MSG.nothingToSend
      : `${failed ? (sent ? REMINDER_MSG.runPartly : REMINDER_MSG.runFailed) : REMINDER_MSG.runStarted} Nowe wiadomości: ${queued}, wysłane: ${sent}${failed ? `, niewysłane (do ponowienia): ${failed}` : ''}.`,
  /** A run whose mails the mail server refused, all or some: it does not lead with "Wysłano". */
  runFailed: 'Nie wysłano przypomnień: serwer poczty ich nie przyjął.',
  /** "Uruchom teraz" stopped by the server going down: what it did, and who sends the rest. */
  runInterrupted: (queued: number, sent: number): string =>
    `Wysyłanie przypomnień przerwano, bo serwer jest zatrzymywany. Nowe wiadomości: ${queued}, wysłane: ${sent}. Resztę wyśle kolejne uruchomienie.`,
  /** "Uruchom teraz" answered while its mails still go out (a slow mail server): the list follows. */
  runGoesOn: (queued: number, sent: number): string =>
    `Przypomnienia są wysyłane. Nowe wiadomości: ${queued}, wysłane dotąd: ${sent}. Postęp widać w tabeli ostatnich uruchomień.`,
  runPartly: 'Wysłano część przypomnień: serwer poczty nie przyjął pozostałych.',
  nothingToSend: 'Brak nowych przypomnień do wysłania.',
  /** A run not finished, in the runs list: still sending, or cut off by a stopped server. */
  runState: {
    RUNNING: 'w toku',
    INTERRUPTED: 'przerwane (serwer zatrzymano w trakcie); resztę wyśle kolejne uruchomienie',
  },
  /** Why a run's mails did not go, under its count of failures (the mail server's own words). */
  runFailedBecause: (reason: string) => `Serwer poczty: ${reason}`,
  /** Reminders switched on with no lead time and no overdue day: nothing would ever be sent. */
  nothingChosen:
    'Wybierz co najmniej jedno wyprzedzenie albo przypomnienie w dniu zaległości lub wyłącz przypomnienia.',
  /** The customer form's choice of the customer's own notices, and what they are. */
  customerNoticesLabel: 'Wysyłaj kontrahentowi przypomnienia o przeglądach jego maszyn (e-mail)',
  customerNoticesHint:
    'Uprzejma wiadomość z danymi firmy przed terminem przeglądu, na pierwszy adres z pola E-mail.',
  /** The choice above ticked for a customer whose E-mail field holds no address to send to. */
  customerNoticesNeedAddress:
    'Aby wysyłać kontrahentowi przypomnienia, wpisz w polu E-mail jego adres (np. biuro@firma.pl).',
} as const;

/** One lead time, as typed ("30") or sent (30): whole days from 1 to 365. */
export const reminderLeadDay = z.coerce
  .number({ error: REMINDER_MSG.leadDaysInvalid })
  .int(REMINDER_MSG.leadDaysInvalid)
  .min(1, REMINDER_MSG.leadDaysInvalid)
  .max(365, REMINDER_MSG.leadDaysInvalid);

/** An employee's own reminder settings (My account → Powiadomienia), as saved. */
export const reminderSettingsInput = z
  .object({
    enabled: z.boolean({ error: 'Nieprawidłowa wartość pola.' }),
    leadDays: z
      .array(reminderLeadDay, { error: REMINDER_MSG.leadDaysInvalid })
      .max(5, REMINDER_MSG.leadDaysTooMany)
      .transform((days) => [...new Set(days)].sort((a, b) => b - a)),
    overdue: z.boolean({ error: 'Nieprawidłowa wartość pola.' }),
  })
  .refine((v) => !v.enabled || v.leadDays.length > 0 || v.overdue, {
    message: REMINDER_MSG.nothingChosen,
    path: ['leadDays'],
  });

/** The same, as the API answers it (lead days longest first). */
export const reminderSettingsSchema = z.object({
  enabled: z.boolean(),
  leadDays: z.array(z.number().int()),
  overdue: z.boolean(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const reminderRunSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(['SCHEDULE', 'MANUAL']),
  /** The company-time-zone day the run worked for. */
  runDate: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /**
   * Still sending, done, or cut off (not finished long after its start: its server was stopped
   * midway; what it did not send goes with a later run).
   */
  state: z.enum(['RUNNING', 'FINISHED', 'INTERRUPTED']),
  startedBy: z.string().nullable(),
  /** Reminders (machine × recipient × stage) recorded by this run. */
  reminders: z.number().int(),
  /** Digests this run put in the mail queue. */
  mailsQueued: z.number().int(),
  /** Mails this run handed to the mail server (its own and any left over from earlier runs). */
  mailsSent: z.number().int(),
  mailsFailed: z.number().int(),
  error: z.string().nullable(),
});
export type ReminderRun = z.infer<typeof reminderRunSchema>;

/**
 * What "Uruchom teraz" answers: the run's figures and its state. A run still sending when the answer
 * is due (20 s) answers RUNNING with the counts so far; it goes on, and the runs list follows it. A
 * run whose server began to stop answers INTERRUPTED: the rest goes with a later run.
 */
export const reminderRunResultSchema = z.object({
  runId: z.number().int(),
  runDate: z.string(),
  reminders: z.number().int(),
  mailsQueued: z.number().int(),
  mailsSent: z.number().int(),
  mailsFailed: z.number().int(),
  state: z.enum(['RUNNING', 'FINISHED', 'INTERRUPTED']),
});
export type ReminderRunResult = z.infer<typeof reminderRunResultSchema>;
