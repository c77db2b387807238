import { describe, expect, it } from 'vitest';
import {
  as,
  createUserAndLogin,
  nextTransactionId,
  resetDatabase,
  useTestApp,
  type TestUser,
} from '../../../test/test-app.js';
import {
  fieldAt,
  fieldPaths,
  PNG_BASE64,
  sampleValue,
  withField,
  type Operation,
} from '../../../test/api-samples.js';
import {
  insertCategory,
  insertCustomer,
  insertDevice,
  insertService,
} from '../../../test/service-fixtures.js';
import { multipart } from '../files/files.fixtures.js';
import { PNG } from '../protocols/protocols.fixtures.js';
import {
  badValuesFor,
  BROKEN_MULTIPART,
  FILES,
  IN_JSON_PART,
  IN_PATH,
  IN_QUERY,
  show,
  WHOLE_BODY,
  wrongAnswer,
} from '../../../test/bad-input.js';

/**
 * Every route of the OpenAPI document, called with bad input one field at a time: a wrong type, an
 * empty or huge text, a NUL character, a number out of range, a date that does not exist, a broken
 * JSON or multipart body, a damaged file. House rule: bad input gets a 4xx with a Polish
 * `{ message, code }`, never a 500, and the connection is never cut. New routes are swept as soon
 * as they are documented.
 */
// No geocoder (its answer is a documented 503) and no login limit: the sweep logs in before each route.
const ctx = useTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000', GEOCODER_URL: '' });

/** A sample body the schema alone cannot make acceptable, completed as the product's forms do. */
const SAMPLE_OVERRIDES: Record<string, Record<string, unknown>> = {
  'POST /api/user/resetPassword': { recipients: ['jan@firma.pl'] },
  'POST /api/todo/save': { date: '2024-03-15T10:00:00.000Z' },
  'POST /api/part/save': { id: 0 },
  'POST /api/incident/insert': { id: null, service: null },
  'POST /api/deviceHotel/insert': { id: null },
  'POST /api/branch/insert': { id: null },
  'POST /api/storage/upload-public-file': { base64: PNG_BASE64 },
  'PUT /api/configuration/company-logo': { value: PNG },
  'PUT /api/configuration': { name: 'company/name', value: 'Firma' },
  'PUT /api/service/update': { number: '', numberExtension: '' },
  'PUT /api/customer/update': { shortName: 'Klient zmieniony' },
  'PUT /api/category/update': { name: 'Inna nazwa', serviceReviewOperationsList: '[]' },
  'PUT /api/device-external/update': { id: 2 },
  'POST /api/device/qr-labels': { sort: 'name,asc' },
  'POST /api/device-external/qr-labels': { ids: [2], sort: 'name,asc' },
  'PATCH /api/user/setNewPassword': { oldPassword: 'Haslo-123456', newPassword: 'Haslo-654321' },
};
const IMPORT_FILES: Record<string, { file: string; mapping: string[] }> = {
  customer: {
    file: 'Nazwa skrócona;Nazwa pełna;Miasto\nKlient A;Klient A sp. z o.o.;Łódź\n',
    mapping: ['shortName', 'fullName', 'city'],
  },
  device: {
    file: 'Nazwa;S/N;Kontrahent;Kategoria\nPrasa;SN-1;Klient 1;Kategoria 1\n',
    mapping: ['name', 'serialNumber', 'customer', 'category'],
  },
};

/** Path parameters that are not ids, as the product's own links fill them. */
const PATH_VALUES: Record<string, string> = { type: 'MACHINE_FILE', mode: 'all' };

/**
 * Writes whose sample body must be accepted, so that the sweep's bad values reach past validation
 * into the services and the database rather than stopping at the first refused field.
 */
const ACCEPTED_SAMPLES = [
  'POST /api/customer/insert',
  'POST /api/device/insert',
  'POST /api/device-external/insert',
  'PUT /api/device/update',
  'POST /api/service/add',
  'PUT /api/service/update',
  'PUT /api/service/protocol/{serviceId}',
  'POST /api/file/add',
  'POST /api/todo/save',
  'POST /api/incident/insert',
  'POST /api/device/import',
  'POST /api/customer/import',
  'PUT /api/configuration/company',
  'POST /api/device/qr-labels',
];

