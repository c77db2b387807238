import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage.js';
import { InvalidStorageNameError } from './storage.js';

let base: string;
let storage: LocalStorage;
const root = () => path.join(base, 'files');
const everything = () =>
  fs
    .readdirSync(root(), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-storage-'));
  storage = new LocalStorage(root());
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

describe('LocalStorage', () => {
  it('saves under a generated name and reads whole files and ranges back', async () => {
    const stored = await storage.save(Readable.from([Buffer.from('0123'), Buffer.from('456789')]), {
      extension: '.PDF',
    });
    expect(stored.size).toBe(10);
    expect(stored.name).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(await storage.stat(stored.name)).toEqual({ size: 10 });
    expect((await readAll((await storage.open(stored.name))!)).toString()).toBe('0123456789');
    expect((await readAll((await storage.open(stored.name, { start: 2, end: 4 }))!)).toString()).toBe('234');
    const listed = [];
    for await (const entry of storage.list()) listed.push(entry.name);
    expect(listed).toEqual([stored.name]);
  });

  it('drops unsafe extensions instead of keeping them in the name', async () => {
    const stored = await storage.save(Readable.from(['x']), { extension: '.p/../../x' });
    expect(stored.name).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves nothing behind when the source fails half-way', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(new Error('połączenie zerwane'));
      },
    });
    await expect(storage.save(failing)).rejects.toThrow('połączenie zerwane');
    expect(everything()).toEqual([]);
  });

  it('refuses every name it could not have generated', async () => {
    fs.mkdirSync(root(), { recursive: true });
    fs.writeFileSync(path.join(base, 'sekret.txt'), 'tajne');
    for (const name of ['../sekret.txt', '/etc/passwd', '..', '.incoming', 'a/b', 'a\\b', '', 'sekret.txt']) {
      await expect(storage.open(name), name).rejects.toBeInstanceOf(InvalidStorageNameError);
      await expect(storage.delete(name), name).rejects.toBeInstanceOf(InvalidStorageNameError);
    }
    expect(fs.existsSync(path.join(base, 'sekret.txt'))).toBe(true);
  });

  it('answers null for a missing name and deletes idempotently', async () => {
    const name = '123e4567-e89b-42d3-a456-426614174000.pdf';
    expect(await storage.open(name)).toBeNull();
    expect(await storage.stat(name)).toBeNull();
    await expect(storage.delete(name)).resolves.toBeUndefined();
  });
});
