/**
 * Every list call of the product (issue 11) on its first and its 1,000th page, on several databases,
 * one request at a time: median and p95 per database and the ratio of each median to the first
 * database's (the 10k base). Each call is measured on every database in turn (measureInterleaved);
 * `--sequential` measures one database after another.
 *
 *   npm run lists -w bench -- --targets=pg10k=postgres://…/serwis_10k,pg1m=postgres://…/serwis_1m,pglite100k=/path/to/data-dir
 *   … --runs=30 --only=maszyny,serwis --pairs=pglite100k/pg100k
 *
 * A target is `label=postgres://…` (PostgreSQL) or `label=/dir` (PGlite in /dir/db, as generate.ts
 * makes it). `--pairs=a/b` adds a column with the ratio of a's median to b's. `--terms` measures the
 * awkward search terms of list-scenarios/search-terms.ts instead of the product's list calls,
 * `--sorted-searches` the searches in every column's order of list-scenarios/sorted-searches.ts.
 */
import os from 'node:os';
import { LIST_SCENARIOS } from './list-scenarios/index.js';
import { SEARCH_TERM_SCENARIOS } from './list-scenarios/search-terms.js';
import { SORTED_SEARCH_SCENARIOS } from './list-scenarios/sorted-searches.js';
import { STATISTICS_SCENARIOS } from './list-scenarios/statistics.js';
import { listRequest, type ListScenario } from './list-scenarios/types.js';
import { loginHeaders, openBenchApp, percentile } from './bench-app.js';
import { BENCH_OPTION_NAMES, readOptions, refuseUnknownOptions } from './options.js';

interface Target {
  label: string;
  databaseUrl?: string;
  dataDir: string;
}

interface Figure {
  median: number;
  p95: number;
  /** `rows of total` of the last answer (total marked ~ when estimated). */
  result: string;
}

