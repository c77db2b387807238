import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/*
 * A local stand-in for the Google services the tutorials use: the OAuth token endpoint (checks the
 * service account's signed JWT) and the part of Drive API v3 the app calls (files.list with the
 * query forms it sends, files.get metadata and alt=media with Range). Server tests and the e2e
 * journey start it on 127.0.0.1; nothing leaves the machine.
 */

export const FOLDER_MIME = 'application/vnd.google-apps.folder';

export interface FakeDriveFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  content?: Buffer;
  trashed?: boolean;
}

/** The tutorials' root folder of the server tests' drives, and a 4 KB video to seek in. */
export const TEST_ROOT = 'root-folder-0001';
export const TEST_VIDEO = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256));

/** The root itself (its metadata is asked before each listing) and a folder holding the video. */
export const rootWithVideo = (): FakeDriveFile[] => [
  { id: TEST_ROOT, name: 'Tutoriale', mimeType: FOLDER_MIME, parents: ['my-drive'] },
  { id: 'fold-bhp', name: 'Szkolenia BHP', mimeType: FOLDER_MIME, parents: [TEST_ROOT] },
  {
    id: 'file-video',
    name: 'wprowadzenie.mp4',
    mimeType: 'video/mp4',
    parents: ['fold-bhp'],
    content: TEST_VIDEO,
  },
];

export interface ServiceAccount {
  /** The key file as Google hands it out, written to disk. */
  keyFile: string;
  clientEmail: string;
  publicKey: crypto.KeyObject;
}

/** A fresh RSA service account and its key file in `dir` (token_uri left at Google's: the app is told otherwise). */
export function makeServiceAccount(dir: string): ServiceAccount {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = 'tutoriale@serwis-test.iam.gserviceaccount.com';
  const keyFile = path.join(dir, 'service-account.json');
  fs.writeFileSync(
    keyFile,
    JSON.stringify({
      type: 'service_account',
      project_id: 'serwis-test',
      private_key_id: crypto.randomBytes(8).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: clientEmail,
      token_uri: 'https://oauth2.googleapis.com/token',
    }),
    { mode: 0o600 },
  );
  return { keyFile, clientEmail, publicKey };
}

export interface FakeDriveRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  range?: string;
  authorized: boolean;
}

export interface FakeGoogleDrive {
  /** Drive API base, e.g. http://127.0.0.1:1234/drive/v3 */
  apiUrl: string;
  tokenUrl: string;
  port: number;
  files: FakeDriveFile[];
  requests: FakeDriveRequest[];
  /** Tokens issued so far (to check none of them shows up where it must not). */
  tokens: string[];
  /** Every Drive API call answers this status while set (e.g. 503). */
  failWith?: number;
  /** Answer alt=media with the whole file (200) even when a Range is asked. */
  ignoreRange: boolean;
  /** Largest files.list page, whatever pageSize asks (small values exercise paging). */
  maxPageSize: number;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
};

function verifyAssertion(assertion: string, account: ServiceAccount, audience: string) {
  const [header, payload, signature] = assertion.split('.');
  if (!header || !payload || !signature) return false;
  const valid = crypto.verify(
    'RSA-SHA256',
    Buffer.from(`${header}.${payload}`),
    account.publicKey,
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) return false;
  const head = JSON.parse(Buffer.from(header, 'base64url').toString());
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const now = Math.floor(Date.now() / 1000);
  return (
    head.alg === 'RS256' &&
    claims.iss === account.clientEmail &&
    claims.aud === audience &&
    String(claims.scope).split(' ').includes('https://www.googleapis.com/auth/drive.readonly') &&
    claims.iat <= now + 60 &&
    claims.exp > now &&
    claims.exp - claims.iat <= 3600
  );
}

