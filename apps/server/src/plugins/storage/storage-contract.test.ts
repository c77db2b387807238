import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadTemplatePglite } from '../../../test/template.js';
import { connectPglite } from '../../db/database.js';
import { startS3rver, type LoopbackS3 } from '../../../test/s3rver.js';
import { S3_TEST_CREDENTIALS } from '../../../test/test-app.js';
import { sweepOrphanFiles } from '../../modules/files/files.sweep.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import { InvalidStorageNameError, type Storage } from './storage.js';

/** The same promises, kept by the local directory and by an S3 bucket on a loopback s3rver. */
let base: string;
let s3: LoopbackS3;

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-contract-'));
  s3 = await startS3rver(path.join(base, 's3'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(base, { recursive: true, force: true });
});

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const names = async (storage: Storage) => {
  const out: string[] = [];
  for await (const entry of storage.list()) out.push(entry.name);
  return out.sort();
};

async function newS3Storage(options: { partSize?: number } = {}) {
  const bucket = `contract-${crypto.randomBytes(5).toString('hex')}`;
  const storage = new S3Storage({ ...S3_TEST_CREDENTIALS, endpoint: s3.endpoint, bucket, ...options });
  await (await storage.client()).send(new CreateBucketCommand({ Bucket: bucket }));
  return storage;
}

describe.each([
  ['local', async () => new LocalStorage(path.join(base, crypto.randomBytes(5).toString('hex')))],
  ['s3', () => newS3Storage()],
] as const)('%s storage', (_kind, make) => {
  let storage: Storage;
  beforeEach(async () => {
    storage = await make();
  });

  it('streams a file in, reads it whole and by ranges, lists and deletes it', async () => {
    const stored = await storage.save(Readable.from([Buffer.from('0123'), Buffer.from('456789')]), {
      extension: '.PDF',
    });
    expect(stored).toEqual({ name: expect.stringMatching(/^[0-9a-f-]{36}\.pdf$/), size: 10 });
    expect(await storage.stat(stored.name)).toEqual({ size: 10 });
    expect((await readAll((await storage.open(stored.name))!)).toString()).toBe('0123456789');
    expect((await readAll((await storage.open(stored.name, { start: 2, end: 4 }))!)).toString()).toBe('234');
    expect((await readAll((await storage.open(stored.name, { start: 9, end: 9 }))!)).toString()).toBe('9');
    expect(await names(storage)).toEqual([stored.name]);
    await storage.delete(stored.name);
    expect(await storage.stat(stored.name)).toBeNull();
    expect(await names(storage)).toEqual([]);
  });

  it('stores an empty file', async () => {
    const stored = await storage.save(Readable.from([]));
    expect(stored.size).toBe(0);
    expect(await storage.stat(stored.name)).toEqual({ size: 0 });
  });

  it('leaves nothing behind when the source fails half-way', async () => {
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent++ < 3) this.push(Buffer.alloc(64 * 1024, 1));
        else this.destroy(new Error('połączenie zerwane'));
      },
    });
    await expect(storage.save(failing)).rejects.toThrow('połączenie zerwane');
    expect(await names(storage)).toEqual([]);
  });

  it('answers null for a missing name, deletes idempotently and refuses foreign names', async () => {
    const name = '123e4567-e89b-42d3-a456-426614174000.pdf';
    expect(await storage.open(name)).toBeNull();
    expect(await storage.stat(name)).toBeNull();
    await expect(storage.delete(name)).resolves.toBeUndefined();
    for (const bad of ['../sekret.txt', '/etc/passwd', 'a/b', '', 'sekret.txt']) {
      await expect(storage.open(bad), bad).rejects.toBeInstanceOf(InvalidStorageNameError);
      await expect(storage.delete(bad), bad).rejects.toBeInstanceOf(InvalidStorageNameError);
    }
  });
});

describe('S3 storage', () => {
  it('uploads a file larger than one part through a multipart upload, byte for byte', async () => {
    const storage = await newS3Storage();
    const content = crypto.randomBytes(12 * 1024 * 1024 + 17);
    const chunks = Array.from({ length: Math.ceil(content.length / 65536) }, (_, i) =>
      content.subarray(i * 65536, (i + 1) * 65536),
    );
    const stored = await storage.save(Readable.from(chunks), { extension: '.mp4' });
    expect(stored.size).toBe(content.length);
    expect(await storage.stat(stored.name)).toEqual({ size: content.length });
    expect((await readAll((await storage.open(stored.name))!)).equals(content)).toBe(true);
    const tail = await readAll(
      (await storage.open(stored.name, { start: content.length - 100, end: content.length - 1 }))!,
    );
    expect(tail.equals(content.subarray(content.length - 100))).toBe(true);
    storage.close();
  });

  it('aborts a multipart upload cut off after its first parts, leaving no object', async () => {
    const storage = await newS3Storage();
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent++ < 200)
          this.push(Buffer.alloc(64 * 1024, 2)); // 12.5 MB: two parts uploaded
        else this.destroy(new Error('przerwane'));
      },
    });
    await expect(storage.save(failing)).rejects.toThrow('przerwane');
    expect(await names(storage)).toEqual([]);
    storage.close();
  });

  it('the orphan sweep removes objects no file row uses', async () => {
    const database = await connectPglite(await loadTemplatePglite(), false);
    const storage = await newS3Storage();
    const orphan = await storage.save(Readable.from(['x']), { extension: '.txt' });
    expect(await sweepOrphanFiles(database.db, storage, { graceMs: 60_000 })).toBe(0);
    expect(await sweepOrphanFiles(database.db, storage, { graceMs: -60_000 })).toBe(1);
    expect(await storage.stat(orphan.name)).toBeNull();
    await database.close();
    storage.close();
  }, 60_000);
});
