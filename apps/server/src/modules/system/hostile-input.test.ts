import { describe, expect, it } from 'vitest';
import {
  as,
  createUserAndLogin,
  nextTransactionId,
  resetDatabase,
  useTestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { fieldAt, fieldPaths, withField } from '../../../test/api-samples.js';
import {
  documentedRoutes,
  multipartSample,
  type MultipartBody,
  routeUrl,
  sampleJsonBody,
  seedSmallRegister,
} from '../../../test/route-sweep.js';
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
    const operations = await documentedRoutes(ctx.app, as(admin));
    expect(operations.length).toBeGreaterThan(100);
    const names = operations.map(({ name }) => name);
    expect(ACCEPTED_SAMPLES.filter((name) => !names.includes(name))).toEqual([]);

    /** The same small register before each route: a customer, a category, two machines, an event, a note, a file. */
    const seed = async () => {
      await resetDatabase(ctx.database);
      admin = await createUserAndLogin(ctx, { admin: true });
      await seedSmallRegister(ctx, { admin, author: admin });
      seededAt = await nextTransactionId(ctx.database);
    };
    let seededAt = '';

    const problems: string[] = [];
    const refusedSamples: string[] = [];
    let calls = 0;
    for (const route of operations) {
      const { path, method, operation, name } = route;
      if ((await nextTransactionId(ctx.database)) !== seededAt) {
        await seed();
      }
      // The external machines' routes are the own machines' handlers and schemas for the other
      // family (one module): their fields are swept once, on the own family's route.
      const twin = path.replace('/api/device-external/', '/api/device/');
      const fieldsSwept = twin !== path && operations.some((o) => o.method === method && o.path === twin);
      const params = operation.parameters ?? [];
      const parts = multipartSample(route);
      const url = (replace?: [string, string]) => routeUrl(path, replace);
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

      const sample = sampleJsonBody(route);
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
      if (parts) {
        const { json, body } = parts;
        const sendParts = async (what: string, m: MultipartBody) => send(what, url(), m.payload, m.headers);
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
