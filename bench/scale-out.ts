/**
 * Two server processes on one PostgreSQL with the files in S3 (an s3rver on loopback):
 * each serves the other's uploads, and a large upload and download (150 MB by default) streams
 * through them; prints each server's peak memory (VmHWM, resident set) as a Markdown table.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres npm run scale-out -w bench -- --mb=150
 *
 * A database `serwis_scaleout_<random>` is created next to DATABASE_URL's and dropped at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { freePort } from './bench-app.js';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { connectPostgres } from '../apps/server/src/db/database.js';
import { files } from '../apps/server/src/modules/files/files.table.js';
import { S3Storage } from '../apps/server/src/plugins/storage/index.js';
import { startS3rver } from '../apps/server/test/s3rver.js';
import { insertMachine } from '../apps/server/test/service-fixtures.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '..');
const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const MB = arg('mb', 150);
const ADMIN = { email: 'skala@serwis.local', password: 'skala-haslo-2026' };

function kib(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]);
}

interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  peakSampled: number;
  timer: NodeJS.Timeout;
}

function startInstance(name: string, port: number, env: NodeJS.ProcessEnv): Instance {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', WEB_DIST: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const instance: Instance = { name, port, child, peakSampled: 0, timer: undefined as never };
  instance.timer = setInterval(() => {
    try {
      instance.peakSampled = Math.max(instance.peakSampled, kib(child.pid!, 'VmRSS'));
    } catch {
      /* exited */
    }
  }, 50);
  return instance;
}

function request(
  port: number,
  options: http.RequestOptions,
  body?: (req: http.ClientRequest) => void,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, agent: false, ...options }, resolve);
    req.on('error', reject);
    if (body) body(req);
    else req.end();
  });
}

async function text(res: http.IncomingMessage) {
  let out = '';
  for await (const chunk of res) out += chunk;
  return out;
}

