import { sql } from 'drizzle-orm';
import type { App } from '../src/app.js';
import { multipart } from '../src/modules/files/files.fixtures.js';
import { PNG } from '../src/modules/protocols/protocols.fixtures.js';
import { rowsOf } from '../src/lib/result-rows.js';
import { PNG_BASE64, sampleValue, type JsonSchema, type Operation } from './api-samples.js';
import { insertCategory, insertCustomer, insertDevice, insertService } from './service-fixtures.js';
import { appTables, as, storedNames, type TestContext, type TestUser } from './test-app.js';

/**
 * For the sweeps over every documented route (src/modules/system/hostile-input.test.ts: bad input;
 * access-sweep.test.ts: who may call what): the routes of the OpenAPI document, a plausible request
 * for each, and the small register they are called against.
 */

/** One operation of the OpenAPI document; `name` is "METHOD /path" as the document spells the path. */
export interface DocumentedRoute {
  method: string;
  path: string;
  name: string;
  operation: Operation;
}

/** Every operation of GET /api/docs/json. */
export async function documentedRoutes(app: App, headers: Record<string, string> = {}) {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json', headers })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): DocumentedRoute => {
      const upper = method.toUpperCase();
      return { path, method: upper, name: `${upper} ${path}`, operation };
    }),
  );
}

/** A sample body the schema alone cannot make acceptable, completed as the product's forms do. */
export const SAMPLE_OVERRIDES: Record<string, Record<string, unknown>> = {
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

/** Import files the import routes accept, with their column mapping, by the register they fill. */
export const IMPORT_FILES: Record<string, { file: string; mapping: string[] }> = {
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
export const PATH_VALUES: Record<string, string> = { type: 'MACHINE_FILE', mode: 'all' };

/** The route's path with its parameters filled ('1' for an id), one of them replaced if asked. */
export const routeUrl = (path: string, replace?: [string, string]) =>
  path.replace(/\{(\w+)\}/g, (_, param: string) =>
    replace?.[0] === param ? replace[1] : (PATH_VALUES[param] ?? '1'),
  );

/** The JSON body the route's schema describes, completed by SAMPLE_OVERRIDES; undefined without one. */
export function sampleJsonBody(route: DocumentedRoute): Record<string, unknown> | undefined {
  const schema = route.operation.requestBody?.content?.['application/json']?.schema;
  return schema && { ...(sampleValue(schema) as object), ...SAMPLE_OVERRIDES[route.name] };
}

export type MultipartBody = Awaited<ReturnType<typeof multipart>>;

/** A multipart route's parts (JSON parts by name, file parts) and a builder of its body. */
export interface MultipartSample {
  json: Record<string, object>;
  fileParts: string[];
  body: (
    jsonParts: Record<string, unknown>,
    file?: string | Buffer,
    filename?: string,
  ) => Promise<MultipartBody>;
}

/**
 * The multipart body the route's schema describes: each JSON part a sample object, each file part
 * a small text (an import's file one it accepts); undefined for a route without one.
 */
export function multipartSample(route: DocumentedRoute): MultipartSample | undefined {
  const schema = route.operation.requestBody?.content?.['multipart/form-data']?.schema;
  if (!schema) return undefined;
  const parts: [string, JsonSchema][] = Object.entries(schema.properties ?? {});
  const json: Record<string, object> = Object.fromEntries(
    parts.filter(([, s]) => s.type === 'object').map(([part, s]) => [part, sampleValue(s) as object]),
  );
  const fileParts = parts.filter(([, s]) => s.format === 'binary').map(([part]) => part);
  const importOf = IMPORT_FILES[route.path.split('/')[2]!.replace('-external', '')];
  const isImport = route.path.includes('/import') && importOf;
  if (isImport) json.optionsJson = { mapping: importOf.mapping };
  const good = isImport ? importOf.file : 'Treść pliku';
  return {
    json,
    fileParts,
    body: (jsonParts, file = good, filename = 'plik.csv') =>
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
      ]),
  };
}

/**
 * The small register a sweep calls every route against: a customer, a category, an own and an
 * external machine (ids 1 and 2), an open service event of `author`'s, his note and file on the own
 * machine, and an installation operation (written by `admin`).
 */
export async function seedSmallRegister(ctx: TestContext, people: { admin: TestUser; author: TestUser }) {
  const customer = await insertCustomer(ctx.database.db, { shortName: 'Klient 1' });
  const category = await insertCategory(ctx.database.db, { name: 'Kategoria 1' });
  const owner = { customerId: customer.id, categoryId: category.id };
  const device = await insertDevice(ctx.database.db, owner);
  const external = await insertDevice(ctx.database.db, { ...owner, type: 'EXTERNAL' });
  const service = await insertService(ctx.database.db, {
    userId: people.author.id,
    customerId: customer.id,
    deviceIds: [device.id],
    date: '2024-03-15',
    state: 'UTWORZONY',
    types: ['NAPRAWA'],
  });
  const call = async (
    user: TestUser,
    method: 'POST',
    url: string,
    payload: object | Buffer,
    headers = {},
  ) => {
    const response = await ctx.app.inject({ method, url, headers: { ...as(user), ...headers }, payload });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  };
  await call(people.author, 'POST', '/api/deviceNote/insert', { device: { id: device.id }, text: 'Notatka' });
  await call(people.admin, 'POST', '/api/installation-operation', { text: 'Czynność' });
  const file = await multipart([
    {
      kind: 'field',
      name: 'fileJson',
      value: JSON.stringify({ device: { id: device.id }, type: 'MACHINE_FILE' }),
    },
    { kind: 'file', name: 'file', filename: 'opis.txt', content: 'Opis', type: 'text/plain' },
  ]);
  await call(people.author, 'POST', '/api/file/add', file.payload, file.headers);
  return { customer, category, device, external, service };
}

/**
 * What the app holds, cheaply told apart: each table's row count and a digest of its rows, the
 * stored files' names and the number of e-mails sent. Equal before and after a call: it wrote
 * nothing (PostgreSQL's transaction ids cannot tell, since other test files move them too).
 */
export async function registerSnapshot(ctx: TestContext) {
  const tables = await appTables(ctx.database);
  const digests = tables
    .map(
      (table) =>
        `SELECT '${table}' AS name, count(*)::int AS rows, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${table}" t`,
    )
    .join(' UNION ALL ');
  const rows = rowsOf<{ name: string; rows: number; digest: string }>(
    await ctx.database.db.execute(sql.raw(digests)),
  );
  return {
    tables: Object.fromEntries(rows.map((r) => [r.name, `${r.rows} ${r.digest}`])),
    files: await storedNames(ctx),
    mails: ctx.mailer.sent.length,
  };
}

export type RegisterSnapshot = Awaited<ReturnType<typeof registerSnapshot>>;

/** What differs between two snapshots, one line each ("table devices", "files", "mails"). */
export function snapshotChanges(before: RegisterSnapshot, after: RegisterSnapshot): string[] {
  const tables = new Set([...Object.keys(before.tables), ...Object.keys(after.tables)]);
  return [
    ...[...tables].filter((t) => before.tables[t] !== after.tables[t]).map((t) => `table ${t}`),
    ...(before.files.join('\n') === after.files.join('\n') ? [] : ['files']),
    ...(before.mails === after.mails ? [] : ['mails']),
  ];
}
