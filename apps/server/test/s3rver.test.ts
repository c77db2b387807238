import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../src/plugins/storage/index.js';
import { startS3rver, type LoopbackS3 } from './s3rver.js';
import { S3_TEST_CREDENTIALS } from './test-app.js';

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-s3rver-'));
let s3: LoopbackS3;
let storage: S3Storage;
const realWrite = fs.write;
const realWritev = fs.writev;

beforeAll(async () => {
  s3 = await startS3rver(directory);
  storage = new S3Storage({
    ...S3_TEST_CREDENTIALS,
    endpoint: s3.endpoint,
    bucket: 'calosc',
    partSize: 5 * 1024 * 1024,
  });
  await (await storage.client()).send(new CreateBucketCommand({ Bucket: 'calosc' }));
});
afterEach(() => {
  fs.write = realWrite;
  fs.writev = realWritev;
});
afterAll(async () => {
  await storage.close();
  await s3.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

/**
 * Every write of an object's bytes lands `ms` later, as on a disk busy with other work; the store's
 * small files (checksum, metadata) are written at once, so its answer can overtake the object.
 */
function slowDisk(ms: number) {
  fs.write = ((...args: Parameters<typeof realWrite>) => {
    const data: unknown = args[1];
    if (ArrayBuffer.isView(data) && data.byteLength >= 1000) setTimeout(() => realWrite(...args), ms);
    else realWrite(...args);
  }) as typeof fs.write;
  fs.writev = ((...args: Parameters<typeof realWritev>) => {
    setTimeout(() => realWritev(...args), ms);
  }) as typeof fs.writev;
}

describe('the loopback S3 of the tests', () => {
  it.each([
    ['in one PUT', 300_000],
    ['in parts', 6 * 1024 * 1024],
  ])('answers an upload %s only when the object is whole, on a slow disk too', async (_how, size) => {
    const content = crypto.randomBytes(size);
    slowDisk(20);
    const stored = await storage.save(Readable.from([content]));
    expect(await storage.stat(stored.name)).toEqual({ size });
    fs.write = realWrite;
    fs.writev = realWritev;
    const back: Buffer[] = [];
    for await (const chunk of (await storage.open(stored.name))!) back.push(chunk as Buffer);
    expect(Buffer.concat(back).equals(content)).toBe(true);
  });
});
