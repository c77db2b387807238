/**
 * What one write costs as the tables grow (issue 11): adding a machine and adding a service event
 * through the API, one at a time, on several databases one after another; median and p95 per
 * database and the ratio of each median to the first database's. It WRITES: run it on private
 * copies (createdb -T serwis_1m my_1m), never on the shared benchmark databases.
 *
 *   npx tsx write-cost.ts --runs=60 --targets=pg10k=postgres://…/my_10k,pg1m=postgres://…/my_1m
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { loginHeaders, openBenchApp, percentile } from './bench-app.js';
import { readOptions } from './options.js';
import { rowsOf } from '../apps/server/src/lib/result-rows.js';

interface Target {
  label: string;
  databaseUrl?: string;
  dataDir: string;
}

function readTargets(): Target[] {
  const raw = process.argv.find((a) => a.startsWith('--targets='))?.slice('--targets='.length);
  if (!raw) throw new Error('Podaj --targets=etykieta=postgres://…|/katalog,…');
  return raw.split(',').map((part) => {
    const at = part.indexOf('=');
    if (at < 1) throw new Error(`Zły cel "${part}": oczekiwano etykieta=adres`);
    const where = part.slice(at + 1);
    return where.startsWith('postgres')
      ? { label: part.slice(0, at), databaseUrl: where, dataDir: os.tmpdir() }
      : { label: part.slice(0, at), dataDir: where };
  });
}

/** A multipart body with the one `serviceJson` field, as the browser's form sends it. */
function serviceForm(json: object) {
  const boundary = `----serwis${Math.random().toString(16).slice(2)}`;
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="serviceJson"\r\n\r\n` +
    `${JSON.stringify(json)}\r\n--${boundary}--\r\n`;
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Figure {
  median: number;
  p95: number;
}

const figureOf = (times: number[]): Figure => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

async function measure(target: Target, runs: number) {
  const options = readOptions();
  const { app, database } = await openBenchApp(target);
  try {
    const headers = await loginHeaders(app, options);
    // A customer with an own machine, and a category: what the forms would pick.
    const found = await database.db.execute(sql`
      SELECT d.customer_id AS "customerId", d.category_id AS "categoryId", d.id AS "deviceId"
      FROM devices d WHERE d.type = 'INTERNAL' ORDER BY d.id LIMIT 1`);
    const pick = rowsOf<{ customerId: number; categoryId: number; deviceId: number }>(found)[0];
    if (!pick) throw new Error(`${target.label}: brak maszyn własnych`);
    const machine: number[] = [];
    const service: number[] = [];
    const stamp = Date.now();
    // Two warm-up rounds, then `runs` measured ones; the two writes alternate.
    for (let i = 0; i < runs + 2; i++) {
      let start = performance.now();
      const added = await app.inject({
        method: 'POST',
        url: '/api/device/insert',
        headers,
        payload: {
          name: `Maszyna pomiarowa ${stamp}-${i}`,
          category: { id: pick.categoryId },
          customer: { id: pick.customerId },
          serialNumber: `WC-${stamp}-${i}`,
          transferDate: '2025-06-15',
          warrantyLength: 24,
          warranty: 'pełna',
          streetAddress: 'ul. Pomiarowa 1',
          zipCode: '90-001',
          city: 'Łódź',
          province: 'łódzkie',
          type: 'INTERNAL',
        },
      });
      if (added.statusCode !== 201 && added.statusCode !== 200)
        throw new Error(`${target.label} maszyna: ${added.statusCode} ${added.body}`);
      if (i >= 2) machine.push(performance.now() - start);

      const form = serviceForm({
        date: '2026-11-20',
        number: '',
        paymentType: 'PLATNA',
        type: ['NAPRAWA'],
        customer: { id: pick.customerId },
        // Half signed on save (numbered under the year's lock), half drafts.
        isToSign: i % 2 === 0,
        faultDescription: `Pomiar kosztu zapisu ${i}`,
        period: -1,
        devices: [{ id: pick.deviceId }],
      });
      start = performance.now();
      const saved = await app.inject({
        method: 'POST',
        url: '/api/service/add',
        headers: { ...headers, 'content-type': form.contentType },
        payload: form.payload,
      });
      if (saved.statusCode !== 201)
        throw new Error(`${target.label} zdarzenie: ${saved.statusCode} ${saved.body}`);
      if (i >= 2) service.push(performance.now() - start);
    }
    process.stderr.write(`${target.label} gotowe\n`);
    return { machine: figureOf(machine), service: figureOf(service) };
  } finally {
    await app.close();
    await database.close();
  }
}

async function main() {
  const { runs } = readOptions();
  const targets = readTargets();
  const loadBefore = os.loadavg()[0];
  const results = [];
  for (const target of targets) results.push({ target, ...(await measure(target, runs)) });
  console.log(
    `\nZapis przez API, po jednym, ${runs} przebiegów; ${os.cpus().length} CPU, Node ${process.version}; ` +
      `obciążenie (1 min) przed/po: ${loadBefore.toFixed(1)}/${os.loadavg()[0].toFixed(1)}\n`,
  );
  const base = results[0]!;
  console.log('| zapis | baza | mediana ms | p95 ms | mediana / pierwsza baza |');
  console.log('|---|---|---:|---:|---:|');
  for (const kind of ['machine', 'service'] as const) {
    for (const r of results) {
      console.log(
        `| ${kind === 'machine' ? 'dodanie maszyny' : 'dodanie zdarzenia serwisowego'} | ${r.target.label} | ` +
          `${r[kind].median.toFixed(1)} | ${r[kind].p95.toFixed(1)} | ×${(r[kind].median / base[kind].median).toFixed(2)} |`,
      );
    }
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
