/**
 * Load test of record: N concurrent clients for S seconds against two server instances on one
 * PostgreSQL, a realistic mix of calls (filtered lists, machine card tabs, note and service saves,
 * file downloads). Prints p50/p95/p99 per call, then checks that no acknowledged write was lost and
 * no protocol number was given twice. Exits 1 on any error or lost write.
 *
 *   npm run build && bash scripts/with-postgres.sh npm run load -w bench
 *   npm run load -w bench -- --clients=200 --seconds=60 --instances=2   (DATABASE_URL of an empty database)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { percentile } from './bench-app.js';
import { startBenchServer, stopBenchServer, type BenchServer } from './server-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../apps/server/dist/server.js');

function numberOption(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = Number(arg ? arg.slice(name.length + 3) : fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number ≥ 1`);
  return value;
}

const CLIENTS = numberOption('clients', 200);
const SECONDS = numberOption('seconds', 60);
const INSTANCES = numberOption('instances', 2);
const EMPLOYEES = 20;
const MACHINES = 120;
const FILES = 24;
const ADMIN = { email: 'load-admin@serwis.local', password: 'Load-test-haslo-2026' };
const DATABASE_URL = process.env.DATABASE_URL;

// ---------------------------------------------------------------- servers

const startInstance = (dataDir: string): Promise<BenchServer> =>
  startBenchServer({
    server: serverEntry,
    dataDir,
    databaseUrl: DATABASE_URL,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });

// ---------------------------------------------------------------- HTTP with a session

interface Session {
  cookie: string;
}

async function call(base: string, session: Session | null, method: string, url: string, body?: unknown) {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  if (session) headers.cookie = session.cookie;
  let payload: FormData | string | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  return fetch(`${base}${url}`, { method, headers, body: payload });
}

async function login(base: string, email: string, password: string): Promise<Session> {
  const response = await fetch(`${base}/api/user/auth`, {
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
    },
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('SESSION='));
  if (response.status !== 200 || !cookie) throw new Error(`login ${email}: ${response.status}`);
  return { cookie: cookie.split(';')[0]! };
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

// ---------------------------------------------------------------- data set

interface DataSet {
  employees: Session[];
  machines: { id: number; customerId: number }[];
  files: { filename: string; sha256: string }[];
}

async function seed(base: string): Promise<DataSet> {
  const admin = await login(base, ADMIN.email, ADMIN.password);
  const employees: Session[] = [];
  for (let i = 1; i <= EMPLOYEES; i++) {
    const email = `technik${i}@serwis.local`;
    const password = `Technik-haslo-${i}-2026`;
    await json(
      await call(base, admin, 'POST', '/api/user/insert', {
        userName: 'Serwisant',
        firstName: 'Jan',
        lastName: `Technik ${i}`,
        email,
        password,
        country: 'Polska',
        vacationDays: 26,
        active: true,
        roles: [{ id: 2, role: 'USER' }],
      }),
      'employee',
    );
    employees.push(await login(base, email, password));
  }
  const customers: number[] = [];
  for (let i = 1; i <= 6; i++) {
    const customer = await json<{ id: number }>(
      await call(base, admin, 'POST', '/api/customer/insert', {
        shortName: `Zakład ${i}`,
        fullName: `Zakład Produkcyjny ${i} sp. z o.o.`,
        city: ['Łódź', 'Kraków', 'Poznań'][i % 3],
        province: ['łódzkie', 'małopolskie', 'wielkopolskie'][i % 3],
      }),
      'customer',
    );
    customers.push(customer.id);
  }
  const categories: number[] = [];
  for (const name of ['Tokarki', 'Frezarki CNC', 'Piece indukcyjne']) {
    categories.push(
      (
        await json<{ id: number }>(
          await call(base, admin, 'POST', '/api/category/insert', { name }),
          'category',
        )
      ).id,
    );
  }
  const statuses = ['OK', 'OK', 'OK', 'FAULT', 'IN_REPAIR', 'PRODUCTION'];
  const machines: DataSet['machines'] = [];
  for (let i = 1; i <= MACHINES; i++) {
    const customerId = customers[i % customers.length]!;
    const machine = await json<{ id: number }>(
      await call(base, admin, 'POST', '/api/device/insert', {
        name: `Maszyna ${i}`,
        category: { id: categories[i % categories.length] },
        customer: { id: customerId },
        serialNumber: `SN-${String(i).padStart(5, '0')}`,
        sourcePower: '15 kW',
        transferDate: `202${i % 6}-0${(i % 9) + 1}-15`,
        warrantyLength: 24,
        warranty: 'pełna',
        streetAddress: `ul. Fabryczna ${i}`,
        zipCode: '90-001',
        city: 'Łódź',
        province: 'łódzkie',
        status: statuses[i % statuses.length],
        type: 'INTERNAL',
      }),
      'machine',
    );
    machines.push({ id: machine.id, customerId });
  }
  const files: DataSet['files'] = [];
  for (let i = 1; i <= FILES; i++) {
    const bytes = crypto.randomBytes(20_000 + i * 15_000);
    const form = new FormData();
    const name = `dokumentacja ${i % 8}.pdf`; // repeated names: the unique download names are used
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), name);
    form.append(
      'fileJson',
      JSON.stringify({ deviceId: machines[i]!.id, type: 'MACHINE_FILE', filename: name }),
    );
    const stored = await json<{ filename: string }>(
      await call(base, admin, 'POST', '/api/file/add', form),
      'file',
    );
    files.push({
      filename: stored.filename,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    });
  }
  return { employees, machines, files };
}

// ---------------------------------------------------------------- the mix

interface Stats {
  times: Map<string, number[]>;
  errors: Map<string, number>;
  errorSamples: string[];
  notes: { id: number; text: string }[];
  services: { id: number; numbered: boolean }[];
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function timed(stats: Stats, name: string, run: () => Promise<boolean | string>) {
  const start = performance.now();
  let failure: string | undefined;
  try {
    const result = await run();
    if (result !== true) failure = result === false ? 'unexpected answer' : result;
  } catch (error) {
    failure = (error as Error).message;
  }
  const ms = performance.now() - start;
  if (!stats.times.has(name)) stats.times.set(name, []);
  stats.times.get(name)!.push(ms);
  if (failure) {
    stats.errors.set(name, (stats.errors.get(name) ?? 0) + 1);
    if (stats.errorSamples.length < 10) stats.errorSamples.push(`${name}: ${failure}`);
  }
}

const okStatus = async (response: Response, expected = 200) => {
  await response.arrayBuffer();
  return response.status === expected || `${response.status}`;
};

async function client(n: number, instances: BenchServer[], data: DataSet, stats: Stats, until: number) {
  const session = data.employees[n % data.employees.length]!;
  let turn = n;
  while (Date.now() < until) {
    // Every call goes to the next instance: writes on one are read back on the other.
    const base = instances[turn++ % instances.length]!.base;
    const roll = Math.random();
    const machine = pick(data.machines);
    if (roll < 0.3) {
      const filters = [
        {},
        { statuses: ['Ok', 'Usterka'] },
        { provinces: ['łódzkie'], categories: ['Tokarki'] },
        { city: 'łódź', dateFrom: '2021-01-01T00:00:00', dateTo: '2024-12-31T00:00:00' },
      ];
      const q =
        Math.random() < 0.3 ? `&q=${encodeURIComponent(pick(['Maszyna 1', 'SN-000', 'Zakład']))}` : '';
      await timed(stats, 'lista maszyn (filtry, strona)', async () =>
        okStatus(
          await call(
            base,
            session,
            'POST',
            `/api/device/getByFilter?page=${1 + (turn % 5)}&size=20&sort=name,asc${q}`,
            pick(filters),
          ),
        ),
      );
    } else if (roll < 0.6) {
      const tab = pick([
        ['karta: maszyna', `/api/device/findById/${machine.id}`],
        ['karta: notatki', `/api/deviceNote/findByIdDevice/${machine.id}`],
        ['karta: części', `/api/part/findByDevice/${machine.id}`],
        ['karta: pliki', `/api/file/findByDeviceAndType/${machine.id}/MACHINE_FILE`],
        ['karta: serwis', `/api/service/findByDeviceWithFilesEnitiy/${machine.id}`],
        ['karta: przeglądy', `/api/device/periodicInspection/${machine.id}`],
      ] as const);
      await timed(stats, tab[0], async () => okStatus(await call(base, session, 'GET', tab[1])));
    } else if (roll < 0.75) {
      const text = `Notatka ${n}-${turn} ${crypto.randomUUID()}`;
      await timed(stats, 'zapis notatki', async () => {
        const response = await call(base, session, 'POST', '/api/deviceNote/insert', {
          device: { id: machine.id },
          text,
        });
        if (response.status !== 201) return `${response.status} ${await response.text()}`;
        stats.notes.push({ id: ((await response.json()) as { id: number }).id, text });
        return true;
      });
    } else if (roll < 0.82) {
      const form = new FormData();
      form.append(
        'serviceJson',
        JSON.stringify({
          date: '2026-11-20',
          number: '',
          paymentType: 'PLATNA',
          type: ['NAPRAWA'],
          customer: { id: machine.customerId },
          // Half are signed on save (numbered under the year's lock), half stay drafts.
          isToSign: turn % 2 === 0,
          faultDescription: `Usterka zgłoszona przez klienta ${n}`,
          period: -1,
          devices: [{ id: machine.id }],
        }),
      );
      await timed(stats, 'zapis zdarzenia serwisowego', async () => {
        const response = await call(base, session, 'POST', '/api/service/add', form);
        if (response.status !== 201) return `${response.status} ${await response.text()}`;
        const saved = (await response.json()) as { id: number; number: number };
        stats.services.push({ id: saved.id, numbered: saved.number > 0 });
        return true;
      });
    } else {
      const file = pick(data.files);
      await timed(stats, 'pobranie pliku', async () => {
        const response = await call(
          base,
          session,
          'GET',
          `/api/storage/downloadFile?fileName=${encodeURIComponent(file.filename)}`,
        );
        if (response.status !== 200) return `${response.status}`;
        const digest = crypto
          .createHash('sha256')
          .update(Buffer.from(await response.arrayBuffer()))
          .digest('hex');
        return digest === file.sha256 || 'different bytes';
      });
    }
  }
}

async function verify(stats: Stats) {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const notes = await db.query<{ id: number; text: string }>(
      'SELECT id, text FROM device_notes WHERE id = ANY($1)',
      [stats.notes.map((n) => n.id)],
    );
    const stored = new Map(notes.rows.map((r) => [r.id, r.text]));
    const lostNotes = stats.notes.filter((n) => stored.get(n.id) !== n.text).length;
    // Every acknowledged event is there; a signed one still has its number.
    const services = await db.query<{ id: number; number: number }>(
      'SELECT id, number FROM services WHERE id = ANY($1)',
      [stats.services.map((s) => s.id)],
    );
    const numbers = new Map(services.rows.map((r) => [r.id, r.number]));
    const lostServices = stats.services.filter(
      (s) => !numbers.has(s.id) || (s.numbered && !(numbers.get(s.id)! > 0)),
    ).length;
    const duplicates = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM (SELECT year, number, number_extension FROM services WHERE number > 0
       GROUP BY year, number, number_extension HAVING count(*) > 1) d`,
    );
    return { lostNotes, lostServices, duplicateNumbers: Number(duplicates.rows[0]!.n) };
  } finally {
    await db.end();
  }
}

async function main() {
  if (!DATABASE_URL) throw new Error('DATABASE_URL (an empty PostgreSQL database) is required.');
  if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first.`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-load-'));
  const instances: BenchServer[] = [];
  try {
    // The first instance migrates; the others start against the migrated database, as in production.
    for (let i = 0; i < INSTANCES; i++) instances.push(await startInstance(dataDir));
    console.log(
      `load: ${INSTANCES} instances on one PostgreSQL (${instances.map((i) => i.base).join(', ')})`,
    );
    const data = await seed(instances[0]!.base);
    console.log(
      `load: ${EMPLOYEES} employees, ${MACHINES} machines, ${FILES} files; ${CLIENTS} clients for ${SECONDS} s`,
    );
    const stats: Stats = { times: new Map(), errors: new Map(), errorSamples: [], notes: [], services: [] };
    const started = Date.now();
    const until = started + SECONDS * 1000;
    await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n, instances, data, stats, until)));
    const elapsed = (Date.now() - started) / 1000;
    const check = await verify(stats);

    console.log(
      `\n| call | count | errors | p50 ms | p95 ms | p99 ms |\n| --- | ---: | ---: | ---: | ---: | ---: |`,
    );
    let total = 0;
    let errors = 0;
    for (const [name, times] of [...stats.times].sort((a, b) => a[0].localeCompare(b[0]))) {
      const sorted = [...times].sort((a, b) => a - b);
      const failed = stats.errors.get(name) ?? 0;
      total += sorted.length;
      errors += failed;
      console.log(
        `| ${name} | ${sorted.length} | ${failed} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} |`,
      );
    }
    console.log(
      `\n${total} calls in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(0)}/s), ${errors} errors; ` +
        `writes acknowledged: ${stats.notes.length} notes, ${stats.services.length} services (${stats.services.filter((s) => s.numbered).length} signed and numbered); ` +
        `lost: ${check.lostNotes} notes, ${check.lostServices} services; protocol numbers given twice: ${check.duplicateNumbers}`,
    );
    for (const sample of stats.errorSamples) console.log(`  error: ${sample}`);
    if (errors > 0 || check.lostNotes > 0 || check.lostServices > 0 || check.duplicateNumbers > 0)
      process.exitCode = 1;
  } finally {
    await Promise.all(instances.map(stopBenchServer));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
