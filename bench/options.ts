import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** `--name=value` or `--flag` from the command line, falling back to an environment variable. */
export function option(name: string, envName: string): string | undefined {
  const prefix = `--${name}=`;
  const arg = process.argv.find((a) => a === `--${name}` || a.startsWith(prefix));
  if (arg) return arg === `--${name}` ? 'true' : arg.slice(prefix.length);
  return process.env[envName];
}

/** A whole number ≥ 0 from `option`, `_` allowed as a thousands separator; `fallback` when not given. */
export function wholeNumberOption(name: string, envName: string, fallback: number): number {
  const raw = option(name, envName);
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`--${name} / ${envName}: oczekiwano liczby całkowitej ≥ 0, podano "${raw}"`);
  }
  return value;
}

export interface BenchOptions {
  /** PostgreSQL when set, else PGlite in `${dataDir}/db`. */
  databaseUrl?: string;
  dataDir: string;
  machines: number;
  customers: number;
  categories: number;
  /** Service events over the fleet (0: machines only). */
  services: number;
  /** To-dos, incidents and audit-log rows (default: services/50, machines/10, services/2). */
  todos: number;
  incidents: number;
  logs: number;
  seed: number;
  reset: boolean;
  runs: number;
  /** Scenario groups to run (maszyny, przeglady, serwis); empty: all. */
  only: string[];
  email: string;
  password: string;
}

/** The command-line options `readOptions` takes (`--name=value` or `--name`). */
export const BENCH_OPTION_NAMES = [
  'database-url',
  'data-dir',
  'machines',
  'customers',
  'categories',
  'services',
  'todos',
  'incidents',
  'logs',
  'seed',
  'reset',
  'runs',
  'only',
  'email',
  'password',
];

/** Stops on a `--option` the script does not take, so a misspelled one is not silently ignored. */
export function refuseUnknownOptions(known: readonly string[]) {
  const unknown = process.argv
    .slice(2)
    .filter((arg) => arg.startsWith('--'))
    .map((arg) => arg.slice(2).split('=')[0]!)
    .filter((name) => !known.includes(name));
  if (unknown.length)
    throw new Error(
      `Nieznane opcje: ${unknown.map((n) => `--${n}`).join(', ')}. Znane: ${known.map((n) => `--${n}`).join(', ')}.`,
    );
}

export function readOptions(): BenchOptions {
  const options = readCounts();
  return {
    ...options,
    todos: wholeNumberOption('todos', 'BENCH_TODOS', Math.floor(options.services / 50)),
    incidents: wholeNumberOption('incidents', 'BENCH_INCIDENTS', Math.floor(options.machines / 10)),
    logs: wholeNumberOption('logs', 'BENCH_LOGS', Math.floor(options.services / 2)),
  };
}

function readCounts(): BenchOptions {
  return {
    databaseUrl: option('database-url', 'DATABASE_URL') || undefined,
    dataDir: path.resolve(option('data-dir', 'DATA_DIR') ?? path.join(here, '..', '.tmp', 'bench-data')),
    machines: wholeNumberOption('machines', 'BENCH_MACHINES', 100_000),
    customers: Math.max(1, wholeNumberOption('customers', 'BENCH_CUSTOMERS', 5_000)),
    categories: Math.max(1, wholeNumberOption('categories', 'BENCH_CATEGORIES', 50)),
    services: wholeNumberOption('services', 'BENCH_SERVICES', 1_000_000),
    todos: -1,
    incidents: -1,
    logs: -1,
    seed: wholeNumberOption('seed', 'BENCH_SEED', 2026),
    reset: option('reset', 'BENCH_RESET') === 'true',
    runs: Math.max(1, wholeNumberOption('runs', 'BENCH_RUNS', 30)),
    only: (option('only', 'BENCH_ONLY') ?? '')
      .split(',')
      .map((g) => g.trim())
      .filter(Boolean),
    ...benchAdmin(),
  };
}

/** The account a benchmark logs in as: the generator's administrator unless --email/--password say. */
export function benchAdmin(): { email: string; password: string } {
  return {
    email: option('email', 'BENCH_EMAIL') ?? 'bench@serwis.local',
    password: option('password', 'BENCH_PASSWORD') ?? 'bench-haslo-2026',
  };
}

export const describeTarget = (o: BenchOptions) =>
  o.databaseUrl
    ? `PostgreSQL (${o.databaseUrl.replace(/\/\/[^@/]*@/, '//***@')})`
    : `PGlite (${o.dataDir}/db)`;
