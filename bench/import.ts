/**
 * Import throughput: a generated machine CSV (N rows, naming 500 customers and 50 categories that
 * do not exist yet) sent to POST /api/device/import?progress=ndjson over HTTP on loopback, as the
 * browser's dialog sends it, then the file with every machine renamed (every row an update by serial
 * number), then that file again (every row found as it is: nothing written).
 * Prints seconds and rows per second, and how long each step took by the progress lines' arrival.
 *
 *   bash scripts/with-postgres.sh npx tsx bench/import.ts --rows=100000     (PostgreSQL, throw-away)
 *   npx tsx bench/import.ts --rows=10000                                     (PGlite in a temp dir)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '../apps/server/src/modules/auth/password.js';
import { insertUser } from '../apps/server/src/modules/users/users.repository.js';
import {
  IMPORT_PHASE_LABELS,
  PROVINCES,
  ndjsonLines,
  type ImportPhase,
  type ImportStreamLine,
} from '@serwis/domain';
import { freePort, openBenchApp } from './bench-app.js';

const rowsArg = process.argv.find((a) => a.startsWith('--rows='));
const ROWS = Number(rowsArg ? rowsArg.slice(7) : 100_000);

function machineCsv(rows: number, name = 'Laser fiber'): Buffer {
  const lines = [
    'Id;Status;Nazwa;Kontrahent;Kategoria;S/N;Moc;Data;Gwarancja;Ulica;Kod pocztowy;Miasto;Województwo',
  ];
  for (let i = 1; i <= rows; i++) {
    const province = PROVINCES[1 + (i % (PROVINCES.length - 1))];
    const date = `20${10 + (i % 15)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    lines.push(
      `;Produkcja;${name} ${i};Kontrahent ${i % 500};Kategoria ${i % 50};IMP-${i};${i % 20} kW;${date};24 mies. Pełna;ul. Długa ${i % 200};00-${String(i % 1000).padStart(3, '0')};Miasto ${i % 300};${province}`,
    );
  }
  return Buffer.from('\uFEFF' + lines.join('\r\n') + '\r\n', 'utf8');
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-import-bench-'));
  const databaseUrl = process.env.DATABASE_URL;
  const { app, database } = await openBenchApp({ dataDir, databaseUrl });
  try {
    const email = `import-${crypto.randomBytes(3).toString('hex')}@firma.pl`;
    const password = 'Haslo-123456';
    await insertUser(database.db, {
      userName: 'Kierownik',
      firstName: 'Anna',
      lastName: 'Nowak',
      email,
      passwordHash: await hashPassword(password),
      roles: ['ADMIN'],
    });
    const auth = await app.inject({
      method: 'GET',
      url: '/api/user/auth',
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
      },
    });
    const session = auth.cookies.find((c) => c.name === 'SESSION')!;
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    const file = machineCsv(ROWS);
    const renamed = machineCsv(ROWS, 'Laser światłowodowy');
    console.log(`${database.kind}: ${ROWS} wierszy, plik ${(file.length / 1024 / 1024).toFixed(1)} MB`);
    const rounds = [
      ['dodanie', file],
      ['aktualizacja', renamed],
      ['bez zmian', renamed],
    ] as const;
    for (const [round, content] of rounds) {
      const form = new FormData();
      form.append('file', new Blob([content], { type: 'text/csv' }), 'maszyny.csv');
      form.append('optionsJson', JSON.stringify({ createMissing: true }));
      // The server's memory (this process) at its highest while the file is imported.
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/api/device/import?progress=ndjson`, {
        method: 'POST',
        headers: { 'x-requested-with': 'XMLHttpRequest', cookie: `SESSION=${session.value}` },
        body: form,
      });
      if (response.status !== 200)
        throw new Error(`${response.status} ${(await response.text()).slice(0, 500)}`);
      // When each step was first told, from the request's start; the last line is the outcome.
      const began = new Map<ImportPhase, number>();
      let outcome: ImportStreamLine | undefined;
      for await (const line of ndjsonLines(response.body)) {
        const parsed = line as ImportStreamLine;
        if (!('progress' in parsed)) outcome = parsed;
        else if (!began.has(parsed.progress.phase))
          began.set(parsed.progress.phase, performance.now() - started);
      }
      const ended = performance.now() - started;
      clearInterval(sampler);
      const seconds = ended / 1000;
      if (!outcome || !('result' in outcome)) throw new Error(JSON.stringify(outcome).slice(0, 500));
      const { added, updated, unchanged } = outcome.result;
      console.log(
        `${round}: ${seconds.toFixed(1)} s, ${Math.round(ROWS / seconds)} wierszy/s (dodano ${added}, zaktualizowano ${updated}, bez zmian ${unchanged})`,
      );
      const steps = [...began];
      const told = steps.map(([phase, at], i) => {
        const until = steps[i + 1]?.[1] ?? ended;
        return `${IMPORT_PHASE_LABELS[phase]} ${((until - at) / 1000).toFixed(1)} s`;
      });
      console.log(`  wysyłanie ${((steps[0]?.[1] ?? 0) / 1000).toFixed(1)} s; ${told.join('; ')}`);
      console.log(`  pamięć procesu (RSS) najwyżej ${Math.round(peak / 1024 / 1024)} MB`);
    }
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
