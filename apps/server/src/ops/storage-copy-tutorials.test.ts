import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { LocalStorage, S3Storage, type Storage } from '../plugins/storage/index.js';
import { startS3rver, type LoopbackS3 } from '../../test/s3rver.js';
import {
  as,
  CapturingMailer,
  createUserAndLogin,
  openTestDatabase,
  S3_TEST_CREDENTIALS,
  type TestContext,
} from '../../test/test-app.js';
import { multipart } from '../modules/files/files.fixtures.js';
import { copyStorage } from './storage-copy.js';

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-copy-tutorials-'));
const cleanups: (() => Promise<unknown> | unknown)[] = [];
let s3: LoopbackS3;

beforeAll(async () => {
  s3 = await startS3rver(path.join(base, 's3'));
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await s3.close();
  fs.rmSync(base, { recursive: true, force: true });
});

async function appOver(database: Database, storage: Storage): Promise<TestContext> {
  const config = loadConfig({
    DATA_DIR: path.join(base, 'data'),
    FAST_HASH_FOR_TESTS: 'true',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database, storage, mailer: new CapturingMailer(), logger: false });
  await app.ready();
  cleanups.push(() => app.close());
  return { app, database, mailer: new CapturingMailer(), config, dataDir: config.dataDir };
}

describe('tutorials when an installation switches file stores', () => {
  it('uploaded on the local store, copied to S3 with storage:copy, served from S3 with ranges', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const local = await appOver(database, new LocalStorage(path.join(base, 'files')));
    const admin = await createUserAndLogin(local, { admin: true });
    const folder = await local.app.inject({
      method: 'POST',
      url: '/api/google-drive/createFolder',
      headers: as(admin),
      payload: { name: 'Szkolenia' },
    });
    expect(folder.statusCode).toBe(201);
    const video = crypto.randomBytes(300_000);
    const body = await multipart([{ kind: 'file', name: 'file', filename: 'film.mp4', content: video }]);
    const added = await local.app.inject({
      method: 'POST',
      url: `/api/google-drive/uploadFile?folderId=${folder.json().id}`,
      headers: { ...as(admin), ...body.headers },
      payload: body.payload,
    });
    expect(added.statusCode).toBe(201);
    const fileId = added.json().id as string;

    const remote = new S3Storage({ ...S3_TEST_CREDENTIALS, endpoint: s3.endpoint, bucket: 'tutoriale' });
    await (await remote.client()).send(new CreateBucketCommand({ Bucket: 'tutoriale' }));
    cleanups.push(() => remote.close());
    expect(await copyStorage(local.app.storage, remote)).toMatchObject({ copied: 1, failed: [] });

    await local.app.close();
    const onS3 = await appOver(database, remote);
    const tree = await onS3.app.inject({
      method: 'GET',
      url: '/api/google-drive/getTree',
      headers: as(admin),
    });
    expect(tree.json()).toEqual([{ folder: folder.json(), googleFiles: [{ id: fileId, name: 'film.mp4' }] }]);
    const part = await onS3.app.inject({
      method: 'GET',
      url: `/api/google-drive/downloadFile?fileId=${fileId}`,
      headers: { ...as(admin), range: 'bytes=100000-100999' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100000-100999/300000');
    expect(part.rawPayload.equals(video.subarray(100_000, 101_000))).toBe(true);
    const whole = await onS3.app.inject({
      method: 'GET',
      url: `/api/google-drive/downloadFile?fileId=${fileId}`,
      headers: as(admin),
    });
    expect(whole.rawPayload.equals(video)).toBe(true);
  }, 120_000);
});
