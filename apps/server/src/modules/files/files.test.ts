import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  as,
  createUserAndLogin,
  useTestApp,
  type TestUser,
  clearStorage,
  readStored,
  storedNames,
} from '../../../test/test-app.js';
import { MSG } from '@serwis/domain';
import { logs } from '../logs/logs.table.js';
import { files } from './files.table.js';
import { insertTestDevice, multipart, type PartSpec } from './files.fixtures.js';

const ctx = useTestApp();
beforeEach(() => clearStorage(ctx));

const PDF = Buffer.from('%PDF-1.4\n0123456789 zawartość pliku\n%%EOF\n', 'utf8');

async function upload(user: TestUser, parts: PartSpec[]) {
  const body = await multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/file/add',
    headers: { ...as(user), ...body.headers },
    payload: body.payload,
  });
}

function fileJson(value: object, asBlob = false): PartSpec {
  return asBlob
    ? { kind: 'field', name: 'fileJson', value: JSON.stringify(value), type: 'application/json' }
    : { kind: 'field', name: 'fileJson', value: JSON.stringify(value) };
}

describe('POST /api/file/add', () => {
  it('answers a JSON part that does not parse as such, on its own field, however it is sent', async () => {
    const user = await createUserAndLogin(ctx);
    const raw = (contentType: string) =>
      [
        '--x',
        'Content-Disposition: form-data; name="file"; filename="a.pdf"',
        'Content-Type: application/pdf',
        '',
        '%PDF-1.4',
        '--x',
        'Content-Disposition: form-data; name="fileJson"',
        ...(contentType ? [`Content-Type: ${contentType}`] : []),
        '',
        '{"type":',
        '--x--',
        '',
      ].join('\r\n');
    for (const contentType of ['application/json', '']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/file/add',
        headers: { ...as(user), 'content-type': 'multipart/form-data; boundary=x' },
        payload: raw(contentType),
      });
      expect(response.statusCode, contentType).toBe(400);
      expect(response.json(), contentType).toMatchObject({
        message: MSG.fileJsonInvalid,
        code: 'BAD_JSON',
        field: 'fileJson',
      });
    }
    expect(await storedNames(ctx)).toEqual([]);
  });

  it('stores the bytes, writes the row and an audit entry (file part first)', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const response = await upload(user, [
      {
        kind: 'file',
        name: 'file',
        filename: 'Instrukcja obsługi.pdf',
        content: PDF,
        type: 'application/pdf',
      },
      fileJson({
        device: { id: deviceId },
        type: 'MACHINE_FILE',
        filename: 'Instrukcja obsługi.pdf',
        description: 'DTR',
      }),
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      filename: 'Instrukcja obsługi.pdf',
      description: 'DTR',
      type: 'MACHINE_FILE',
      device: { id: deviceId },
      service: null,
      contentType: 'application/pdf',
      size: PDF.length,
    });
    expect(body.originalName).toBe('Instrukcja obsługi.pdf');

    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, body.id));
    expect(row).toMatchObject({ downloadName: body.filename, deviceId, userCreatedId: user.id });
    expect(row.storageName).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(await readStored(ctx, row.storageName)).toEqual(PDF);
    const entries = await ctx.database.db
      .select()
      .from(logs)
      .where(eq(logs.arg1, `file:${body.id}`));
    expect(entries).toHaveLength(1);
    expect(entries[0].formattedMessage).toContain(
      `dodanie pliku „Instrukcja obsługi.pdf” (zakładka Pliki) do maszyny Piec indukcyjny (id ${deviceId})`,
    );
  });

  it('accepts fileJson before the file, as a JSON blob, with deviceId', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const response = await upload(user, [
      fileJson(
        { deviceId, type: 'MACHINE_PARAMETER', filename: 'parametry.xlsx', description: 'parametry' },
        true,
      ),
      { kind: 'file', name: 'file', filename: 'parametry.xlsx', content: 'a;b;c' },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ type: 'MACHINE_PARAMETER', filename: 'parametry.xlsx', size: 5 });
    expect(await storedNames(ctx)).toHaveLength(1);
  });

  it.each([
    [
      'no file part',
      [fileJson({ deviceId: 1, type: 'MACHINE_FILE', filename: 'a.pdf' })],
      'Nie wybrano pliku!',
    ],
    [
      'an empty file input',
      [
        { kind: 'file', name: 'file', filename: '', content: '' },
        fileJson({ deviceId: 1, type: 'MACHINE_FILE', filename: 'a.pdf' }),
      ],
      'Nie wybrano pliku!',
    ],
    [
      'no fileJson part',
      [{ kind: 'file', name: 'file', filename: 'a.pdf', content: PDF }],
      'Brak danych pliku (fileJson).',
    ],
    [
      'broken JSON',
      [
        { kind: 'file', name: 'file', filename: 'a.pdf', content: PDF },
        { kind: 'field', name: 'fileJson', value: '{"deviceId":' },
      ],
      'Nieprawidłowe dane pliku (fileJson).',
    ],
    [
      'an unknown type',
      [
        { kind: 'file', name: 'file', filename: 'a.pdf', content: PDF },
        fileJson({ deviceId: 1, type: 'SERVICE_FILE', filename: 'a.pdf' }),
      ],
      'Nieprawidłowy typ pliku.',
    ],
    [
      'no machine',
      [
        { kind: 'file', name: 'file', filename: 'a.pdf', content: PDF },
        fileJson({ type: 'MACHINE_FILE', filename: 'a.pdf' }),
      ],
      'Wybierz maszynę, do której należy plik.',
    ],
  ] as [string, PartSpec[], string][])(
    'refuses %s with 400 and keeps nothing',
    async (_label, parts, message) => {
      const user = await createUserAndLogin(ctx);
      await insertTestDevice(ctx.database.db);
      const response = await upload(user, parts);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect(await ctx.database.db.select().from(files)).toHaveLength(0);
      expect(await storedNames(ctx)).toEqual([]);
    },
  );

  it('answers 404 for an unknown machine and removes the stored bytes', async () => {
    const user = await createUserAndLogin(ctx);
    const response = await upload(user, [
      { kind: 'file', name: 'file', filename: 'a.pdf', content: PDF },
      fileJson({ device: { id: 999 }, type: 'MACHINE_FILE', filename: 'a.pdf' }),
    ]);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Nie znaleziono maszyny.');
    expect(await storedNames(ctx)).toEqual([]);
  });

  it('refuses an empty file (0 bytes) and keeps nothing; composes a name sent decomposed (NFD)', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const empty = await upload(user, [
      fileJson({ deviceId, type: 'MACHINE_NAMEPLATE', filename: 'pusty.jpg' }),
      { kind: 'file', name: 'file', filename: 'pusty.jpg', content: Buffer.alloc(0), type: 'image/jpeg' },
    ]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Wybrany plik jest pusty (0 bajtów).', field: 'file' });
    expect(await storedNames(ctx)).toEqual([]);
    expect(await ctx.database.db.select().from(files)).toEqual([]);

    const decomposed = 'Instrukcja – część 2.pdf'.normalize('NFD');
    const named = await upload(user, [
      fileJson({ deviceId, type: 'MACHINE_FILE', filename: decomposed }),
      { kind: 'file', name: 'file', filename: decomposed, content: PDF },
    ]);
    expect(named.statusCode).toBe(201);
    expect(named.json().filename).toBe('Instrukcja – część 2.pdf'.normalize('NFC'));
    const found = await ctx.app.inject({
      method: 'GET',
      url: `/api/file/findByDeviceAndType/${deviceId}/MACHINE_FILE?q=${encodeURIComponent('część')}`,
      headers: as(user),
    });
    expect(found.json().map((f: { id: number }) => f.id)).toEqual([named.json().id]);

    // A right-to-left override in the file's own name showed "faktexe.pdf": it is left out.
    const overridden = await upload(user, [
      fileJson({ deviceId, type: 'MACHINE_FILE', filename: '' }),
      { kind: 'file', name: 'file', filename: 'fakt\u202efdp.exe', content: PDF },
    ]);
    expect(overridden.statusCode).toBe(201);
    expect(overridden.json().filename).toBe('faktfdp.exe');
    // A path's folders go; a letter and a colon is no drive ("a:b" was kept as "b").
    for (const [sent, kept] of [
      ['C:\\fakepath\\Schemat.pdf', 'Schemat.pdf'],
      ['katalog/Schemat 2.pdf', 'Schemat 2.pdf'],
      ['a:b*c?d.pdf', 'a:b*c?d.pdf'],
    ]) {
      const answer = await upload(user, [
        fileJson({ deviceId, type: 'MACHINE_FILE', filename: '' }),
        { kind: 'file', name: 'file', filename: sent!, content: PDF },
      ]);
      expect(answer.json().filename, sent).toBe(kept);
    }
  });

  it('takes only photos as nameplates', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const refused = await upload(user, [
      fileJson({ deviceId, type: 'MACHINE_NAMEPLATE', filename: 'tabliczka.txt' }),
      { kind: 'file', name: 'file', filename: 'tabliczka.txt', content: 'tekst', type: 'image/png' },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MSG_NAMEPLATE);
    expect(await storedNames(ctx)).toEqual([]);
    // A picture's name on a text: refused by its bytes, and nothing kept of it.
    const disguised = await upload(user, [
      fileJson({ deviceId, type: 'MACHINE_NAMEPLATE', filename: 'falszywy.png' }),
      {
        kind: 'file',
        name: 'file',
        filename: 'falszywy.png',
        content: 'to nie jest obraz',
        type: 'image/png',
      },
    ]);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json()).toMatchObject({ message: MSG_NAMEPLATE, code: 'NOT_IMAGE' });
    expect(await storedNames(ctx)).toEqual([]);

    const accepted = await upload(user, [
      {
        kind: 'file',
        name: 'file',
        filename: 'TABLICZKA.JPG',
        content: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      },
      fileJson({ deviceId, type: 'MACHINE_NAMEPLATE', filename: 'TABLICZKA.JPG', description: '' }),
    ]);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().contentType).toBe('image/jpeg');
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/file/findByDeviceAndType/${deviceId}/MACHINE_NAMEPLATE`,
      headers: as(user),
    });
    expect(listed.json().map((f: { filename: string }) => f.filename)).toEqual(['TABLICZKA.JPG']);
  });

  it('needs the X-Requested-With header and a session', async () => {
    const body = await multipart([{ kind: 'file', name: 'file', filename: 'a.pdf', content: PDF }]);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/file/add',
      headers: { 'x-requested-with': 'XMLHttpRequest', ...body.headers },
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await storedNames(ctx)).toEqual([]);
  });
});

const MSG_NAMEPLATE = 'Tabliczka znamionowa musi być zdjęciem (jpg, jpeg, png, gif lub bmp).';

describe('GET /api/file/findByDeviceAndType', () => {
  it('lists the files of one machine and one type, newest first', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const other = await insertTestDevice(ctx.database.db, 'Inna maszyna');
    for (const [device, type, name] of [
      [deviceId, 'MACHINE_FILE', 'pierwszy.pdf'],
      [deviceId, 'MACHINE_FILE', 'drugi.pdf'],
      [deviceId, 'MACHINE_PARAMETER', 'parametr.txt'],
      [other, 'MACHINE_FILE', 'obcy.pdf'],
    ] as const) {
      const response = await upload(user, [
        { kind: 'file', name: 'file', filename: name, content: PDF },
        fileJson({ deviceId: device, type, filename: name }),
      ]);
      expect(response.statusCode).toBe(201);
    }
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/file/findByDeviceAndType/${deviceId}/MACHINE_FILE`,
      headers: as(user),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((f: { filename: string }) => f.filename)).toEqual([
      'drugi.pdf',
      'pierwszy.pdf',
    ]);

    const badType = await ctx.app.inject({
      method: 'GET',
      url: `/api/file/findByDeviceAndType/${deviceId}/WHATEVER`,
      headers: as(user),
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe('Nieprawidłowy typ pliku.');
  });
});

