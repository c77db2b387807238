import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite } from './database.js';
import { keepFileSizes } from './pglite-file-sizes.js';

// PGlite's NODEFS calls the CommonJS module's functions, which a spy on this object sees.
const nodeFs = createRequire(import.meta.url)('node:fs') as typeof fs;

let dataDir: string;
let client: PGlite;
beforeAll(async () => {
  // On disk, as the server keeps its data (NODEFS); an in-memory database has no such files.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-file-sizes-'));
  client = await openPglite({ dataDir });
});
afterAll(async () => {
  await client.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await client.exec('DROP TABLE IF EXISTS grown');
});

const one = async (query: string) => Number(Object.values((await client.query(query)).rows[0] as object)[0]);
const rows = () => one('SELECT count(*) FROM grown');
const size = () => one("SELECT pg_relation_size('grown')");
/** Rows of about 200 bytes: 3,000 of them fill about 80 pages. */
const insert = (count: number) =>
  client.exec(`INSERT INTO grown (pad) SELECT repeat('x', 200) FROM generate_series(1, ${count})`);

describe("PGlite's file sizes, kept in memory", () => {
  it('reads a table that grows whole, and its size follows every extension', async () => {
    await client.exec('CREATE TABLE grown (id serial PRIMARY KEY, pad text NOT NULL)');
    const sizes = [await size()];
    for (let round = 1; round <= 4; round++) {
      await insert(3_000);
      expect(await rows()).toBe(3_000 * round);
      sizes.push(await size());
    }
    expect(sizes[0]).toBe(0);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeGreaterThan(sizes[i - 1]);
    // The primary key's index grew too: a lookup by it finds the last row.
    expect(await one('SELECT id FROM grown WHERE id = 12000')).toBe(12_000);
  });

  it('reads the rows of its own transaction, and keeps the file grown after a rollback', async () => {
    await client.exec('CREATE TABLE grown (id serial PRIMARY KEY, pad text NOT NULL)');
    await insert(100);
    const before = await size();
    await client.transaction(async (tx) => {
      await tx.exec(`INSERT INTO grown (pad) SELECT repeat('x', 200) FROM generate_series(1, 5000)`);
      expect(Number((await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM grown')).rows[0].n)).toBe(
        5_100,
      );
      await tx.rollback();
    });
    expect(await rows()).toBe(100);
    expect(await size()).toBeGreaterThan(before);
  });

  it("follows VACUUM's truncation of emptied pages and a TRUNCATE's new file", async () => {
    await client.exec('CREATE TABLE grown (id serial PRIMARY KEY, pad text NOT NULL)');
    await insert(3_000);
    expect(await size()).toBeGreaterThan(8192 * 10);
    await client.exec('DELETE FROM grown');
    await client.exec('VACUUM grown');
    expect(await size()).toBe(0);
    await insert(10);
    expect(await rows()).toBe(10);
    expect(await size()).toBe(8192);
    await client.exec('TRUNCATE grown');
    expect(await size()).toBe(0);
    await insert(5);
    expect(await rows()).toBe(5);
  });

  it('answers the sizes from memory while nothing is written, and measures again after a write', async () => {
    await client.exec('CREATE TABLE grown (id serial PRIMARY KEY, pad text NOT NULL)');
    await insert(3_000);
    await rows();
    const fstat = vi.spyOn(nodeFs, 'fstatSync');
    for (let i = 0; i < 3; i++) expect(await rows()).toBe(3_000);
    expect(fstat).not.toHaveBeenCalled();
    await insert(3_000);
    fstat.mockClear();
    expect(await rows()).toBe(6_000);
    expect(fstat).toHaveBeenCalled();
  });

  it('leaves a NODEFS with an operation it does not know as it is', () => {
    const streamOps = {
      getattr() {},
      open() {},
      close() {},
      read() {},
      write() {},
      llseek: () => 7,
      allocate() {},
    };
    const nodeOps = { getattr() {}, setattr() {}, lookup() {} };
    const before = { ...streamOps };
    keepFileSizes({ Module: { NODEFS: { stream_ops: streamOps, node_ops: nodeOps } } } as unknown as PGlite);
    expect(streamOps).toEqual(before);
    expect(streamOps.llseek).toBe(before.llseek);
    expect(streamOps.write).toBe(before.write);
  });
});
