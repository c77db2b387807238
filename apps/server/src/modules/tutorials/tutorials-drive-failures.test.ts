import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type TutorialFolder } from '@serwis/domain';
import {
  makeServiceAccount,
  rootWithVideo,
  TEST_ROOT,
  TEST_VIDEO,
  startFakeGoogleDrive,
  type FakeDriveFile,
} from '../../../test/fake-google-drive.js';
import { as, createUserAndLogin, listeningPort, useTestApp, type TestUser } from '../../../test/test-app.js';
import { AppError } from '../../lib/app-error.js';
import { GoogleDriveTutorialSource } from './tutorials.drive.js';
import { FAILED_LISTING_PAUSE_MS, Tutorials } from './tutorials.service.js';
import { TutorialSourceUnavailableError } from './tutorials.source.js';

/*
 * Drive misbehaving: a small server in front of the local fake passes every call on, unless the
 * test's `stub.handle` answers it instead (an error with Google's body, a 429 with Retry-After,
 * silence, a download that stops midway).
 */

const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-drive-key-'));
const account = makeServiceAccount(keyDir);
const ROOT = TEST_ROOT;
const VIDEO = TEST_VIDEO;
/** More than the sockets and stream buffers between Drive and a client hold. */
const BIG = Buffer.alloc(32 * 1024 * 1024, 7);
const STALLING = Buffer.alloc(256 * 1024, 3);

const sample = (): FakeDriveFile[] => [
  ...rootWithVideo(),
  { id: 'file-big', name: 'długi film.mp4', mimeType: 'video/mp4', parents: ['fold-bhp'], content: BIG },
  {
    id: 'file-stall',
    name: 'przerwany.mp4',
    mimeType: 'video/mp4',
    parents: ['fold-bhp'],
    content: STALLING,
  },
];

const drive = await startFakeGoogleDrive(account, sample());

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => boolean | void;
const stub = {
  handle: undefined as Handler | undefined,
  requests: [] as { method: string; path: string; query: URLSearchParams }[],
  /** Drive-side answers closed (by either end) so far. */
  closed: 0,
};
const sockets = new Set<Socket>();
const stubServer = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://stub');
  stub.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams });
  res.on('close', () => stub.closed++);
  if (stub.handle?.(req, res, url)) return;
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', async () => {
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'range', 'content-type']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await fetch(`http://127.0.0.1:${drive.port}${url.pathname}${url.search}`, {
      method: req.method,
      headers,
      body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
    });
    const passed: Record<string, string> = {};
    for (const name of ['content-type', 'content-length', 'content-range']) {
      const value = answer.headers.get(name);
      if (value) passed[name] = value;
    }
    res.writeHead(answer.status, passed);
    if (!answer.body) return res.end();
    Readable.fromWeb(answer.body as WebReadableStream<Uint8Array>).pipe(res);
  });
});
stubServer.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});
await new Promise<void>((resolve) => stubServer.listen(0, '127.0.0.1', resolve));
const stubBase = `http://127.0.0.1:${(stubServer.address() as AddressInfo).port}`;
const apiUrl = `${stubBase}/drive/v3`;
/** The stub's own token endpoint (the fake's checks that the JWT names it, so tests that need it set it). */
const stubTokenUrl = `${stubBase}/token`;

const TIMEOUT_SECONDS = 1;
const ctx = useTestApp({
  TUTORIALS_SOURCE: 'google-drive',
  GOOGLE_DRIVE_KEY_FILE: account.keyFile,
  GOOGLE_DRIVE_ROOT_ID: ROOT,
  GOOGLE_DRIVE_API_URL: apiUrl,
  GOOGLE_DRIVE_TOKEN_URL: drive.tokenUrl,
  GOOGLE_DRIVE_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
  TUTORIALS_CACHE_SECONDS: '60',
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => stubServer.close(resolve));
  await drive.close();
  fs.rmSync(keyDir, { recursive: true, force: true });
});

