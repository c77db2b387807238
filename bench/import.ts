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
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  IMPORT_PHASE_LABELS,
  PROVINCES,
  ndjsonLines,
  type ImportPhase,
  type ImportStreamLine,
} from '@serwis/domain';
import { addBenchAdmin, freePort, openBenchApp } from './bench-app.js';
import { refuseUnknownOptions, wholeNumberOption } from './options.js';

refuseUnknownOptions(['rows']);
const ROWS = wholeNumberOption('rows', 'BENCH_IMPORT_ROWS', 100_000);

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
    const { email, password } = await addBenchAdmin(database.db, 'import');
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
    // The multipart body built once, as bytes: a FormData of a Blob is read out in this process as
    // it is sent, which would count among the server's stalls below.
    const boundary = `----serwis-bench-${crypto.randomBytes(8).toString('hex')}`;
    const formOf = (content: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="maszyny.csv"\r\n` +
            'Content-Type: text/csv\r\n\r\n',
        ),
        content,
        Buffer.from(
          `\r\n--${boundary}\r\nContent-Disposition: form-data; name="optionsJson"\r\n\r\n` +
            `${JSON.stringify({ createMissing: true })}\r\n--${boundary}--\r\n`,
        ),
      ]);
    const headers = {
      'x-requested-with': 'XMLHttpRequest',
      cookie: `SESSION=${session.value}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    };
    /**
     * The server's longest stall while `work` runs, in seconds: the server runs in this process, so
     * while its code holds the event loop, every other request of the server waits as long.
     */
    const longestStall = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
      const stalls = monitorEventLoopDelay({ resolution: 10 });
      stalls.enable();
      const result = await work();
      stalls.disable();
      return [result, stalls.max / 1e9];
    };
    {
      // The preview as a client without progress lines calls it: one JSON answer at the end.
      const started = performance.now();
      const [preview, stall] = await longestStall(async () => {
        const response = await fetch(`http://127.0.0.1:${port}/api/device/import/preview`, {
          method: 'POST',
          headers,
          body: formOf(file),
        });
        if (response.status !== 200)
          throw new Error(`${response.status} ${(await response.text()).slice(0, 500)}`);
        return (await response.json()) as { added: number };
      });
      console.log(
        `podgląd bez postępu: ${((performance.now() - started) / 1000).toFixed(1)} s (do dodania ${preview.added}); najdłuższe wstrzymanie pętli zdarzeń ${stall.toFixed(2)} s`,
      );
      if (preview.added !== ROWS)
        console.log(
          `Uwaga: baza ma już ${ROWS - preview.added} maszyn tego pliku, więc „dodanie” zmierzy ich aktualizację. ` +
            'Mierz na pustej bazie (bash scripts/with-postgres.sh albo bez DATABASE_URL).',
        );
    }
    for (const [round, content] of rounds) {
      const form = formOf(content);
      // The server's memory (this process) at its highest while the file is imported.
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
      const started = performance.now();
      // When each step was first told, from the request's start; the last line is the outcome.
      const began = new Map<ImportPhase, number>();
      const [outcome, stall] = await longestStall(async () => {
        const response = await fetch(`http://127.0.0.1:${port}/api/device/import?progress=ndjson`, {
          method: 'POST',
          headers,
          body: form,
        });
        if (response.status !== 200)
          throw new Error(`${response.status} ${(await response.text()).slice(0, 500)}`);
        let last: ImportStreamLine | undefined;
        for await (const line of ndjsonLines(response.body)) {
          const parsed = line as ImportStreamLine;
          if (!('progress' in parsed)) last = parsed;
          else if (!began.has(parsed.progress.phase))
            began.set(parsed.progress.phase, performance.now() - started);
        }
        return last;
      });
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
      console.log(`  najdłuższe wstrzymanie pętli zdarzeń ${stall.toFixed(2)} s`);
    }
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
