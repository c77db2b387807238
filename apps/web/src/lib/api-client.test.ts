import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_SESSION, fakeApi } from '../../test/fake-api';
import { MSG } from '@serwis/domain';
import { ApiError, api, onSessionEnded } from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('onSessionEnded', () => {
  it('is told of every call answered 401, however it was made, and of no other refusal', async () => {
    fakeApi({
      'GET /api/machines': NO_SESSION,
      'POST /api/device/import/preview': NO_SESSION,
      'DELETE /api/machines/1': { status: 403, body: { message: 'Brak uprawnień do tej operacji.' } },
    });
    let told = 0;
    const stop = onSessionEnded(() => told++);
    await expect(api.delete('/api/machines/1')).rejects.toMatchObject({ status: 403 });
    expect(told).toBe(0);
    await expect(api.get('/api/machines')).rejects.toMatchObject({ status: 401 });
    await expect(
      api.raw('POST', '/api/device/import/preview', { body: new FormData() }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(told).toBe(2);
    stop();
    await expect(api.get('/api/machines')).rejects.toMatchObject({ status: 401 });
    expect(told).toBe(2);
  });
});

describe('a write exactly like one on its way', () => {
  it('is not sent again: both callers get the one answer, and once answered it is sent anew', async () => {
    let made = 0;
    const fake = fakeApi({
      'POST /api/customer/insert': (call) => ({
        status: 201,
        body: { id: ++made, ...(call.body as object) },
      }),
    });
    const body = { shortName: 'Metalex' };
    const [first, second] = await Promise.all([
      api.post('/api/customer/insert', body),
      api.post('/api/customer/insert', { ...body }),
    ]);
    expect(first).toEqual({ id: 1, shortName: 'Metalex' });
    expect(second).toEqual(first);
    expect(fake.callsTo('POST', '/api/customer/insert')).toHaveLength(1);
    // Answered: the same write goes again; two different ones go both.
    expect(await api.post('/api/customer/insert', body)).toEqual({ id: 2, shortName: 'Metalex' });
    await Promise.all([
      api.post('/api/customer/insert', { shortName: 'Alfa' }),
      api.post('/api/customer/insert', { shortName: 'Beta' }),
    ]);
    expect(fake.callsTo('POST', '/api/customer/insert')).toHaveLength(4);
  });

  it('tells multipart writes apart by their fields and files, and fails both callers alike', async () => {
    const fake = fakeApi({
      'POST /api/service/insert': { status: 201, body: { id: 5 } },
      'PUT /api/service/update': {
        status: 409,
        body: { message: 'Dokument z podanym numerem już istnieje!' },
      },
    });
    const scan = new File(['%PDF-1.4'], 'skan.pdf', { lastModified: 1 });
    const form = (file: File) => {
      const data = new FormData();
      data.append('serviceJson', '{"date":"2026-12-03"}');
      data.append('file', file);
      return data;
    };
    await Promise.all([
      api.post('/api/service/insert', form(scan)),
      api.post('/api/service/insert', form(scan)),
    ]);
    expect(fake.callsTo('POST', '/api/service/insert')).toHaveLength(1);
    const other = new File(['%PDF-1.4 inny'], 'skan.pdf', { lastModified: 1 });
    await Promise.all([
      api.post('/api/service/insert', form(scan)),
      api.post('/api/service/insert', form(other)),
    ]);
    expect(fake.callsTo('POST', '/api/service/insert')).toHaveLength(3);

    const refused = [api.put('/api/service/update', { id: 5 }), api.put('/api/service/update', { id: 5 })];
    for (const answer of refused) await expect(answer).rejects.toMatchObject({ status: 409 });
    expect(fake.callsTo('PUT', '/api/service/update')).toHaveLength(1);
  });
});

describe('an addition sent again after its answer was lost', () => {
  it('goes with the key it was first sent with; any other addition, or one answered, with a new key', async () => {
    let connection = false;
    const fake = fakeApi({
      'POST /api/deviceNote/insert': () =>
        connection ? { status: 201, body: { id: 1 } } : { network: true },
      'PUT /api/deviceNote/update': { body: { id: 1 } },
    });
    const keys = () =>
      fake.callsTo('POST', '/api/deviceNote/insert').map((c) => c.headers['idempotency-key']);
    const note = { device: { id: 7 }, text: 'Wymieniono filtr.' };
    await expect(api.post('/api/deviceNote/insert', note)).rejects.toMatchObject({ code: 'NETWORK' });
    connection = true;
    // The server may have saved it: the retry carries the same key, and the server answers it once.
    await api.post('/api/deviceNote/insert', { ...note });
    // Answered: the next addition, even the same text, is a new one.
    await api.post('/api/deviceNote/insert', note);
    await api.post('/api/deviceNote/insert', { ...note, text: 'Inna' });
    const [lost, retry, next, other] = keys();
    expect(lost).toMatch(/^[0-9a-f]{32}$/);
    expect(retry).toBe(lost);
    expect(next).not.toBe(lost);
    expect(other).not.toBe(next);
    // A change (PUT) is the same whenever it is sent again: no key.
    await api.put('/api/deviceNote/update', note);
    expect(fake.callsTo('PUT', '/api/deviceNote/update')[0].headers['idempotency-key']).toBeUndefined();
  });
});

describe('a multipart addition with a JSON part, as a new service event is sent', () => {
  it('goes again with its key only when its JSON is the same; another event of the same length is new', async () => {
    let connection = false;
    const fake = fakeApi({
      'POST /api/service/add': () => (connection ? { status: 201, body: { id: 9 } } : { network: true }),
    });
    const send = (json: object) => {
      const serviceJson = JSON.stringify(json);
      const form = new FormData();
      form.append('serviceJson', new Blob([serviceJson], { type: 'application/json' }));
      return api.post('/api/service/add', form, { partTexts: { serviceJson } });
    };
    const keys = () => fake.callsTo('POST', '/api/service/add').map((c) => c.headers['idempotency-key']);
    await expect(send({ description: 'Wymiana filtra' })).rejects.toMatchObject({ code: 'NETWORK' });
    // Another event, its JSON just as long: not the lost one's retry.
    await expect(send({ description: 'Wymiana paska' })).rejects.toMatchObject({ code: 'NETWORK' });
    connection = true;
    await send({ description: 'Wymiana filtra' });
    const [lost, other, retry] = keys();
    expect(other).not.toBe(lost);
    expect(retry).toBe(lost);
  });
});

describe('an answer that is not the API’s JSON', () => {
  it('fails as a call with its status and the connection message, not as a bare SyntaxError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Zaloguj się do sieci</html>', { status: 200 })),
    );
    const failure = await api.get('/api/customer/findAll').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 200, message: MSG.connectionError, code: 'NOT_JSON' });
  });
});