let admin: TestUser;
let user: TestUser;
beforeEach(async () => {
  drive.files.splice(0, drive.files.length, ...sample());
  drive.failWith = undefined;
  stub.handle = undefined;
  stub.requests = [];
  admin = await createUserAndLogin(ctx, { admin: true });
  user = await createUserAndLogin(ctx);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const getTree = (who: TestUser, refresh = false) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/google-drive/getTree${refresh ? '?refresh=true' : ''}`,
    headers: as(who),
  });
const download = (fileId: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/google-drive/downloadFile?fileId=${encodeURIComponent(fileId)}`,
    headers: as(user),
  });
const isListing = (r: { path: string }) => r.path === '/drive/v3/files';
const listings = () => stub.requests.filter(isListing).length;
const names = (tree: TutorialFolder[]) => tree.flatMap((f) => f.googleFiles.map((g) => g.name));

/** Drive's JSON error, as Google sends it. */
const driveError = (res: http.ServerResponse, status: number, reason: string, message: string) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(
    JSON.stringify({ error: { code: status, message, errors: [{ reason, message, domain: 'global' }] } }),
  );
  return true;
};

const sourceOptions = (rootId = ROOT, timeoutMs = 5000, tokenUrl = drive.tokenUrl) => ({
  keyFile: account.keyFile,
  rootId,
  apiUrl,
  tokenUrl,
  timeoutMs,
});
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => new Error('no failure'),
    (error: unknown) => error as Error,
  );

function fakeLog() {
  const warnings: { fields: Record<string, unknown>; message: string }[] = [];
  const log = {
    level: 'info',
    warn: (fields: Record<string, unknown>, message: string) => warnings.push({ fields, message }),
    info: () => undefined,
    error: () => undefined,
    debug: () => undefined,
    trace: () => undefined,
    fatal: () => undefined,
    silent: () => undefined,
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, warnings };
}