async function waitReady(port: number) {
  for (let i = 0; i < 400; i++) {
    const ok = await request(port, { path: '/api/ready' }).then(
      async (r) => (await text(r), r.statusCode === 200),
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server on ${port} did not become ready`);
}

/** Deterministic bytes, generated chunk by chunk: the bench never holds the file either. */
function* chunks(totalBytes: number, seed: string) {
  let counter = 0;
  for (let sent = 0; sent < totalBytes;) {
    const block = crypto.createHash('sha512').update(`${seed}:${counter++}`).digest();
    const chunk = Buffer.alloc(Math.min(1024 * 1024, totalBytes - sent));
    for (let i = 0; i < chunk.length; i += block.length) block.copy(chunk, i);
    sent += chunk.length;
    yield chunk;
  }
}

/** Streams a multipart upload of `size` bytes; answers the file JSON and the sha256 sent. */
async function upload(port: number, cookie: string, deviceId: number, filename: string, size: number) {
  const boundary = `----serwis${crypto.randomBytes(8).toString('hex')}`;
  const json = JSON.stringify({ deviceId, type: 'MACHINE_FILE', description: 'pomiar' });
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="fileJson"\r\n\r\n${json}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const hash = crypto.createHash('sha256');
  const res = await request(
    port,
    {
      method: 'POST',
      path: '/api/file/add',
      headers: {
        cookie,
        'x-requested-with': 'XMLHttpRequest',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
      },
    },
    (req) => {
      void (async () => {
        req.write(head);
        for (const chunk of chunks(size, filename)) {
          hash.update(chunk);
          if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
        }
        req.end(tail);
      })();
    },
  );
  const body = await text(res);
  if (res.statusCode !== 201) throw new Error(`upload ${res.statusCode}: ${body}`);
  return { file: JSON.parse(body) as { id: number; size: number }, sha256: hash.digest('hex') };
}

async function download(port: number, cookie: string, fileName: string, range?: string) {
  const res = await request(port, {
    path: `/api/storage/downloadFile?fileName=${encodeURIComponent(fileName)}`,
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', ...(range ? { range } : {}) },
  });
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of res) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { status: res.statusCode!, size, sha256: hash.digest('hex') };
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Ustaw DATABASE_URL (PostgreSQL): dwa serwery potrzebują wspólnej bazy.');
  if (!fs.existsSync(path.join(ROOT, 'apps/server/dist/server.js'))) {
    throw new Error('Najpierw zbuduj serwer: npm run build -w apps/server');
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-scaleout-'));
  const dbName = `serwis_scaleout_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${dbName}`;
  const s3 = await startS3rver(path.join(work, 's3'));
  const bucket = 'serwis-scaleout';
  const storage = new S3Storage({
    endpoint: s3.endpoint,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  await (await storage.client()).send(new CreateBucketCommand({ Bucket: bucket }));
  const env = {
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: path.join(work, 'data'),
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    MAX_UPLOAD_MB: String(Math.max(200, MB + 10)),
  };
  const instances: Instance[] = [];
  try {
    instances.push(startInstance('A', await freePort(), env));
    await waitReady(instances[0].port);
    instances.push(startInstance('B', await freePort(), env));
    await waitReady(instances[1].port);
    const [a, b] = instances;
    const idle = instances.map((i) => kib(i.child.pid!, 'VmRSS'));

    const auth = await request(a.port, {
      path: '/api/user/auth',
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        authorization: `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`,
      },
    });
    await text(auth);
    const cookie = String(auth.headers['set-cookie']).match(/SESSION=[^;]+/)![0];
    const database = await connectPostgres(dbUrl.toString(), false, 1);
    const { device } = await insertMachine(database.db);
    // Downloads by the stored name, which GET /api/storage/downloadFile accepts in every version.
    const storedName = async (id: number) => {
      const [row] = await database.db.select({ name: files.storageName }).from(files).where(eq(files.id, id));
      return row.name;
    };

    const rows: string[] = [];
    // Each instance serves the other's small uploads.
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const sent = await upload(from.port, cookie, device.id, `maly-${from.name}.pdf`, 300_000);
      const got = await download(to.port, cookie, await storedName(sent.file.id));
      const same = got.status === 200 && got.sha256 === sent.sha256;
      rows.push(
        `| 300 kB wysłany do ${from.name}, pobrany z ${to.name} | ${same ? 'identyczny' : 'RÓŻNY'} | |`,
      );
      if (!same) process.exitCode = 1;
    }

    const size = MB * 1024 * 1024;
    let started = Date.now();
    const big = await upload(a.port, cookie, device.id, 'duzy.mp4', size);
    const upSeconds = (Date.now() - started) / 1000;
    started = Date.now();
    const bigName = await storedName(big.file.id);
    const back = await download(b.port, cookie, bigName);
    const downSeconds = (Date.now() - started) / 1000;
    const ranged = await download(a.port, cookie, bigName, `bytes=${size - 1000}-`);
    await database.close();
    const bigOk = back.status === 200 && back.sha256 === big.sha256 && back.size === size;
    const rangeOk = ranged.status === 206 && ranged.size === 1000;
    if (!bigOk || !rangeOk) process.exitCode = 1;

    const peaks = instances.map((i) => Math.max(kib(i.child.pid!, 'VmHWM'), i.peakSampled));
    console.log(`\n## Dwa serwery, PostgreSQL, S3 (s3rver): ${MB} MB\n`);
    console.log('| pomiar | wynik | |');
    console.log('| --- | --- | --- |');
    for (const row of rows) console.log(row);
    console.log(
      `| ${MB} MB wysłany do A (${upSeconds.toFixed(1)} s, ${(MB / upSeconds).toFixed(0)} MB/s) | | |`,
    );
    console.log(
      `| ${MB} MB pobrany z B (${downSeconds.toFixed(1)} s, ${(MB / downSeconds).toFixed(0)} MB/s) | ${bigOk ? 'identyczny (sha256)' : 'RÓŻNY'} | |`,
    );
    console.log(
      `| zakres bytes=${size - 1000}- z A | ${rangeOk ? '206, 1000 B' : `BŁĄD ${ranged.status}`} | |`,
    );
    for (const [index, instance] of instances.entries()) {
      console.log(
        `| pamięć serwera ${instance.name} (RSS) | po starcie ${(idle[index] / 1024).toFixed(0)} MB | szczyt ${(peaks[index] / 1024).toFixed(0)} MB |`,
      );
    }
    if (peaks.some((p) => p / 1024 >= 200)) {
      console.log('\nSzczyt pamięci ≥ 200 MB.');
      process.exitCode = 1;
    }
  } finally {
    for (const instance of instances) {
      clearInterval(instance.timer);
      const exited = new Promise<number | null>((r) => instance.child.once('exit', (code) => r(code)));
      instance.child.kill('SIGTERM');
      const code = await exited;
      console.log(`serwer ${instance.name}: SIGTERM → kod wyjścia ${code}`);
    }
    await storage.close();
    await s3.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