describe('api.getBlob', () => {
  it('answers the body as sent, asked like every other call, and fails like every other call', async () => {
    const fake = fakeApi({
      'GET /api/device/with-gps-location-data': { body: '[{"id":1,"name":"Łódź"}]' },
      'GET /api/refused': NO_SESSION,
      'GET /api/broken': { status: 500, body: { message: 'Wystąpił błąd serwera.', code: 'INTERNAL' } },
      'GET /api/away': { network: true },
    });
    const body = await api.getBlob('/api/device/with-gps-location-data');
    expect(Object.prototype.toString.call(body)).toBe('[object Blob]');
    expect(await body.text()).toBe('[{"id":1,"name":"Łódź"}]');
    expect(fake.callsTo('GET', '/api/device/with-gps-location-data')[0].headers).toMatchObject({
      'x-requested-with': 'XMLHttpRequest',
    });
    expect(fake.fetch.mock.calls[0][1]).toMatchObject({ credentials: 'include' });

    let told = 0;
    const stop = onSessionEnded(() => told++);
    await expect(api.getBlob('/api/refused')).rejects.toMatchObject({ status: 401 });
    expect(told).toBe(1);
    stop();
    const failure = await api.getBlob('/api/broken').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 500, message: 'Wystąpił błąd serwera.', code: 'INTERNAL' });
    await expect(api.getBlob('/api/away')).rejects.toMatchObject({
      status: 0,
      message: MSG.connectionError,
    });
  });
});