describe('Google Drive failing (a server in front of the local fake)', () => {
  it('keeps serving the last good tree and its files to everyone while Drive fails to list', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect((await getTree(admin, true)).statusCode).toBe(200);
    // Listing now fails (the file endpoint still works); the kept tree is 11 s old, so an unknown
    // id lists the drive again, which fails.
    stub.handle = (_req, res, url) =>
      isListing({ path: url.pathname }) && driveError(res, 500, 'backendError', 'Backend Error');
    vi.setSystemTime(Date.now() + 11_000);
    expect((await download('nie-ma')).statusCode).toBe(502);
    // The failed re-listing threw the kept tree away, and everyone got 502 until Drive was back.
    const tree = await getTree(user);
    expect(tree.statusCode).toBe(200);
    expect(names(tree.json())).toContain('wprowadzenie.mp4');
    const file = await download('file-video');
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(VIDEO)).toBe(true);
    // Past the cache time: listed again (not during the pause), failing, the kept tree served.
    vi.setSystemTime(Date.now() + 60_000);
    expect((await getTree(user)).statusCode).toBe(200);
    const asked = listings();
    expect((await getTree(user)).statusCode).toBe(200);
    expect((await download('file-video')).statusCode).toBe(200);
    // The admin asked for a fresh list: that one says Drive failed (without asking it again meanwhile).
    const refreshed = await getTree(admin, true);
    expect(refreshed.statusCode).toBe(502);
    expect(refreshed.json().message).toBe(MSG.tutorialsDriveError);
    expect(listings()).toBe(asked);

    // Drive back and the pause over: listed again.
    stub.handle = undefined;
    vi.setSystemTime(Date.now() + FAILED_LISTING_PAUSE_MS);
    expect((await getTree(admin, true)).statusCode).toBe(200);
    expect(listings()).toBeGreaterThan(asked);
    vi.useRealTimers();
    expect((await getTree(admin, true)).statusCode).toBe(200);
  });

  it('answers 502 at once while Drive is left alone, for as long as its Retry-After asks', async () => {
    const { log, warnings } = fakeLog();
    const tutorials = new Tutorials(new GoogleDriveTutorialSource(sourceOptions()), 60_000, log);
    stub.handle = (_req, res, url) => {
      if (!isListing({ path: url.pathname })) return false;
      res.setHeader('retry-after', '1');
      return driveError(res, 429, 'rateLimitExceeded', 'Rate Limit Exceeded');
    };
    const first = await failureOf(tutorials.tree());
    expect(first).toBeInstanceOf(AppError);
    expect((first as AppError).statusCode).toBe(502);
    const asked = listings();
    // None kept: the 502 at once, Drive not asked.
    expect(await failureOf(tutorials.tree())).toBeInstanceOf(AppError);
    expect(await failureOf(tutorials.tree({ refresh: true }))).toBeInstanceOf(AppError);
    expect(listings()).toBe(asked);
    // Logged once, with Google's reason.
    expect(warnings).toHaveLength(1);
    expect(warnings[0].fields.reason).toBe('Drive API answered 429: rateLimitExceeded: Rate Limit Exceeded');
    stub.handle = undefined;
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect(names(await tutorials.tree())).toContain('wprowadzenie.mp4');
  });

  it('says "Drive root folder not found" (502) for a root id that is wrong, unshared or not a folder', async () => {
    const { log, warnings } = fakeLog();
    const tutorials = new Tutorials(
      new GoogleDriveTutorialSource(sourceOptions('nie-ma-takiego')),
      60_000,
      log,
    );
    const answer = await failureOf(tutorials.tree());
    expect(answer).toBeInstanceOf(AppError);
    expect((answer as AppError).statusCode).toBe(502);
    expect(answer.message).toBe(MSG.tutorialsDriveError);
    expect(String(warnings[0].fields.reason)).toMatch(/^Drive root folder not found \(404/);

    const onFile = await failureOf(new GoogleDriveTutorialSource(sourceOptions('file-video')).listTree());
    expect(onFile).toBeInstanceOf(TutorialSourceUnavailableError);
    expect(onFile.message).toBe(
      'Drive root folder not found (GOOGLE_DRIVE_ROOT_ID names video/mp4, not a folder)',
    );
  });

  it('puts Google’s reason for a refusal in the error, cut short, and never a token or the JWT', async () => {
    const long = `Drive API has not been used in project 123 before or it is disabled. ${'Enable it. '.repeat(40)}`;
    stub.handle = (_req, res, url) =>
      isListing({ path: url.pathname }) || url.pathname === `/drive/v3/files/${ROOT}`
        ? driveError(res, 403, 'accessNotConfigured', long)
        : false;
    const refused = await failureOf(new GoogleDriveTutorialSource(sourceOptions()).listTree());
    expect(refused).toBeInstanceOf(TutorialSourceUnavailableError);
    expect(refused.message).toMatch(
      /^Drive API answered 403: accessNotConfigured: Drive API has not been used in project 123/,
    );
    expect(refused.message.length).toBeLessThanOrEqual('Drive API answered 403: '.length + 200);
    expect(refused.message.endsWith('…')).toBe(true);

    // A body that is not JSON (a proxy's page): the status alone.
    stub.handle = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body>Bad Gateway</body></html>');
      return true;
    };
    expect((await failureOf(new GoogleDriveTutorialSource(sourceOptions()).listTree())).message).toBe(
      'Drive API answered 502',
    );

    // A body that echoes what was sent: the token and the assertion never reach the message.
    let sent = '';
    stub.handle = (req, res, url) => {
      if (url.pathname !== '/token') {
        sent = String(req.headers.authorization).replace(/^Bearer /, '');
        return driveError(res, 401, 'authError', `Invalid Credentials: ${sent}`);
      }
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const assertion = new URLSearchParams(body).get('assertion') ?? '';
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: `ya29.echo-${assertion.length}`, expires_in: 3600 }));
      });
      return true;
    };
    const echoed = await failureOf(
      new GoogleDriveTutorialSource(sourceOptions(ROOT, 5000, stubTokenUrl)).listTree(),
    );
    expect(sent).toMatch(/^ya29\./);
    expect(echoed.message).toBe('Drive API answered 401: authError: Invalid Credentials: …');

    stub.handle = (req, res, url) => {
      if (url.pathname !== '/token') return false;
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const assertion = new URLSearchParams(body).get('assertion') ?? '';
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: 'invalid_grant',
            error_description: `Invalid JWT Signature. ${assertion}`,
          }),
        );
      });
      return true;
    };
    const token = await failureOf(
      new GoogleDriveTutorialSource(sourceOptions(ROOT, 5000, stubTokenUrl)).listTree(),
    );
    expect(token.message).toBe('token endpoint answered 400: invalid_grant: Invalid JWT Signature. …');
  });

  it('reports a Drive that does not answer in time as a TimeoutError, for a listing and a file', async () => {
    const source = new GoogleDriveTutorialSource(sourceOptions(ROOT, 300));
    await source.listTree(); // the token, fetched before Drive goes silent
    stub.handle = (_req, _res, url) => url.pathname.startsWith('/drive/'); // never answered
    const listing = await failureOf(source.listTree());
    expect(listing).toBeInstanceOf(TutorialSourceUnavailableError);
    expect(listing.message).toBe('Drive API unreachable (TimeoutError)');
    expect((await failureOf(source.findFile('file-video'))).message).toBe(
      'Drive API unreachable (TimeoutError)',
    );
    // Headers sent, the list itself never: the same.
    stub.handle = (_req, res, url) => {
      if (!url.pathname.startsWith('/drive/')) return false;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"files": [');
      return true;
    };
    expect((await failureOf(source.listTree())).message).toBe('Drive API unreachable (TimeoutError)');
  });

  describe('a download Drive stops sending', () => {
    /** A real client of the app (inject would not show a cut connection). */
    const fetchFile = async (fileId: string) => {
      const port = await listeningPort(ctx);
      return fetch(`http://127.0.0.1:${port}/api/google-drive/downloadFile?fileId=${fileId}`, {
        headers: as(user),
        signal: AbortSignal.timeout(8_000),
      });
    };
    const readAll = async (response: Response) => {
      const reader = response.body!.getReader();
      const chunks: Uint8Array[] = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return Buffer.concat(chunks);
        chunks.push(value);
      }
    };
    const stallAfter =
      (bytes: number) => (_req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
        if (url.pathname !== '/drive/v3/files/file-stall' || url.searchParams.get('alt') !== 'media')
          return false;
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(STALLING.length) });
        if (bytes > 0) res.write(STALLING.subarray(0, bytes));
        else res.flushHeaders();
        return true; // and nothing more
      };

    it('ends it with an error after GOOGLE_DRIVE_TIMEOUT_SECONDS of silence, logging "Drive download stalled"', async () => {
      await getTree(admin, true);
      const warn = vi.spyOn(ctx.app.log, 'warn');
      stub.handle = stallAfter(100_000);
      const closedBefore = stub.closed;
      const started = Date.now();
      const response = await fetchFile('file-stall');
      expect(response.status).toBe(200);
      const outcome = await readAll(response).then(
        () => 'complete',
        (error: Error) => error,
      );
      // The download fails, within the idle limit, instead of hanging (the client gave up at 8 s).
      expect(outcome).toBeInstanceOf(Error);
      expect((outcome as Error).name).not.toBe('TimeoutError');
      expect(Date.now() - started).toBeLessThan(TIMEOUT_SECONDS * 1000 + 3_000);
      const lines = warn.mock.calls.map((call) => String(call[1] ?? call[0]));
      expect(lines.some((line) => line.startsWith('Drive download stalled'))).toBe(true);
      // The connection to Drive is let go too.
      await vi.waitFor(() => expect(stub.closed).toBeGreaterThan(closedBefore));
    });

    it('answers 502 "Błąd połączenia z dyskiem Google" when Drive sends no byte at all', async () => {
      await getTree(admin, true);
      stub.handle = stallAfter(0);
      const response = await fetchFile('file-stall');
      expect(response.status).toBe(502);
      expect(((await response.json()) as { message: string }).message).toBe(MSG.tutorialsDriveError);
    });

    it('does not end a download whose client reads slowly (Drive waits for it, not the other way)', async () => {
      await getTree(admin, true);
      const response = await fetchFile('file-big');
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const chunks: Uint8Array[] = [];
      const first = await reader.read();
      chunks.push(first.value!);
      // The client reads nothing for twice the idle limit: the buffers fill and Drive is not read.
      await new Promise((resolve) => setTimeout(resolve, TIMEOUT_SECONDS * 2_500));
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
      }
      expect(Buffer.concat(chunks).equals(BIG)).toBe(true);
    });
  });
});