function option(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

function readTargets(): Target[] {
  const raw = option('targets');
  if (!raw) throw new Error('Podaj --targets=etykieta=postgres://…|/katalog,…');
  return raw.split(',').map((part) => {
    const at = part.indexOf('=');
    if (at < 1) throw new Error(`Zły cel "${part}": oczekiwano etykieta=adres`);
    const label = part.slice(0, at);
    const where = part.slice(at + 1);
    return where.startsWith('postgres')
      ? { label, databaseUrl: where, dataDir: os.tmpdir() }
      : { label, dataDir: where };
  });
}

const key = (scenario: ListScenario, page: number) => `${scenario.name}|${page}`;

/** A target's app, open, with a signed-in user's headers. */
interface OpenTarget {
  target: Target;
  app: Awaited<ReturnType<typeof openBenchApp>>['app'];
  database: Awaited<ReturnType<typeof openBenchApp>>['database'];
  headers: Record<string, string>;
  figures: Map<string, Figure>;
}

async function openTarget(target: Target, scenarios: ListScenario[]): Promise<OpenTarget> {
  const { app, database } = await openBenchApp(target);
  const headers = await loginHeaders(app, readOptions());
  // One untimed pass over every call first, as on a server that has been running: the first
  // calls after start also pay for compiling (V8's, and PGlite's WebAssembly tiers).
  for (const scenario of scenarios) {
    for (const page of scenario.pages ?? [1, 1000]) await app.inject(listRequest(scenario, page, headers));
  }
  return { target, app, database, headers, figures: new Map() };
}

async function closeTarget(open: OpenTarget) {
  await open.app.close();
  await open.database.close();
}

/** One call on one target: two warm-up calls, then `runs` timed ones. */
async function measureCall(open: OpenTarget, scenario: ListScenario, page: number, runs: number) {
  const { target, app, headers } = open;
  const url = scenario.url(page);
  const times: number[] = [];
  let result = '';
  for (let i = 0; i < runs + 2; i++) {
    const start = performance.now();
    const response = await app.inject(listRequest(scenario, page, headers));
    const elapsed = performance.now() - start;
    if (response.statusCode !== 200) {
      throw new Error(`${target.label} ${scenario.name} (${url}): ${response.statusCode} ${response.body}`);
    }
    if (i >= 2) times.push(elapsed);
    const estimated = response.headers['x-total-count-estimated'] === 'true' ? '~' : '';
    const body = response.json() as unknown;
    // The statistics' charts answer an object: its months.
    const rows = Array.isArray(body) ? body : (body as { months: unknown[] }).months;
    result = `${rows.length} z ${estimated}${response.headers['x-total-count'] ?? '?'}`;
  }
  times.sort((a, b) => a - b);
  open.figures.set(key(scenario, page), {
    median: percentile(times, 50),
    p95: percentile(times, 95),
    result,
  });
}

/**
 * Every target open at once, and each call measured on every target in turn before the next call:
 * a drift of the machine's speed during the run (other work, its CPU's clock) then weighs on each
 * call's figures at every size alike, where target after target it tilted their ratios (a whole
 * target measured in a slow minute). `--sequential`: one target after another, as before.
 */
async function measureInterleaved(targets: Target[], scenarios: ListScenario[], runs: number) {
  const opened: OpenTarget[] = [];
  try {
    for (const target of targets) opened.push(await openTarget(target, scenarios));
    for (const scenario of scenarios) {
      for (const page of scenario.pages ?? [1, 1000]) {
        for (const open of opened) await measureCall(open, scenario, page, runs);
        process.stderr.write('.');
      }
    }
    process.stderr.write(` ${targets.map((t) => t.label).join(', ')}\n`);
  } finally {
    for (const open of opened) await closeTarget(open);
  }
  return new Map(opened.map((open) => [open.target.label, open.figures]));
}

/** `--sequential`: one target after another, each opened, measured call by call and closed. */
async function measureSequential(targets: Target[], scenarios: ListScenario[], runs: number) {
  const byTarget = new Map<string, Map<string, Figure>>();
  for (const target of targets) {
    const open = await openTarget(target, scenarios);
    try {
      for (const scenario of scenarios) {
        for (const page of scenario.pages ?? [1, 1000]) {
          await measureCall(open, scenario, page, runs);
          process.stderr.write('.');
        }
      }
      process.stderr.write(` ${target.label}\n`);
    } finally {
      await closeTarget(open);
    }
    byTarget.set(target.label, open.figures);
  }
  return byTarget;
}

async function main() {
  refuseUnknownOptions([
    ...BENCH_OPTION_NAMES,
    'targets',
    'pairs',
    'names',
    'terms',
    'sorted-searches',
    'sequential',
  ]);
  const options = readOptions();
  const targets = readTargets();
  const pairs = (option('pairs') ?? '')
    .split(',')
    .filter(Boolean)
    .map((p) => p.split('/') as [string, string]);
  // --names=moc,nowak: only the scenarios whose name contains one of the parts.
  const names = (option('names') ?? '').split(',').filter(Boolean);
  const all = process.argv.includes('--terms')
    ? SEARCH_TERM_SCENARIOS
    : process.argv.includes('--sorted-searches')
      ? SORTED_SEARCH_SCENARIOS
      : options.only.includes('statystyki')
        ? [...LIST_SCENARIOS, ...STATISTICS_SCENARIOS]
        : LIST_SCENARIOS;
  const scenarios = all.filter(
    (s) =>
      (!options.only.length || options.only.includes(s.group)) &&
      (!names.length || names.some((n) => s.name.includes(n))),
  );
  if (!scenarios.length) {
    const groups = [...new Set([...all, ...STATISTICS_SCENARIOS].map((s) => s.group))].join(', ');
    throw new Error(
      `Żadne wywołanie nie pasuje do --only=${options.only.join(',')} / --names. Grupy: ${groups}.`,
    );
  }
  const loadBefore = os.loadavg()[0];
  const sequential = process.argv.includes('--sequential');
  const byTarget = await (sequential ? measureSequential : measureInterleaved)(
    targets,
    scenarios,
    options.runs,
  );

  const [base] = targets;
  // Each target against the first, then the asked pairs: a pair that is already there once only.
  const ratios = [
    ...new Map(
      [...targets.slice(1).map((t) => [t.label, base!.label] as [string, string]), ...pairs].map((r) => [
        r.join('/'),
        r,
      ]),
    ).values(),
  ];
  const head = ['wywołanie', 'strona'];
  for (const t of targets) head.push(`${t.label} wynik`, `${t.label} mediana ms`, `${t.label} p95 ms`);
  for (const [a, b] of ratios) head.push(`${a}/${b}`);
  console.log(
    `\n${scenarios.length} wywołań × strony 1 i 1000, ${options.runs} przebiegów ` +
      `(${sequential ? 'cel po celu' : 'na przemian, wywołanie po wywołaniu'}); ${os.cpus().length} CPU, ` +
      `Node ${process.version}; obciążenie (1 min) przed/po: ${loadBefore.toFixed(1)}/${os.loadavg()[0].toFixed(1)}\n`,
  );
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`);
  const median = (label: string, k: string) => byTarget.get(label)?.get(k)?.median ?? NaN;
  for (const scenario of scenarios) {
    for (const page of scenario.pages ?? [1, 1000]) {
      const k = key(scenario, page);
      const cells = [scenario.name, String(page)];
      for (const t of targets) {
        const f = byTarget.get(t.label)!.get(k)!;
        cells.push(f.result, f.median.toFixed(1), f.p95.toFixed(1));
      }
      for (const [a, b] of ratios) cells.push(`×${(median(a, k) / median(b, k)).toFixed(2)}`);
      console.log(`| ${cells.join(' | ')} |`);
    }
  }
  printTargets(scenarios, targets, byTarget, pairs);
}

/**
 * Issue 11's targets, counted over every call and page: p95 under 100 ms on each target, each
 * target's median at most 3× the base's, and each pair's first median at most 2× its second's.
 */
function printTargets(
  scenarios: ListScenario[],
  targets: Target[],
  byTarget: Map<string, Map<string, Figure>>,
  pairs: [string, string][],
) {
  const keys = scenarios.flatMap((s) => (s.pages ?? [1, 1000]).map((page) => key(s, page)));
  const figure = (label: string, k: string) => byTarget.get(label)!.get(k)!;
  const count = (test: (k: string) => boolean) => `${keys.filter(test).length} z ${keys.length}`;
  const [base] = targets;
  console.log('\nCele (issue 11):\n');
  for (const t of targets)
    console.log(`- ${t.label}: p95 < 100 ms: ${count((k) => figure(t.label, k).p95 < 100)}`);
  for (const t of targets.slice(1)) {
    const within = (k: string) => figure(t.label, k).median <= 3 * figure(base!.label, k).median;
    console.log(`- ${t.label}: mediana ≤ 3× ${base!.label}: ${count(within)}`);
  }
  for (const [a, b] of pairs) {
    console.log(`- ${a}: mediana ≤ 2× ${b}: ${count((k) => figure(a, k).median <= 2 * figure(b, k).median)}`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