/** The filters of a Drive query the app sends: parents, mimeType =/!=, trashed = false. */
function matcher(q: string) {
  const parents = [...q.matchAll(/'((?:[^'\\]|\\.)*)' in parents/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
  const mimeIs = /mimeType = '([^']*)'/.exec(q)?.[1];
  const mimeNot = /mimeType != '([^']*)'/.exec(q)?.[1];
  const notTrashed = /trashed = false/.test(q);
  return (file: FakeDriveFile) =>
    file.parents.some((p) => parents.includes(p)) &&
    (mimeIs === undefined || file.mimeType === mimeIs) &&
    (mimeNot === undefined || file.mimeType !== mimeNot) &&
    (!notTrashed || !file.trashed);
}

const metadata = (file: FakeDriveFile) => ({
  id: file.id,
  name: file.name,
  mimeType: file.mimeType,
  parents: file.parents,
  modifiedTime: '2025-03-01T10:00:00.000Z',
  ...(file.content ? { size: String(file.content.length) } : {}),
});

export async function startFakeGoogleDrive(
  account: ServiceAccount,
  files: FakeDriveFile[],
  options: { port?: number } = {},
): Promise<FakeGoogleDrive> {
  const sockets = new Set<import('node:net').Socket>();
  const drive = {
    files,
    requests: [],
    tokens: [],
    ignoreRange: false,
    maxPageSize: 1000,
  } as unknown as FakeGoogleDrive;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const authorized = token !== undefined && drive.tokens.includes(token);
    drive.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      range: req.headers.range,
      authorized,
    });

    if (req.method === 'POST' && url.pathname === '/token') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const ok =
          form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
          verifyAssertion(form.get('assertion') ?? '', account, drive.tokenUrl);
        if (!ok) return json(res, 400, { error: 'invalid_grant' });
        const issued = `ya29.fake-${crypto.randomBytes(12).toString('hex')}`;
        drive.tokens.push(issued);
        json(res, 200, { access_token: issued, expires_in: 3599, token_type: 'Bearer' });
      });
      return;
    }
    if (!url.pathname.startsWith('/drive/v3/files')) return json(res, 404, { error: { code: 404 } });
    if (!authorized) return json(res, 401, { error: { code: 401, message: 'Invalid Credentials' } });
    if (drive.failWith) return json(res, drive.failWith, { error: { code: drive.failWith } });

    if (url.pathname === '/drive/v3/files') {
      const q = url.searchParams.get('q') ?? '';
      const size = Math.min(Number(url.searchParams.get('pageSize') ?? 100), drive.maxPageSize);
      const offset = Number(url.searchParams.get('pageToken') ?? 0);
      const all = drive.files.filter(matcher(q));
      const page = all.slice(offset, offset + size);
      return json(res, 200, {
        files: page.map(metadata),
        ...(offset + size < all.length ? { nextPageToken: String(offset + size) } : {}),
      });
    }
    const id = decodeURIComponent(url.pathname.slice('/drive/v3/files/'.length));
    const file = drive.files.find((f) => f.id === id && !f.trashed);
    if (!file) return json(res, 404, { error: { code: 404, message: `File not found: ${id}.` } });
    if (url.searchParams.get('alt') !== 'media') return json(res, 200, metadata(file));
    if (!file.content) return json(res, 403, { error: { code: 403, reason: 'fileNotDownloadable' } });

    const content = file.content;
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (range && !drive.ignoreRange) {
      const start = Number(range[1]);
      const end = range[2] === '' ? content.length - 1 : Math.min(Number(range[2]), content.length - 1);
      if (start >= content.length || end < start) {
        res.writeHead(416, { 'content-range': `bytes */${content.length}` });
        return res.end();
      }
      res.writeHead(206, {
        'content-type': file.mimeType,
        'content-range': `bytes ${start}-${end}/${content.length}`,
        'content-length': String(end - start + 1),
      });
      return res.end(content.subarray(start, end + 1));
    }
    res.writeHead(200, { 'content-type': file.mimeType, 'content-length': String(content.length) });
    res.end(content);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  drive.port = port;
  drive.apiUrl = `http://127.0.0.1:${port}/drive/v3`;
  drive.tokenUrl = `http://127.0.0.1:${port}/token`;
  drive.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return drive;
}
