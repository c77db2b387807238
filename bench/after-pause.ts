/**
 * List calls after a pause, as a person's clicks come: each round waits `--pause` seconds with
 * nothing asked, then makes every chosen call once. bench/lists.ts makes its calls back to back,
 * which keeps every database connection busy and warm; here the pool's idle connections have
 * their time to be closed (the pool once closed them after 10 s), and a call on a new connection
 * pays for loading the catalog again. The first round warms the connections up and is not counted.
 *
 *   cd bench && npx tsx after-pause.ts --database-url=postgres://postgres@127.0.0.1:55500/main_1m
 *
 * Options (or DATABASE_URL, BENCH_PAUSE, BENCH_ROUNDS, BENCH_NAMES): --pause=11 (seconds),
 * --rounds=8, --names=wyciek,domyślny (parts of the calls' names, as in lists.ts; default: the
 * calls below).
 *
 * `--machine` (BENCH_MACHINE) asks no database: it times a fixed piece of work of the processor
 * alone (SHA-256 hashed over and over, about as long as a deep search) back to back and after
 * each pause, to tell what the machine itself loses after idling from what the server does.
 */
import { createHash } from 'node:crypto';
import { loginHeaders, openBenchApp, percentile } from './bench-app.js';
import { LIST_SCENARIOS } from './list-scenarios/index.js';
import { listRequest } from './list-scenarios/types.js';
import { option, readOptions } from './options.js';

/** A call of each kind: a plain first page, a filter's, a deep search's of both families' events. */
const DEFAULT_CALLS: [string, number][] = [
  ['maszyny: domyślny porządek', 1],
  ['maszyny: szukaj "frezarka"', 1000],
  ['serwis własne: szukaj "wyciek"', 1000],
  ['serwis zewnętrzne: numer malejąco', 1],
  ['przeglądy onlyActual: szukaj "Spawarka"', 1],
  ['zadania TODO: nr malejąco', 1],
  ['kontrahenci: najnowsi', 1],
];

const pauseMs = Number(option('pause', 'BENCH_PAUSE') ?? 11) * 1000;
const rounds = Number(option('rounds', 'BENCH_ROUNDS') ?? 8);
const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs));
const summary = (sorted: number[]) =>
  [percentile(sorted, 50), percentile(sorted, 95), sorted.at(-1) ?? 0].map((f) => f.toFixed(1)).join(' | ');

if (option('machine', 'BENCH_MACHINE')) {
  const work = () => {
    const start = performance.now();
    let digest = Buffer.alloc(32);
    for (let i = 0; i < 30_000; i++) digest = createHash('sha256').update(digest).digest();
    return performance.now() - start;
  };
  for (const warmUntil = performance.now() + 2000; performance.now() < warmUntil;) work();
  const backToBack = Array.from({ length: rounds }, work);
  const afterPause: number[] = [];
  for (let round = 0; round < rounds; round++) {
    await pause();
    afterPause.push(work());
  }
  console.log(`Praca procesora (30 000 × SHA-256), ${rounds} razy każdym sposobem\n`);
  console.log('| kiedy | mediana ms | p95 ms | najdłużej ms |');
  console.log('|---|---:|---:|---:|');
  console.log(`| jedna po drugiej | ${summary(backToBack.sort((a, b) => a - b))} |`);
  console.log(`| po ${pauseMs / 1000} s przerwy | ${summary(afterPause.sort((a, b) => a - b))} |`);
  process.exit(0);
}

const databaseUrl = option('database-url', 'DATABASE_URL');
if (!databaseUrl) throw new Error('Podaj --database-url=postgres://… (baza z generate.ts).');
const names = (option('names', 'BENCH_NAMES') ?? '').split(',').filter(Boolean);

const calls = names.length
  ? LIST_SCENARIOS.filter((s) => names.some((n) => s.name.includes(n))).flatMap((s) =>
      (s.pages ?? [1, 1000]).map((page) => [s, page] as const),
    )
  : DEFAULT_CALLS.map(([name, page]) => {
      const scenario = LIST_SCENARIOS.find((s) => s.name === name);
      if (!scenario) throw new Error(`Nie ma wywołania „${name}” w list-scenarios.`);
      return [scenario, page] as const;
    });

const { app, database } = await openBenchApp({ dataDir: '/tmp/serwis-bench-after-pause', databaseUrl });
const headers = await loginHeaders(app, readOptions());
const times = calls.map(() => [] as number[]);
for (let round = 0; round <= rounds; round++) {
  if (round > 0) await pause();
  for (const [i, [scenario, page]] of calls.entries()) {
    const request = listRequest(scenario, page, headers);
    const start = performance.now();
    const response = await app.inject(request);
    const elapsed = performance.now() - start;
    if (response.statusCode !== 200) {
      throw new Error(`${scenario.name} (${request.url}): ${response.statusCode}`);
    }
    if (round > 0) times[i]!.push(elapsed);
  }
  process.stderr.write(round === 0 ? 'rozgrzewka' : ` ${round}`);
}
process.stderr.write('\n');
await app.close();
await database.close();

console.log(`${rounds} rund po ${pauseMs / 1000} s przerwy; pierwsza runda (rozgrzewka) nieliczona\n`);
console.log('| wywołanie | strona | mediana ms | p95 ms | najdłużej ms |');
console.log('|---|---|---:|---:|---:|');
for (const [i, [scenario, page]] of calls.entries()) {
  console.log(`| ${scenario.name} | ${page} | ${summary([...times[i]!].sort((a, b) => a - b))} |`);
}