describe('GET /api/file/findByDeviceAndType: page, size, sort and q', () => {
  const list = (user: TestUser, deviceId: number, query = '', type = 'MACHINE_FILE') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/file/findByDeviceAndType/${deviceId}/${type}${query ? `?${query}` : ''}`,
      headers: as(user),
    });
  const names = (response: { json: () => { filename: string }[] }) => response.json().map((f) => f.filename);

  async function seed() {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const other = await insertTestDevice(ctx.database.db, 'Inna maszyna');
    const uploads = [
      [deviceId, 'MACHINE_FILE', 'instrukcja.pdf', 'Instrukcja obsługi', 'x'.repeat(30)],
      [deviceId, 'MACHINE_FILE', 'schemat.pdf', 'Schemat elektryczny', 'x'.repeat(10)],
      [deviceId, 'MACHINE_FILE', 'gwarancja.pdf', '', 'x'.repeat(20)],
      [deviceId, 'MACHINE_FILE', 'zdjecie.pdf', 'Karta gwarancyjna 100%', 'x'.repeat(40)],
      [deviceId, 'MACHINE_PARAMETER', 'gwarancja-parametry.pdf', '', 'x'],
      [other, 'MACHINE_FILE', 'gwarancja-obca.pdf', '', 'x'],
    ] as const;
    for (const [device, type, filename, description, content] of uploads) {
      const response = await upload(user, [
        { kind: 'file', name: 'file', filename, content },
        fileJson({ deviceId: device, type, filename, description }),
      ]);
      expect(response.statusCode).toBe(201);
    }
    return { user, deviceId };
  }

  it('answers the full array, newest first, without parameters and without X-Total-Count', async () => {
    const { user, deviceId } = await seed();
    const all = await list(user, deviceId);
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBeUndefined();
    expect(names(all)).toEqual(['zdjecie.pdf', 'gwarancja.pdf', 'schemat.pdf', 'instrukcja.pdf']);
    expect(all.json()[0]).toMatchObject({
      description: 'Karta gwarancyjna 100%',
      size: 40,
      device: { id: deviceId },
    });
    expect((await list(user, deviceId, 'q=&sort=')).body).toBe(all.body);
  });

  it('pages with X-Total-Count', async () => {
    const { user, deviceId } = await seed();
    const page = await list(user, deviceId, 'page=2&size=3');
    expect(page.headers['x-total-count']).toBe('4');
    expect(names(page)).toEqual(['instrukcja.pdf']);
    const middle = await list(user, deviceId, 'page=2&size=2');
    expect(names(middle)).toEqual(['schemat.pdf', 'instrukcja.pdf']);
  });

  it('sorts by name, size or description; an unknown field is 400', async () => {
    const { user, deviceId } = await seed();
    expect(names(await list(user, deviceId, 'sort=filename,asc'))).toEqual([
      'gwarancja.pdf',
      'instrukcja.pdf',
      'schemat.pdf',
      'zdjecie.pdf',
    ]);
    expect(names(await list(user, deviceId, 'sort=size,desc&page=1&size=2'))).toEqual([
      'zdjecie.pdf',
      'instrukcja.pdf',
    ]);
    expect(names(await list(user, deviceId, 'sort=description,asc'))[0]).toBe('gwarancja.pdf');
    const bad = await list(user, deviceId, 'sort=fileName,asc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Nieprawidłowy parametr sortowania.');
  });

  it('searches the name and the description of this machine and type only', async () => {
    const { user, deviceId } = await seed();
    const search = async (q: string) => names(await list(user, deviceId, `q=${encodeURIComponent(q)}`));
    expect(await search('GWARANC')).toEqual(['zdjecie.pdf', 'gwarancja.pdf']);
    expect(await search('elektryczny')).toEqual(['schemat.pdf']);
    expect(await search('100%')).toEqual(['zdjecie.pdf']);
    expect(await search('_')).toEqual([]);
    const counted = await list(user, deviceId, 'q=gwaranc&page=1&size=1');
    expect(counted.headers['x-total-count']).toBe('2');
    expect(names(counted)).toEqual(['zdjecie.pdf']);
  });
});
