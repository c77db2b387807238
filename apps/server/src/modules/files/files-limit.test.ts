import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp, storedNames } from '../../../test/test-app.js';
import { files } from './files.table.js';
import { insertTestDevice, multipart, storageNameOf } from './files.fixtures.js';

// 0.01 MB = 10 485 bytes, so the limit can be crossed with a small body.
const ctx = useTestApp({ MAX_UPLOAD_MB: '0.01' });
const LIMIT = Math.floor(0.01 * 1024 * 1024);

async function send(content: Buffer, jsonFirst: boolean) {
  const user = await createUserAndLogin(ctx);
  const deviceId = await insertTestDevice(ctx.database.db);
  const json = {
    kind: 'field' as const,
    name: 'fileJson',
    value: JSON.stringify({ deviceId, type: 'MACHINE_FILE', filename: 'duzy.bin' }),
  };
  const file = { kind: 'file' as const, name: 'file', filename: 'duzy.bin', content };
  const body = await multipart(jsonFirst ? [json, file] : [file, json]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/file/add',
    headers: { ...as(user), ...body.headers },
    payload: body.payload,
  });
}

describe('upload size limit (MAX_UPLOAD_MB)', () => {
  it.each([true, false])('answers 413 and stores nothing (fileJson first: %s)', async (jsonFirst) => {
    const response = await send(Buffer.alloc(LIMIT * 3, 7), jsonFirst);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Plik jest za duży (maks. 0,01 MB).');
    expect(await ctx.database.db.select().from(files)).toHaveLength(0);
    expect(await storedNames(ctx)).toEqual([]);
  });

  it('accepts a file of exactly the limit', async () => {
    const response = await send(Buffer.alloc(LIMIT, 7), false);
    expect(response.statusCode).toBe(201);
    expect(response.json().size).toBe(LIMIT);
    const stored = await storageNameOf(ctx.database.db, response.json().id);
    expect(await ctx.app.storage.stat(stored)).toEqual({ size: LIMIT });
  });
});
