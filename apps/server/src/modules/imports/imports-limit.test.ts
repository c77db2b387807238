import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { devices } from '../devices/devices.table.js';
import { multipart } from '../files/files.fixtures.js';
import { importFiles } from './imports.routes.js';

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

  it('reads two import files at a time: a third waits, then is told in Polish to try again', async () => {
    const user = await createUserAndLogin(ctx, { admin: true });
    const body = await multipart([
      {
        kind: 'file',
        name: 'file',
        filename: 'maszyny.csv',
        content: 'Nazwa;Kontrahent;Kategoria\nLaser;Metalex;Lasery\n',
      },
    ]);
    const preview = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/device/import/preview',
        headers: { ...as(user), ...body.headers },
        payload: body.payload,
      });
    const { places } = importFiles;
    const held = [await places.take(1000, Error), await places.take(1000, Error)];
    const defaultWait = importFiles.waitMs;
    importFiles.waitMs = 30;
    try {
      const refused = await preview();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        message: 'Serwer wczytuje teraz inne pliki importu. Spróbuj ponownie za chwilę: nic nie zapisano.',
        code: 'BUSY',
      });
      expect(refused.headers['retry-after']).toBe('5');
    } finally {
      importFiles.waitMs = defaultWait;
      for (const release of held) release();
    }
    // Answered ones give their place back: three in a row, each one a place.
    for (let i = 0; i < 3; i++) expect((await preview()).statusCode).toBe(200);
    expect(places.state).toEqual({ used: 0, waiting: 0 });
  });
});
