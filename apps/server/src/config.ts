import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
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
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Serwis <serwis@localhost>'),
  TZ_COMPANY: z.string().default('Europe/Warsaw'),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(10_000).default(200),
  SESSION_DAYS: z.coerce.number().positive().max(365).default(7),
  /** Served when the request comes over HTTPS (behind a proxy that sets X-Forwarded-Proto). */
  TRUST_PROXY: bool,
  COOKIE_SECURE: bool,
  HOTEL_RADIUS_KM: z.coerce.number().positive().default(50),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built browser app lives; empty disables static serving (API-only tests). */
  WEB_DIST: z.string().optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  TUTORIALS_SOURCE: z.enum(['local', 'google-drive']).default('local'),
  TUTORIALS_DIR: z.string().optional(),
  GOOGLE_DRIVE_KEY_FILE: z.string().optional(),
  GOOGLE_DRIVE_ROOT_ID: z.string().optional(),
  /** Lowers the password-hash cost; only for automated tests. */
  FAST_HASH_FOR_TESTS: bool,
});

export type Config = z.infer<typeof envSchema> & { dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Nieprawidłowa konfiguracja (zmienne środowiskowe):\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
