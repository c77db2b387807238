/**
 * Latency of the map calls at scale, in-process (buildApp + app.inject, no network):
 * `GET /api/device/with-gps-location-data` with 100,000 positioned machines and
 * `GET /api/deviceHotel/getAllByDevice/{id}` with 100,000 hotels, on a database of its own.
 *
 *   npm run places -w bench                          # PGlite in .tmp/bench-places (made anew)
 *   DATABASE_URL=postgres://…/serwis_places npm run places -w bench   # empties its tables first
 *   npm run places -w bench -- --machines=20000 --hotels=20000 --runs=10
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { MACHINE_STATUSES } from '@serwis/domain';
import { hashPassword, useFastHashing } from '../apps/server/src/modules/auth/password.js';
import { categories } from '../apps/server/src/modules/categories/categories.table.js';
import { customers } from '../apps/server/src/modules/customers/customers.table.js';
import { devices } from '../apps/server/src/modules/devices/devices.table.js';
import { hotels } from '../apps/server/src/modules/hotels/hotels.table.js';
import { insertUser } from '../apps/server/src/modules/users/users.repository.js';
import { openBenchApp, percentile } from './bench-app.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.slice(name.length + 3).replace(/_/g, '')) : fallback;
};
const MACHINES = arg('machines', 100_000);
const HOTELS = arg('hotels', 100_000);
const RUNS = arg('runs', 30);
const BATCH = 2000;

/** A small deterministic generator, so every run measures the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Poland's bounding box, roughly: where machines and hotels are. */
const inPoland = (next: () => number) => ({
  latitude: 49.0 + next() * 5.8,
  longitude: 14.1 + next() * 10.0,
});

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(here, '..', '.tmp', 'bench-places'));
  if (!databaseUrl) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const { app, database, config } = await openBenchApp({ dataDir, databaseUrl });
  const db = database.db;
  try {
    const loadStart = performance.now();
    await db.execute(sql`TRUNCATE hotels, devices, customers, categories RESTART IDENTITY CASCADE`);
    await db.execute(sql`DELETE FROM users WHERE email = 'places@serwis.local'`);
    useFastHashing(true);
    await insertUser(db, {
      userName: 'Benchmark',
      firstName: 'Mapa',
      lastName: 'Pomiar',
      email: 'places@serwis.local',
      passwordHash: await hashPassword('bench-haslo-2026'),
      roles: ['ADMIN'],
    });
    const [customer] = await db.insert(customers).values({ shortName: 'Pomiar map' }).returning();
    const categoryIds = (
      await db
        .insert(categories)
        .values(Array.from({ length: 10 }, (_, i) => ({ name: `Kategoria ${i + 1}` })))
        .returning()
    ).map((c) => c.id);
    const next = random(2026);
    for (let done = 0; done < MACHINES; done += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, MACHINES - done) }, (_, i) => {
        const status = MACHINE_STATUSES[Math.floor(next() * MACHINE_STATUSES.length)];
        const place = inPoland(next);
        return {
          name: `Maszyna ${done + i + 1}`,
          type: next() < 0.75 ? 'INTERNAL' : 'EXTERNAL',
          categoryId: categoryIds[Math.floor(next() * categoryIds.length)],
          customerId: customer.id,
          status: status.name,
          statusWeight: status.weight,
          gpsLatitude: place.latitude,
          gpsLongitude: place.longitude,
        };
      });
      await db.insert(devices).values(rows);
    }
    for (let done = 0; done < HOTELS; done += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, HOTELS - done) }, (_, i) => ({
        name: `Hotel ${done + i + 1}`,
        city: 'Miasto',
        ...inPoland(next),
      }));
      await db.insert(hotels).values(rows);
    }
    await db.execute(sql`ANALYZE devices`);
    await db.execute(sql`ANALYZE hotels`);
    const loadSeconds = (performance.now() - loadStart) / 1000;

    const auth = await app.inject({
      method: 'GET',
      url: '/api/user/auth',
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        authorization: `Basic ${Buffer.from('places@serwis.local:bench-haslo-2026').toString('base64')}`,
      },
    });
    const session = auth.cookies.find((c) => c.name === 'SESSION');
    if (!session) throw new Error(`login failed: ${auth.statusCode}`);
    const headers = { 'x-requested-with': 'XMLHttpRequest', cookie: `SESSION=${session.value}` };

    const measure = async (name: string, url: (run: number) => string, runs: number) => {
      const times: number[] = [];
      let results = 0;
      let bytes = 0;
      for (let i = 0; i < runs + 2; i++) {
        const start = performance.now();
        const response = await app.inject({ method: 'GET', url: url(i), headers });
        const elapsed = performance.now() - start;
        if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
        if (i < 2) continue;
        times.push(elapsed);
        results += response.json().length;
        bytes = Math.max(bytes, response.rawPayload.length);
      }
      times.sort((a, b) => a - b);
      return {
        name,
        runs,
        median: percentile(times, 50),
        p95: percentile(times, 95),
        results: results / runs,
        bytes,
      };
    };

    const pick = random(7);
    const machineIds = Array.from({ length: RUNS + 2 }, () => 1 + Math.floor(pick() * MACHINES));
    const results = [
      await measure(
        'with-gps-location-data (wszystkie punkty)',
        () => '/api/device/with-gps-location-data',
        Math.max(5, Math.round(RUNS / 3)),
      ),
      await measure(
        'with-gps-location-data?status=DANGER',
        () => '/api/device/with-gps-location-data?status=DANGER',
        RUNS,
      ),
      await measure(
        `getAllByDevice (promień ${config.HOTEL_RADIUS_KM} km, losowa maszyna)`,
        (i) => `/api/deviceHotel/getAllByDevice/${machineIds[i]}`,
        RUNS,
      ),
    ];
    console.log(
      `\nBaza: ${databaseUrl ? 'PostgreSQL' : `PGlite (${dataDir})`}; maszyn z położeniem: ${MACHINES}; hoteli: ${HOTELS}; ` +
        `wczytanie ${loadSeconds.toFixed(0)} s; ${os.cpus().length} CPU, Node ${process.version}; obciążenie: ${os.loadavg()[0].toFixed(1)}`,
    );
    console.log('| scenariusz | wyników (śr.) | odpowiedź | mediana ms | p95 ms | przebiegów |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const r of results) {
      console.log(
        `| ${r.name} | ${r.results.toFixed(0)} | ${(r.bytes / 1024 / 1024).toFixed(1)} MB | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.runs} |`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
