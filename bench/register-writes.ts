/**
 * What one machine write costs as the register grows (issue 11: ≤ 1.5× at 1M vs 10k): adds machines
 * through the API one at a time (each with its index upkeep and the triggers that copy the customer
 * and category names and count the category's machines), then deletes them again.
 *
 *   npx tsx register-writes.ts --runs=60 --targets=pg10k=postgres://…/h1_10k,pg1m=postgres://…/h1_1m
 */
import os from 'node:os';
import { loginHeaders, openBenchApp, percentile } from './bench-app.js';
import { readOptions } from './options.js';

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

async function measure(label: string, where: string, runs: number) {
  const target = where.startsWith('postgres')
    ? { databaseUrl: where, dataDir: os.tmpdir() }
    : { dataDir: where };
  const { app, database } = await openBenchApp(target);
  const headers = await loginHeaders(app, readOptions());
  const [category] = (
    await app.inject({ method: 'GET', url: '/api/category/findAll?page=1&size=1', headers })
  ).json();
  const [customer] = (
    await app.inject({ method: 'GET', url: '/api/customer/findAll?page=1&size=1', headers })
  ).json();
  const times: number[] = [];
  const ids: number[] = [];
  try {
    for (let i = 0; i < runs + 3; i++) {
      const start = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/device/insert',
        headers,
        payload: {
          name: `Pomiar zapisu ${i}`,
          type: 'INTERNAL',
          category: { id: category.id },
          customer: { id: customer.id },
          serialNumber: `BENCH-W-${Date.now()}-${i}`,
          city: 'Kraków',
          province: 'małopolskie',
          status: 'OK',
        },
      });
      const elapsed = performance.now() - start;
      if (response.statusCode !== 201) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
      ids.push(response.json().id);
      if (i >= 3) times.push(elapsed);
    }
  } finally {
    for (const id of ids) await app.inject({ method: 'DELETE', url: `/api/device/delete/${id}`, headers });
    await app.close();
    await database.close();
  }
  times.sort((a, b) => a - b);
  return { label, median: percentile(times, 50), p95: percentile(times, 95) };
}

async function main() {
  const runs = Number(option('runs') ?? 60);
  const targets = (option('targets') ?? '').split(',').filter(Boolean);
  const rows = [];
  for (const t of targets) {
    const at = t.indexOf('=');
    rows.push(await measure(t.slice(0, at), t.slice(at + 1), runs));
  }
  console.log(
    `\nDodanie maszyny przez API, ${runs} razy po kolei; obciążenie (1 min): ${os.loadavg()[0].toFixed(1)}\n`,
  );
  console.log('| baza | mediana ms | p95 ms | mediana / pierwsza |');
  console.log('|---|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.label} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ×${(r.median / rows[0]!.median).toFixed(2)} |`,
    );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
