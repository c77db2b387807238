/**
 * Import throughput: a generated machine CSV (N rows, naming 500 customers and 50 categories that
 * do not exist yet) sent to POST /api/device/import in-process (buildApp + app.inject), then the
 * same file again (every row an update by serial number). Prints seconds and rows per second.
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
import { PROVINCES } from '@serwis/domain';
import { openBenchApp } from './bench-app.js';

const rowsArg = process.argv.find((a) => a.startsWith('--rows='));
const ROWS = Number(rowsArg ? rowsArg.slice(7) : 100_000);

function machineCsv(rows: number): Buffer {
  const lines = [
    'Id;Status;Nazwa;Kontrahent;Kategoria;S/N;Moc;Data;Gwarancja;Ulica;Kod pocztowy;Miasto;Województwo',
  ];
  for (let i = 1; i <= rows; i++) {
    const province = PROVINCES[1 + (i % (PROVINCES.length - 1))];
    const date = `20${10 + (i % 15)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    lines.push(
      `;Produkcja;Laser fiber ${i};Kontrahent ${i % 500};Kategoria ${i % 50};IMP-${i};${i % 20} kW;${date};24 mies. Pełna;ul. Długa ${i % 200};00-${String(i % 1000).padStart(3, '0')};Miasto ${i % 300};${province}`,
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
    const file = machineCsv(ROWS);
    console.log(`${database.kind}: ${ROWS} wierszy, plik ${(file.length / 1024 / 1024).toFixed(1)} MB`);
    for (const round of ['dodanie', 'aktualizacja']) {
      const form = new FormData();
      form.append('file', new Blob([file], { type: 'text/csv' }), 'maszyny.csv');
      form.append('optionsJson', JSON.stringify({ createMissing: true }));
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const payload = Buffer.from(await request.arrayBuffer());
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/device/import',
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          'content-type': request.headers.get('content-type')!,
          cookie: `SESSION=${session.value}`,
        },
        payload,
      });
      const seconds = (performance.now() - started) / 1000;
      if (response.statusCode !== 200)
        throw new Error(`${response.statusCode} ${response.body.slice(0, 500)}`);
      const body = response.json<{ added: number; updated: number }>();
      console.log(
        `${round}: ${seconds.toFixed(1)} s, ${Math.round(ROWS / seconds)} wierszy/s (dodano ${body.added}, zaktualizowano ${body.updated})`,
      );
    }
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
