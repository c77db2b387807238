import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { devices } from '../devices/devices.table.js';
import { multipart } from '../files/files.fixtures.js';

// 0.01 MB = 10 485 bytes: the import keeps the upload limit of every other file.
const ctx = useTestApp({ MAX_UPLOAD_MB: '0.01' });

describe('import upload limit (MAX_UPLOAD_MB)', () => {
  it('answers 413 for a bigger file and writes nothing', async () => {
    const user = await createUserAndLogin(ctx, { admin: true });
    const line = 'Laser;Metalex;Lasery\n';
    const content = 'Nazwa;Kontrahent;Kategoria\n' + line.repeat(1000);
    const body = await multipart([{ kind: 'file', name: 'file', filename: 'duzy.csv', content }]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/import',
      headers: { ...as(user), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Plik jest za duży (maks. 0,01 MB).');
    expect(await ctx.database.db.select().from(devices)).toEqual([]);
  });

  it('answers a Polish 400 when no file is sent', async () => {
    const user = await createUserAndLogin(ctx, { admin: true });
    const body = await multipart([{ kind: 'field', name: 'optionsJson', value: '{}' }]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer/import/preview',
      headers: { ...as(user), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Wybierz plik do importu.');
  });
});
