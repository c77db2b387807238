import { Writable } from 'node:stream';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loggerOptions } from './logging.js';
import { as, clearStorage, createUserAndLogin, useTestApp, type TestUser } from '../test/test-app.js';
import { addTestFile, insertTestDevice } from './modules/files/files.fixtures.js';
import { sendImport } from './modules/imports/imports.fixtures.js';

const ctx = useTestApp();

/** A 1×1 PNG (a nameplate photo as small as can be). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The lines a server at `trace`, the most it writes, sends to its log. */
const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
    done();
  },
});
let logged: Awaited<ReturnType<typeof buildApp>> | undefined;
let admin: TestUser;

// A second app on the file's database (emptied before each test), writing its log to `sink`.
beforeEach(async () => {
  admin = await createUserAndLogin(ctx, { admin: true });
  logged ??= await buildApp({
    config: ctx.config,
    database: ctx.database,
    mailer: ctx.mailer,
    logger: { ...loggerOptions('trace'), stream: sink },
  });
  lines.length = 0;
});
afterAll(async () => logged?.close());

/** A customer file (short name; city) sent by the administrator to the logging app. */
const importCustomers = (url: string, rows: string) =>
  sendImport(
    { ...ctx, app: logged! },
    admin,
    url,
    `Nazwa skrócona;Miejscowość\n${rows}`,
    undefined,
    'kontrahenci.csv',
  );

const token = () => admin.cookie.replace(/^SESSION=/, '').split(';')[0]!;

describe("the server's log", () => {
  it('never holds the session cookie or a login, even at trace (the upload parser logs the headers)', async () => {
    const upload = await importCustomers('/api/customer/import/preview', 'Metalex;Kielce\n');
    expect(upload.statusCode).toBe(200);
    const basic = `Basic ${Buffer.from(`${admin.email}:${admin.password}`).toString('base64')}`;
    const auth = await logged!.inject({
      method: 'GET',
      url: '/api/user/auth',
      headers: { authorization: basic },
    });
    expect(auth.statusCode).toBe(200);
    // The login's own line names who logged in.
    expect(lines.filter((line) => line.msg === 'request completed').at(-1)).toMatchObject({
      res: { url: '/api/user/auth', statusCode: 200 },
      userId: admin.id,
    });

    const text = JSON.stringify(lines);
    expect(token().length).toBeGreaterThan(20);
    expect(text).not.toContain(token());
    expect(text).not.toContain(basic.slice(6));
    // The parser's line is there, its secrets hidden.
    expect(text).toContain('[ukryte]');
  });

  it('ends each request with one line naming its method, address, status, employee and time', async () => {
    const response = await logged!.inject({
      method: 'GET',
      url: '/api/customer/findAll?page=1',
      headers: as(admin),
    });
    expect(response.statusCode).toBe(200);
    const end = lines.find((line) => line.msg === 'request completed');
    expect(end).toMatchObject({
      res: { statusCode: 200, method: 'GET', url: '/api/customer/findAll?page=1' },
      userId: admin.id,
      reqId: response.headers['x-request-id'],
    });
    expect(end!.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("gives a streamed import's outcome, which its 200 cannot: the status a plain call answers, and the counts", async () => {
    const refused = await importCustomers('/api/customer/import?progress=ndjson', 'Metalex;Kielce\n;Radom\n');
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('"failure"');
    expect(lines.find((line) => line.msg === 'streamed answer')).toMatchObject({
      answered: 422,
      total: 2,
      badRows: 1,
      userId: admin.id,
    });
  });

  it('warns of a listed file whose bytes the storage lost (a restore without its files), which the user sees as a 404', async () => {
    const deviceId = await insertTestDevice(ctx.database.db);
    const file = await addTestFile(ctx, admin, {
      deviceId,
      filename: 'tabliczka.png',
      content: PNG,
      contentType: 'image/png',
    });
    await clearStorage(ctx);
    // The file itself, and a nameplate photo's small copy (the width the cards ask for).
    for (const width of ['', '&width=480']) {
      lines.length = 0;
      const response = await logged!.inject({
        method: 'GET',
        url: `/api/storage/downloadFile?fileName=${encodeURIComponent(file.filename)}${width}`,
        headers: as(admin),
      });
      expect(response.statusCode).toBe(404);
      expect(lines.find((line) => line.level === 40)).toMatchObject({
        msg: 'stored file missing from the storage',
        fileId: file.id,
        reqId: response.headers['x-request-id'],
      });
    }
  });
});
