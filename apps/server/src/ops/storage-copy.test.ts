import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type LoopbackS3 } from '../../test/s3rver.js';
import { S3_TEST_CREDENTIALS } from '../../test/test-app.js';
import { LocalStorage, S3Storage, type Storage } from '../plugins/storage/index.js';
import { copyStorage, StoreAwayError } from './storage-copy.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../../..');
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-copy-'));
let s3: LoopbackS3;

beforeAll(async () => {
  s3 = await startS3rver(path.join(base, 's3'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(base, { recursive: true, force: true });
});

async function bucket() {
  const name = `copy-${crypto.randomBytes(5).toString('hex')}`;
  const storage = new S3Storage({ ...S3_TEST_CREDENTIALS, endpoint: s3.endpoint, bucket: name });
  await (await storage.client()).send(new CreateBucketCommand({ Bucket: name }));
  return storage;
}

async function contents(storage: Storage) {
  const out: Record<string, string> = {};
  for await (const entry of storage.list()) {
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.open(entry.name))!) chunks.push(chunk as Buffer);
    out[entry.name] = crypto.createHash('sha256').update(Buffer.concat(chunks)).digest('hex');
  }
  return out;
}

async function fillLocal(dir: string) {
  const local = new LocalStorage(dir);
  const sizes = [0, 10, 70_000, 6 * 1024 * 1024 + 3];
  for (const size of sizes)
    await local.save(Readable.from([crypto.randomBytes(size)]), { extension: '.bin' });
  return local;
}

/** The command as an administrator runs it: the server's environment, PGlite, files to S3. */
const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
const cli = path.join(ROOT, 'apps/server/src/ops/cli.ts');
const run = promisify(execFile);
const serverEnvironment = (dataDir: string, endpoint: string, bucket: string) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  S3_ENDPOINT: endpoint,
  S3_BUCKET: bucket,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
});

describe('copying the files between stores', () => {
  it('copies local → S3 → local byte for byte, and a second run only fills what is missing or wrong', async () => {
    const local = await fillLocal(path.join(base, 'a'));
    const remote = await bucket();
    const first = await copyStorage(local, remote);
    expect(first).toMatchObject({ copied: 4, skipped: 0, failed: [] });
    expect(await contents(remote)).toEqual(await contents(local));

    // An interrupted copy: one object missing, one with the wrong length.
    const names = Object.keys(await contents(remote)).sort();
    await remote.delete(names[0]);
    await remote.put(names[1], Readable.from([Buffer.from('ucięty')]));
    const second = await copyStorage(local, remote);
    expect(second).toMatchObject({ copied: 2, skipped: 2, failed: [] });
    expect(await contents(remote)).toEqual(await contents(local));

    const back = new LocalStorage(path.join(base, 'b'));
    expect(await copyStorage(remote, back)).toMatchObject({ copied: 4, failed: [] });
    expect(await contents(back)).toEqual(await contents(local));
    await remote.close();
  }, 60_000);

  it('runs as npm run storage:copy -- --from local --to s3 with the server’s environment', async () => {
    const dataDir = path.join(base, 'cli');
    const local = await fillLocal(path.join(dataDir, 'files'));
    const remote = await bucket();
    const env = serverEnvironment(dataDir, s3.endpoint, remote.bucket);
    const once = await run(tsx, [cli, 'storage-copy', '--from', 'local', '--to', 's3'], { env, cwd: ROOT });
    expect(once.stdout).toContain('Skopiowano 4 pliki');
    expect(once.stdout).toContain('Teraz można ustawić STORAGE_DRIVER=s3');
    const again = await run(tsx, [cli, 'storage-copy', '--from', 'local', '--to', 's3'], { env, cwd: ROOT });
    expect(again.stdout).toContain('Skopiowano 0 plików (0.0 MB), pominięto już obecne: 4, błędy: 0.');
    expect(await contents(remote)).toEqual(await contents(local));
    const wrong = await run(tsx, [cli, 'storage-copy', '--from', 'local'], { env, cwd: ROOT }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(wrong).toMatchObject({ code: 1, stderr: expect.stringContaining('Użycie:') });
    await remote.close();
  }, 60_000);

  it('stops at the first file when a store does not answer, and the command says which in Polish', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const endpoint = `http://127.0.0.1:${closedPort}`;
    const dataDir = path.join(base, 'away');
    const local = await fillLocal(path.join(dataDir, 'files'));
    const away = new S3Storage({ ...S3_TEST_CREDENTIALS, endpoint, bucket: 'nikt' });
    let tried = 0;
    const stopped = await copyStorage(local, away, { onProgress: () => tried++ }).catch((e: unknown) => e);
    expect(stopped).toBeInstanceOf(StoreAwayError);
    expect((stopped as StoreAwayError).report).toMatchObject({ copied: 0, failed: [] });
    expect(tried).toBe(0);
    await away.close();

    const env = serverEnvironment(dataDir, endpoint, 'nikt');
    const failed = await run(tsx, [cli, 'storage-copy', '--from', 'local', '--to', 's3'], {
      env,
      cwd: ROOT,
    }).catch((e: { code: number; stdout: string; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1 });
    const { stdout, stderr } = failed as { stdout: string; stderr: string };
    expect(stdout).toContain('Skopiowano 0 plików (0.0 MB), pominięto już obecne: 0, błędy: 0.');
    expect(stderr).toContain(
      `Przerwano: magazyn plików nie odpowiada (S3_ENDPOINT=${endpoint}, S3_BUCKET=nikt): connect ECONNREFUSED`,
    );
    expect(stderr).toContain('Uruchom polecenie ponownie, gdy odpowie');
    expect(stderr).not.toMatch(/^\s+at /m);

    // A backup whose database does not answer says so as the server does at its start.
    const noDatabase = await run(tsx, [cli, 'backup', path.join(base, 'kopia.tar.gz')], {
      env: { ...env, DATABASE_URL: `postgres://serwis:tajne@127.0.0.1:${closedPort}/serwis` },
      cwd: ROOT,
    }).catch((e: { code: number; stderr: string }) => e);
    expect(noDatabase).toMatchObject({ code: 1 });
    const said = (noDatabase as { stderr: string }).stderr;
    expect(said).toContain('Nie można otworzyć bazy danych z DATABASE_URL: connect ECONNREFUSED');
    expect(said).not.toMatch(/^\s+at /m);
    expect(said).not.toContain('tajne');
    expect(fs.existsSync(path.join(base, 'kopia.tar.gz'))).toBe(false);
  }, 60_000);
});
