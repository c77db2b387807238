import ExcelJS from 'exceljs';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  IMPORT_MSG,
  importStreamLineSchema,
  ndjsonLines,
  type ImportPhase,
  type ImportProgress,
  type ImportStreamLine,
} from '@serwis/domain';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { rowsOf } from '../../lib/result-rows.js';
import { categories } from '../categories/categories.table.js';
import { customers } from '../customers/customers.table.js';
import { devices } from '../devices/devices.table.js';
import { multipart } from '../files/files.fixtures.js';
import { logs } from '../logs/logs.table.js';
import { inspectionSummaries } from '../inspections/inspection-summaries.table.js';
import { MACHINE_EXPORT_HEADER, sendImport } from './imports.fixtures.js';
import { takeImportLock } from './imports.repository.js';

const ctx = useTestApp();

const admin = () => createUserAndLogin(ctx, { admin: true });

/** A machine file of `rows` rows naming one customer and one category; `bad` lines lack a name. */
function machineFile(rows: number, bad: number[] = []) {
  const lines = [MACHINE_EXPORT_HEADER];
  for (let i = 1; i <= rows; i++) {
    const name = bad.includes(i + 1) ? '' : `Laser ${i}`;
    lines.push(`;;${name};Metalex;Lasery;P-${i};3 kW;2024-01-15;;;;Łódź;łódzkie`);
  }
  return lines.join('\r\n');
}

async function seed() {
  await ctx.database.db.insert(customers).values({ shortName: 'Metalex' });
  await ctx.database.db.insert(categories).values({ name: 'Lasery' });
}

/** The streamed answer's lines, each checked against the shared schema. */
function linesOf(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(response.statusCode).toBe(200);
  expect(String(response.headers['content-type'])).toMatch(/^application\/x-ndjson/);
  expect(response.body.endsWith('\n')).toBe(true);
  return response.body
    .trimEnd()
    .split('\n')
    .map((line) => importStreamLineSchema.parse(JSON.parse(line)) as ImportStreamLine);
}

const progressOf = (lines: ImportStreamLine[]): ImportProgress[] =>
  lines.flatMap((line) => ('progress' in line ? [line.progress] : []));

/** The steps in the order they were told, each once. */
const phasesOf = (progress: ImportProgress[]): ImportPhase[] =>
  progress.map((p) => p.phase).filter((phase, i, all) => phase !== all[i - 1]);

/** Each step's counts never go back, and its last line is its whole count. */
function expectCountsRise(progress: ImportProgress[], phase: ImportPhase, total: number) {
  const done = progress.filter((p) => p.phase === phase).map((p) => p.done);
  expect(done).toEqual([...done].sort((a, b) => a - b));
  expect(progress.filter((p) => p.phase === phase).at(-1)).toEqual({ phase, done: total, total });
}

const machineCount = async () =>
  (await ctx.database.db.select({ n: count() }).from(devices).where(eq(devices.type, 'INTERNAL')))[0]!.n;