describe('bad input on every route', () => {
  it('is refused with a Polish { message, code } and a 4xx, never a 500', async () => {
    let admin: TestUser = await createUserAndLogin(ctx, { admin: true });
    const doc = (
      await ctx.app.inject({ method: 'GET', url: '/api/docs/json', headers: as(admin) })
    ).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method: method.toUpperCase(),
        operation,
      })),
    );
    expect(operations.length).toBeGreaterThan(100);
    const names = operations.map(({ method, path }) => `${method} ${path}`);
    expect(ACCEPTED_SAMPLES.filter((name) => !names.includes(name))).toEqual([]);

    /** The same small register before each route: a customer, a category, two machines, an event, a note, a file. */
    const seed = async () => {
      await resetDatabase(ctx.database);
      admin = await createUserAndLogin(ctx, { admin: true });
      const customer = await insertCustomer(ctx.database.db, { shortName: 'Klient 1' });
      const category = await insertCategory(ctx.database.db, { name: 'Kategoria 1' });
      const owner = { customerId: customer.id, categoryId: category.id };
      const device = await insertDevice(ctx.database.db, owner);
      await insertDevice(ctx.database.db, { ...owner, type: 'EXTERNAL' });
      await insertService(ctx.database.db, {
        userId: admin.id,
        customerId: customer.id,
        deviceIds: [device.id],
        date: '2024-03-15',
        state: 'UTWORZONY',
        types: ['NAPRAWA'],
      });
      const headers = as(admin);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/deviceNote/insert',
        headers,
        payload: { device: { id: device.id }, text: 'Notatka' },
      });
      await ctx.app.inject({
        method: 'POST',
        url: '/api/installation-operation',
        headers,
        payload: { text: 'Czynność' },
      });
      const file = await multipart([
        {
          kind: 'field',
          name: 'fileJson',
          value: JSON.stringify({ device: { id: device.id }, type: 'MACHINE_FILE' }),
        },
        { kind: 'file', name: 'file', filename: 'opis.txt', content: 'Opis', type: 'text/plain' },
      ]);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/file/add',
        headers: { ...headers, ...file.headers },
        payload: file.payload,
      });
      seededAt = await nextTransactionId(ctx.database);
    };
    let seededAt = '';

    const problems: string[] = [];
    const refusedSamples: string[] = [];
    let calls = 0;
    for (const { path, method, operation } of operations) {
      if ((await nextTransactionId(ctx.database)) !== seededAt) {
        await seed();
      }
      const name = `${method} ${path}`;
      // The external machines' routes are the own machines' handlers and schemas for the other
      // family (one module): their fields are swept once, on the own family's route.
      const twin = path.replace('/api/device-external/', '/api/device/');
      const fieldsSwept = twin !== path && operations.some((o) => o.method === method && o.path === twin);
      const params = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const jsonSchema = content['application/json']?.schema;
      const partsSchema = content['multipart/form-data']?.schema;
      const url = (replace?: [string, string]) =>
        path.replace(/\{(\w+)\}/g, (_, param: string) =>
          replace?.[0] === param ? replace[1] : (PATH_VALUES[param] ?? '1'),
        );
      const send = async (
        what: string,
        target: string,
        payload?: unknown,
        headers: Record<string, string> = {},
      ) => {
        calls++;
        try {
          const response = await ctx.app.inject({
            method: method as 'GET',
            url: target,
            headers: { ...as(admin), ...headers },
            ...(payload === undefined ? {} : { payload: payload as string }),
          });
          const wrong = wrongAnswer(response);
          if (wrong)
            problems.push(
              `${name} [${what}]: ${wrong}, ${response.statusCode} ${response.body.slice(0, 160)}`,
            );
          return response;
        } catch (error) {
          problems.push(`${name} [${what}]: the answer was cut (${String(error)})`);
          return undefined;
        }
      };

      const sample = jsonSchema && { ...(sampleValue(jsonSchema) as object), ...SAMPLE_OVERRIDES[name] };
      for (const param of params.filter((p) => p.in === 'path')) {
        for (const value of IN_PATH)
          await send(`${param.name}=${show(value)}`, url([param.name, value]), sample);
      }
      for (const param of params.filter((p) => p.in === 'query')) {
        for (const value of IN_QUERY) {
          await send(
            `?${param.name}=${show(value)}`,
            `${url()}?${param.name}=${encodeURIComponent(value)}`,
            sample,
          );
        }
        await send(`?${param.name} twice`, `${url()}?${param.name}=1&${param.name}=2`, sample);
      }
      if (sample) {
        for (const whole of WHOLE_BODY) await send(`body ${show(whole)}`, url(), whole);
        await send('broken JSON', url(), '{"a":', { 'content-type': 'application/json' });
        await send('text/plain', url(), 'tekst', { 'content-type': 'text/plain' });
        for (const field of fieldsSwept ? [] : fieldPaths(sample)) {
          for (const value of badValuesFor(fieldAt(sample, field), field)) {
            await send(`${field.join('.')}=${show(value)}`, url(), withField(sample, field, value));
          }
        }
      }
      if (partsSchema) {
        const parts = Object.entries(partsSchema.properties ?? {});
        const json: Record<string, object> = Object.fromEntries(
          parts.filter(([, s]) => s.type === 'object').map(([part, s]) => [part, sampleValue(s) as object]),
        );
        const fileParts = parts.filter(([, s]) => s.format === 'binary').map(([part]) => part);
        const importOf = IMPORT_FILES[path.split('/')[2]!.replace('-external', '')];
        if (path.includes('/import') && importOf) json.optionsJson = { mapping: importOf.mapping };
        const good = path.includes('/import') && importOf ? importOf.file : 'Treść pliku';
        const body = (
          jsonParts: Record<string, unknown>,
          file: string | Buffer = good,
          filename = 'plik.csv',
        ) =>
          multipart([
            ...Object.entries(jsonParts).map(([part, value]) => ({
              kind: 'field' as const,
              name: part,
              value: typeof value === 'string' ? value : JSON.stringify(value),
            })),
            ...fileParts.map((part) => ({
              kind: 'file' as const,
              name: part,
              filename,
              content: file,
              type: 'text/csv',
            })),
          ]);
        const sendParts = async (what: string, m: Awaited<ReturnType<typeof multipart>>) =>
          send(what, url(), m.payload, m.headers);
        for (const [part, value] of Object.entries(json)) {
          for (const field of fieldsSwept ? [] : fieldPaths(value)) {
            for (const bad of badValuesFor(fieldAt(value, field), field)) {
              await sendParts(
                `${part}.${field.join('.')}=${show(bad)}`,
                await body({ ...json, [part]: withField(value, field, bad) }),
              );
            }
          }
          for (const raw of IN_JSON_PART)
            await sendParts(`${part}=${show(raw)}`, await body({ ...json, [part]: raw }));
        }
        for (const [file, filename] of FILES)
          await sendParts(`file ${filename.slice(0, 30)}`, await body(json, file, filename));
        for (const [payload, type] of BROKEN_MULTIPART)
          await send(`multipart ${show(payload)}`, url(), payload, { 'content-type': type });
        if (ACCEPTED_SAMPLES.includes(name)) {
          await seed();
          const answer = await sendParts('sample', await body(json));
          if (!answer || answer.statusCode >= 300)
            refusedSamples.push(`${name}: ${answer?.statusCode} ${answer?.body.slice(0, 160)}`);
        }
      } else if (ACCEPTED_SAMPLES.includes(name)) {
        await seed();
        const answer = await send('sample', url(), sample);
        if (!answer || answer.statusCode >= 300)
          refusedSamples.push(`${name}: ${answer?.statusCode} ${answer?.body.slice(0, 160)}`);
      }
    }
    expect(refusedSamples).toEqual([]);
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThan(2500);
  }, 300_000);
});
