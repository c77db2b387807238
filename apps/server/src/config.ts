import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_COMPANY_TIME_ZONE, DEFAULT_REMINDER_LEAD_DAYS, isKnownTimeZone } from '@serwis/domain';

/**
 * A special character of the user name or password not written as %XX splits the address
 * elsewhere: a "#" made the rest a fragment, and the mails went to the host before it.
 */
const SMTP_URL_ENCODING =
  'SMTP_URL jest nieprawidłowy: sprawdź nazwę serwera i port, a znaki specjalne w nazwie użytkownika i haśle zapisz kodami, np. @ jako %40, # jako %23, / jako %2F, ? jako %3F, : jako %3A';
const SMTP_SCHEME = /^smtps?:\/\/[^\s/]+/i;
/** True too for an address the scheme's own check refuses, so that one message says what is wrong. */
function isWholeSmtpUrl(value: string): boolean {
  if (!SMTP_SCHEME.test(value)) return true;
  try {
    const url = new URL(value);
    return !/\s/.test(value) && url.hostname !== '' && url.hash === '' && !url.search.includes('@');
  } catch {
    return false;
  }
}

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL musi zaczynać się od postgres:// lub postgresql://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    ADMIN_EMAIL: z.string().email().default('admin@example.com'),
    ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD musi mieć co najmniej 8 znaków').optional(),
    SMTP_URL: z
      .string()
      .regex(
        SMTP_SCHEME,
        'SMTP_URL musi zaczynać się od smtp:// lub smtps://, np. smtps://uzytkownik:haslo@smtp.firma.pl:465',
      )
      .refine(isWholeSmtpUrl, SMTP_URL_ENCODING)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z
      .string()
      .regex(
        /^(?:[^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/,
        'MAIL_FROM musi zawierać adres e-mail, np. Serwis <serwis@firma.pl>',
      )
      .default('Serwis <serwis@localhost>'),
    TZ_COMPANY: z
      .string()
      .default(DEFAULT_COMPANY_TIME_ZONE)
      .refine(isKnownTimeZone, 'nieznana strefa czasowa (nazwa IANA, np. Europe/Warsaw)'),
    MAX_UPLOAD_MB: z.coerce.number().positive().max(10_000).default(200),
    SESSION_DAYS: z.coerce.number().positive().max(365).default(7),
    /**
     * How many proxies stand in front (`true` is one): the client's address is the entry of
     * X-Forwarded-For that the nearest of them added, so an entry the client sent itself is never
     * taken for its address (it would escape the login limits per address).
     */
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|\d{1,2})?$/, 'TRUST_PROXY musi być true, false albo liczbą serwerów proxy (np. 2)')
      .optional()
      .transform((v) => (v === 'true' ? 1 : v && v !== 'false' ? Number(v) : 0)),
    COOKIE_SECURE: bool,
    HOTEL_RADIUS_KM: z.coerce.number().positive().default(50),
    /**
     * Login attempts per client address in 15 minutes. An office behind one NAT address, or a test
     * run whose many journeys all log in from 127.0.0.1 as one administrator, may need more.
     */
    LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
    /** Login attempts per account (e-mail) in 15 minutes. */
    LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(10),
    /** Map tiles (Leaflet URL template) and their attribution, shown on every map. */
    MAP_TILE_URL: z.string().max(500).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_TILE_ATTRIBUTION: z
      .string()
      .max(500)
      .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
    /** Nominatim-compatible geocoder base URL; empty turns address search off. */
    GEOCODER_URL: z.string().url().default('https://nominatim.openstreetmap.org').or(z.literal('')),
    GEOCODER_USER_AGENT: z.string().min(3).default('Serwis/1.0 (service-management web application)'),
    /**
     * Least time between two upstream geocoder requests, across all server processes: Nominatim
     * allows one a second; the extra 100 ms absorb network and scheduling jitter.
     */
    GEOCODER_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1100),
    /**
     * A connection on which nothing moves either way for this long is cut: an upload or a body from a
     * tablet that dropped off the network (no FIN ever comes) would hold its socket, its temp file
     * and its memory for good. Bytes moving, however slowly, keep a connection.
     */
    IDLE_CONNECTION_TIMEOUT_S: z.coerce.number().positive().max(3600).default(120),
    /** On SIGTERM, how long requests in flight may take before they are cut. */
    SHUTDOWN_TIMEOUT_S: z.coerce.number().positive().max(3600).default(25),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Where the built browser app lives; empty disables static serving (API-only tests). */
    WEB_DIST: z.string().optional(),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    /** STORAGE_DRIVER=s3: the bucket (must exist), its region and, for S3-compatible stores, the endpoint. */
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().optional(),
    S3_ENDPOINT: z
      .string()
      .url('S3_ENDPOINT musi być adresem URL, np. http://127.0.0.1:9000')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Empty: the SDK's usual sources (AWS_* variables, instance role). */
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool,
    TUTORIALS_SOURCE: z.enum(['local', 'google-drive']).default('local'),
    /** Local tutorial source: one sub-folder per folder; default DATA_DIR/tutorials. */
    TUTORIALS_DIR: z.string().optional(),
    /** How long the tutorial tree is kept before the source is listed again; 0 lists every time. */
    TUTORIALS_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    /** Service-account key (JSON) of the Drive source; never logged nor sent anywhere but the token endpoint. */
    GOOGLE_DRIVE_KEY_FILE: z.string().optional(),
    /** The Drive folder whose sub-folders are the tutorial folders. */
    GOOGLE_DRIVE_ROOT_ID: z.string().optional(),
    /** Drive API v3 base address (tests point it at a local fake). */
    GOOGLE_DRIVE_API_URL: z.string().url().default('https://www.googleapis.com/drive/v3'),
    /** OAuth token endpoint; unset: the key file's token_uri (Google's own). */
    GOOGLE_DRIVE_TOKEN_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Longest wait for one Drive answer (listing, token, start of a download). */
    GOOGLE_DRIVE_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(15),
    /** Where links in e-mails and QR labels point, e.g. https://serwis.firma.pl (no trailing slash needed). */
    PUBLIC_BASE_URL: z
      .string()
      .url('PUBLIC_BASE_URL musi być adresem, np. https://serwis.firma.pl')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Daily inspection reminders: time of day HH:MM in TZ_COMPANY, or "off". */
    REMINDER_TIME: z
      .string()
      .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'REMINDER_TIME musi mieć postać GG:MM (np. 06:00) lub off')
      .default('06:00'),
    /** Lead times (days before the due date) for customers' notices and new employees' settings. */
    REMINDER_LEAD_DAYS: z
      .string()
      .regex(/^\d{1,3}(,\d{1,3}){0,4}$/, 'REMINDER_LEAD_DAYS to liczby dni oddzielone przecinkami, np. 30,7')
      .default(DEFAULT_REMINDER_LEAD_DAYS.join(','))
      .transform((v) => [...new Set(v.split(',').map(Number))])
      // A day out of range stops the start like any bad value (it was dropped without a word).
      .refine(
        (days) => days.every((n) => n >= 1 && n <= 365),
        'REMINDER_LEAD_DAYS: każda liczba dni od 1 do 365',
      ),
    /** Also remind on the day an inspection becomes overdue. */
    REMINDER_OVERDUE: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((v) => v !== 'false' && v !== '0'),
    /** Lowers the password-hash cost; only for automated tests. */
    FAST_HASH_FOR_TESTS: bool,
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'STORAGE_DRIVER=s3 wymaga S3_BUCKET' });
    }
    if (env.TUTORIALS_SOURCE !== 'google-drive') return;
    for (const key of ['GOOGLE_DRIVE_KEY_FILE', 'GOOGLE_DRIVE_ROOT_ID'] as const) {
      if (!env[key]) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} jest wymagane, gdy TUTORIALS_SOURCE=google-drive`,
        });
      }
    }
  });

const POLISH_ZOD_MESSAGES = z.locales.pl().localeError;

export type Config = z.infer<typeof envSchema> & { dataDir: string; publicBaseUrl: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // zod's own words in Polish too ("PORT: Nieprawidłowe dane wejściowe…"), beside the messages written here.
  const parsed = envSchema.safeParse(env, { error: POLISH_ZOD_MESSAGES });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Nieprawidłowa konfiguracja (zmienne środowiskowe):\n${lines.join('\n')}`);
  }
  const publicBaseUrl = (parsed.data.PUBLIC_BASE_URL ?? `http://localhost:${parsed.data.PORT}`).replace(
    /\/+$/,
    '',
  );
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR), publicBaseUrl };
}
