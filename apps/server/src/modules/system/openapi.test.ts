import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.js';

const ctx = useTestApp();

/** Writes whose whole input is in the path or the query (spec §7): there is no body to document. */
const WRITES_WITHOUT_BODY = [
  'POST /api/customer/delete',
  'PATCH /api/service/sign/{id}',
  'PATCH /api/service/reject/{id}',
  'PATCH /api/service/printForScan/{id}',
  'PATCH /api/installation-operation/move-up',
  'PATCH /api/installation-operation/move-down',
];

/**
 * KNOWN EXCEPTIONS, to be fixed in the services module: multipart routes that describe their parts
 * in prose only. Declare the parts with `schema.multipartBody` (as POST /api/file/add does) and
 * remove the entry here; the test fails while a listed route already documents its body.
 */
const MULTIPART_ROUTES_WITHOUT_DOCUMENTED_BODY: string[] = [];

interface MediaType {
  schema?: object;
}
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType>; headers?: Record<string, unknown> }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

const WRITE_METHODS = new Set(['post', 'put', 'patch']);
const hasSchema = (content: Record<string, MediaType> | undefined) =>
  Object.values(content ?? {}).some((media) => media.schema !== undefined);

async function openApiDocument(): Promise<Document> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function operations(doc: Document) {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method,
      operation,
    })),
  );
}

describe('OpenAPI document (/api/docs/json)', () => {
  it('gives every route a documented success answer: a body schema, or a redirect with Location', async () => {
    const doc = await openApiDocument();
    const all = operations(doc);
    expect(all.length).toBeGreaterThan(60);
    const undocumented = all
      .filter(({ operation }) => {
        const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^[23]/.test(status));
        return !success.some(
          ([status, response]) =>
            hasSchema(response.content) || (status.startsWith('3') && response.headers?.Location),
        );
      })
      .map(({ name }) => name);
    expect(undocumented).toEqual([]);
  });

  it('gives every POST, PUT and PATCH a request body (listed exceptions aside)', async () => {
    const doc = await openApiDocument();
    const all = operations(doc);
    const writes = all.filter(({ method }) => WRITE_METHODS.has(method));
    const exceptions = new Set([...WRITES_WITHOUT_BODY, ...MULTIPART_ROUTES_WITHOUT_DOCUMENTED_BODY]);
    const withoutBody = writes
      .filter(({ name, operation }) => !exceptions.has(name) && !hasSchema(operation.requestBody?.content))
      .map(({ name }) => name);
    expect(withoutBody).toEqual([]);

    // The lists stay true: every entry exists, still has no body, and a bodyless write takes its
    // input from the path or the query.
    const byName = new Map(all.map((entry) => [entry.name, entry.operation]));
    for (const name of exceptions) {
      const operation = byName.get(name);
      expect(operation, `${name} is not in the document`).toBeDefined();
      expect(hasSchema(operation?.requestBody?.content), `${name} documents a body now`).toBe(false);
    }
    for (const name of WRITES_WITHOUT_BODY) {
      const parameters = byName.get(name)?.parameters ?? [];
      expect(
        parameters.some((p) => p.in === 'path' || p.in === 'query'),
        name,
      ).toBe(true);
    }
  });

  it('documents multipart uploads by their parts', async () => {
    const doc = await openApiDocument();
    const body = doc.paths['/api/file/add'].post.requestBody?.content?.['multipart/form-data'];
    expect(body?.schema).toMatchObject({
      type: 'object',
      properties: {
        file: { type: 'string', format: 'binary' },
        fileJson: { type: 'object', properties: { type: { enum: expect.any(Array) } } },
      },
      required: ['file', 'fileJson'],
    });
    const service = doc.paths['/api/service/add'].post.requestBody?.content?.['multipart/form-data'];
    expect(service?.schema).toMatchObject({
      type: 'object',
      properties: {
        serviceJson: {
          type: 'object',
          properties: { date: expect.any(Object), devices: expect.any(Object) },
        },
        protocolSerwisowyFile: { type: 'string', format: 'binary' },
      },
      required: ['serviceJson'],
    });
    const scan =
      doc.paths['/api/service/addFile/{serviceId}'].patch.requestBody?.content?.['multipart/form-data'];
    expect(scan?.schema).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    });
  });

  it('documents streamed answers by their content type', async () => {
    const doc = await openApiDocument();
    for (const path of ['/api/device/get-csv-by-filter', '/api/device-external/get-csv-by-filter']) {
      expect(doc.paths[path].post.responses?.['200'].content).toMatchObject({
        'text/csv': { schema: { type: 'string' } },
      });
    }
    const download = doc.paths['/api/storage/downloadFile'].get.responses ?? {};
    for (const status of ['200', '206']) {
      expect(download[status].content).toEqual({
        '*/*': { schema: expect.objectContaining({ type: 'string', format: 'binary' }) },
      });
    }
    expect(Object.keys(download)).toEqual(expect.arrayContaining(['400', '404', '416']));
    expect(doc.paths['/logout'].get.responses?.['302']).toMatchObject({
      headers: { Location: { schema: { type: 'string' } } },
    });
    expect(doc.paths['/api/reference-data'].get.responses?.['200'].content).toMatchObject({
      'application/json': { schema: { type: 'object', required: expect.arrayContaining(['statuses']) } },
    });
  });
});