describe('import with progress (?progress=ndjson)', () => {
  it('tells each step as it goes, then the result, and imports every row', async () => {
    await seed();
    const user = await admin();
    const rows = 5_200; // two statements of writes and of inspection dates (5,000 each)
    const response = await sendImport(ctx, user, '/api/device/import?progress=ndjson', machineFile(rows));
    const lines = linesOf(response);
    expect(lines.at(-1)).toEqual({
      result: {
        message: IMPORT_MSG.done(rows, 0),
        fileName: 'maszyny.csv',
        total: rows,
        added: rows,
        updated: 0,
        unchanged: 0,
        createdCustomers: 0,
        createdCategories: 0,
      },
    });
    const progress = progressOf(lines);
    expect(lines.slice(0, -1)).toHaveLength(progress.length);
    expect(phasesOf(progress)).toEqual(['reading', 'checking', 'writing', 'summaries']);
    expect(progress[0]).toEqual({ phase: 'reading', done: 0, total: 0 });
    expectCountsRise(progress, 'checking', rows);
    expectCountsRise(progress, 'writing', rows);
    expectCountsRise(progress, 'summaries', rows);
    // Each write statement is told (5,000 rows, then the rest).
    expect(progress).toContainEqual({ phase: 'writing', done: 5_000, total: rows });
    expect(progress).toContainEqual({ phase: 'summaries', done: 5_000, total: rows });
    expect(await machineCount()).toBe(rows);
    const [{ n: summaries }] = await ctx.database.db.select({ n: count() }).from(inspectionSummaries);
    expect(summaries).toBe(rows);
  });

  it('ends with the same report as the plain call when rows are wrong, and writes nothing', async () => {
    await seed();
    const user = await admin();
    const file = machineFile(30, [5, 17]);
    const plain = await sendImport(ctx, user, '/api/device/import', file);
    expect(plain.statusCode).toBe(422);
    const lines = linesOf(await sendImport(ctx, user, '/api/device/import?progress=ndjson', file));
    expect(lines.at(-1)).toEqual({ failure: plain.json() });
    expect(plain.json()).toMatchObject({ badRows: 2, problems: [{ row: 5 }, { row: 17 }] });
    expect(phasesOf(progressOf(lines))).toEqual(['reading', 'checking']);
    expect(await machineCount()).toBe(0);
  });

  it('ends with the status and message of the plain call for a file it cannot import', async () => {
    await seed();
    const user = await admin();
    const noCategory = 'Nazwa;Kontrahent\r\nLaser;Metalex\r\n';
    const plain = await sendImport(ctx, user, '/api/device/import', noCategory);
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe(IMPORT_MSG.missingColumn('Kategoria'));
    const lines = linesOf(await sendImport(ctx, user, '/api/device/import?progress=ndjson', noCategory));
    expect(lines.at(-1)).toEqual({ error: { status: 400, ...plain.json() } });

    const unreadable = linesOf(
      await sendImport(ctx, user, '/api/device/import?progress=ndjson', Buffer.from([1, 0, 2, 0])),
    );
    expect(unreadable.at(-1)).toMatchObject({ error: { status: 400, message: IMPORT_MSG.unreadable } });
    expect(await machineCount()).toBe(0);
  });

  it('streams the preview: the same preview as the plain call, after reading and checking', async () => {
    await seed();
    const user = await admin();
    const file = machineFile(40, [9]);
    const plain = await sendImport(ctx, user, '/api/device/import/preview', file);
    expect(plain.statusCode).toBe(200);
    const lines = linesOf(await sendImport(ctx, user, '/api/device/import/preview?progress=ndjson', file));
    expect(lines.at(-1)).toEqual({ preview: plain.json() });
    const progress = progressOf(lines);
    expect(phasesOf(progress)).toEqual(['reading', 'checking']);
    expectCountsRise(progress, 'checking', 40);
    expect(await machineCount()).toBe(0);
  });

  it('tells the rows read of a workbook, whose length is not known before it is read', async () => {
    await seed();
    const user = await admin();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Maszyny');
    sheet.addRow(['Nazwa', 'Kontrahent', 'Kategoria']);
    for (let i = 1; i <= 2_500; i++) sheet.addRow([`Laser ${i}`, 'Metalex', 'Lasery']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const lines = linesOf(
      await sendImport(
        ctx,
        user,
        '/api/device/import/preview?progress=ndjson',
        bytes,
        undefined,
        'maszyny.xlsx',
      ),
    );
    expect(lines.at(-1)).toMatchObject({ preview: { total: 2_500, problemCount: 0 } });
    const reading = progressOf(lines).filter((p) => p.phase === 'reading');
    // The header is row 1: rows 1,000 and 2,000 of the sheet.
    expect(reading).toEqual([
      { phase: 'reading', done: 0, total: 0 },
      { phase: 'reading', done: 1_000, total: 0 },
      { phase: 'reading', done: 2_000, total: 0 },
    ]);
  });

  it('counts the written customers of a customer import', async () => {
    const user = await admin();
    const file = ['Nazwa skrócona;Miejscowość', 'Alfa;Kraków', 'Beta;Gdańsk', 'Gamma;Poznań'].join('\r\n');
    const lines = linesOf(await sendImport(ctx, user, '/api/customer/import?progress=ndjson', file));
    expect(lines.at(-1)).toMatchObject({ result: { added: 3, updated: 0 } });
    const progress = progressOf(lines);
    expect(phasesOf(progress)).toEqual(['reading', 'checking', 'writing']);
    expectCountsRise(progress, 'writing', 3);
    expect(await ctx.database.db.select({ n: count() }).from(customers)).toEqual([{ n: 3 }]);
  });

  // Only PostgreSQL runs another statement while a transaction holds the lock.
  it.runIf(process.env.DATABASE_URL)(
    'tells that it waits while another import writes, then imports',
    async () => {
      await seed();
      const user = await admin();
      let answer: ReturnType<typeof sendImport> | undefined;
      // In this file's database: other test files beside it wait on advisory locks of their own.
      const waitingOnTheLock = sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'
        AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
      await ctx.database.db.transaction(async (tx) => {
        expect(await takeImportLock(tx, async () => undefined)).toBe(true);
        answer = sendImport(ctx, user, '/api/device/import?progress=ndjson', machineFile(3));
        for (let tries = 0; tries < 200; tries++) {
          const [row] = rowsOf<{ n: number }>(await ctx.database.db.execute(waitingOnTheLock));
          if (row!.n > 0) return;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error('the import never waited for the lock');
      });
      const lines = linesOf(await answer!);
      expect(lines.at(-1)).toMatchObject({ result: { added: 3, updated: 0 } });
      const progress = progressOf(lines);
      expect(phasesOf(progress)).toEqual(['reading', 'waiting', 'checking', 'writing', 'summaries']);
      expect(progress).toContainEqual({ phase: 'waiting', done: 0, total: 0 });
      expect(await machineCount()).toBe(3);
    },
  );

  it('stops, writing nothing, when its client goes away in the middle', async () => {
    await seed();
    const user = await admin();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const body = await multipart([
      { kind: 'file', name: 'file', filename: 'maszyny.csv', content: machineFile(12_000) },
    ]);
    const controller = new AbortController();
    const response = await fetch(`${address}/api/device/import?progress=ndjson`, {
      method: 'POST',
      headers: { ...as(user), ...body.headers },
      body: body.payload,
      signal: controller.signal,
    });
    // The tab closes once the rows are being written.
    const seen: ImportPhase[] = [];
    await expect(
      (async () => {
        for await (const line of ndjsonLines(response.body!)) {
          const parsed = line as ImportStreamLine;
          if ('progress' in parsed) seen.push(parsed.progress.phase);
          if ('progress' in parsed && parsed.progress.phase === 'writing') controller.abort();
        }
      })(),
    ).rejects.toThrow();
    expect(seen).toContain('writing');
    // The next import takes the lock only once the first has ended: rolled back, not committed.
    const next = await sendImport(ctx, user, '/api/device/import', machineFile(2));
    expect(next.json()).toMatchObject({ added: 2, updated: 0 });
    expect(await machineCount()).toBe(2);
    const entries = await ctx.database.db.select().from(logs).where(eq(logs.arg1, 'import:INTERNAL'));
    // The abandoned import is on record, as a refused one is, then the one that went in.
    expect(entries.map((e) => e.formattedMessage)).toEqual([
      expect.stringMatching(
        /: import maszyn z pliku maszyny\.csv przerwany: połączenie zamknięte przed końcem, wierszy 12000, nie zapisano żadnego$/,
      ),
      expect.stringMatching(/: import maszyn z pliku maszyny\.csv: wierszy 2, dodano 2, zaktualizowano 0$/),
    ]);
    // fetch keeps its connection alive: the app closes at the end without waiting for it.
    ctx.app.server.closeAllConnections();
  });

  it('answers an employee with a plain 403 before reading the file', async () => {
    const user = await createUserAndLogin(ctx);
    const response = await sendImport(ctx, user, '/api/device/import?progress=ndjson', machineFile(3));
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(await machineCount()).toBe(0);
  });
});
