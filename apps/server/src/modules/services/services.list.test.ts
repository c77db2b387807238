import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devices } from '../devices/devices.table.js';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { insertDevice } from '../../../test/service-fixtures.js';
import { customerWithMachines, postService, serviceJson } from './services.fixtures.js';

const ctx = useTestApp();

const get = async (user: Parameters<typeof as>[0], url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: as(user) });
  expect(response.statusCode).toBe(200);
  return response;
};
const numbers = (body: { fullNumber: string }[]) => body.map((s) => s.fullNumber);

async function seed() {
  const admin = await createUserAndLogin(ctx, { admin: true, firstName: 'Ewa', lastName: 'Serwisowa' });
  const own = await customerWithMachines(ctx, 2, 'INTERNAL');
  const external = await customerWithMachines(ctx, 1, 'EXTERNAL');
  const add = async (
    date: string,
    number: string,
    overrides = {},
    devices = [own.devices[0].id],
    customerId = own.customer.id,
  ) =>
    (
      await postService(
        ctx,
        admin,
        serviceJson(customerId, devices, { date, number, isToSign: number !== '', ...overrides }),
      )
    ).json();
  await add('2026-03-01', '2');
  await add('2026-03-20', '10');
  await add('2026-03-05', '2A');
  await add('2026-01-10', '1');
  await add('2025-12-01', '40');
  await add('2026-03-07', '', { faultDescription: 'Wyciek oleju' }); // unnumbered, March
  await add('2026-04-02', '', {}, [own.devices[1].id]);
  await add(
    '2026-02-01',
    '3',
    { faultDescription: 'Obca maszyna' },
    [external.devices[0].id],
    external.customer.id,
  );
  return { admin, own, external };
}

describe('service lists', () => {
  it('orders internal events by full number descending, unnumbered last within their month', async () => {
    const { admin } = await seed();
    const response = await get(admin, '/api/service/findAllOrderInternal');
    expect(numbers(response.json())).toEqual([
      '(auto)', // April
      '10/03/2026',
      '2A/03/2026',
      '2/03/2026',
      '(auto)', // March
      '1/01/2026',
      '40/12/2025',
    ]);
    expect(response.headers['x-total-count']).toBeUndefined();
    const external = await get(admin, '/api/service/findAllOrderExternal');
    expect(numbers(external.json())).toEqual(['3/02/2026']);
    expect(external.json()[0].devices[0]).toMatchObject({ type: 'EXTERNAL' });
  });

  it('pages on the server with X-Total-Count and sorts on request', async () => {
    const { admin } = await seed();
    const page = await get(admin, '/api/service/findAllOrderInternal?page=2&size=3');
    expect(page.headers['x-total-count']).toBe('7');
    expect(numbers(page.json())).toEqual(['2/03/2026', '(auto)', '1/01/2026']);
    const ascending = await get(admin, '/api/service/findAllOrderInternal?size=2&sort=fullNumber,asc');
    expect(numbers(ascending.json())).toEqual(['40/12/2025', '1/01/2026']);
    const byDate = await get(admin, '/api/service/findAllOrderInternal?sort=date,desc&page=1&size=2');
    expect(byDate.json().map((s: { date: string }) => s.date)).toEqual(['2026-04-02', '2026-03-20']);
    const unknownSort = await ctx.app.inject({
      method: 'GET',
      url: '/api/service/findAllOrderInternal?sort=nonsense,desc&size=1',
      headers: as(admin),
    });
    expect(unknownSort.statusCode).toBe(400);
    expect(unknownSort.json().message).toMatch(/sortowa/i);
  });

  it('searches by number, fault description, customer, machine and author', async () => {
    const { admin, own, external } = await seed();
    const search = async (q: string, path = 'findAllOrderInternal') =>
      numbers((await get(admin, `/api/service/${path}?q=${encodeURIComponent(q)}&page=1&size=15`)).json());
    expect(await search('2A')).toEqual(['2A/03/2026']);
    expect(await search('40/12/2025')).toEqual(['40/12/2025']);
    // The end of a full number: the month and year, or the year alone.
    expect(await search('12/2025')).toEqual(['40/12/2025']);
    expect(await search('03/2026')).toEqual(['10/03/2026', '2A/03/2026', '2/03/2026']);
    expect(await search('/2025')).toEqual(['40/12/2025']);
    expect(await search('/2027')).toEqual([]);
    expect(await search('wyciek')).toEqual(['(auto)']);
    expect(await search(own.devices[1].name)).toEqual(['(auto)']);
    // The machine's serial number from its nameplate, as registered or with other separators.
    await ctx.database.db
      .update(devices)
      .set({ serialNumber: 'TK500-2025-017' })
      .where(eq(devices.id, own.devices[1].id));
    expect(await search('TK500-2025-017')).toEqual(['(auto)']);
    expect(await search('tk500 2025 017')).toEqual(['(auto)']);
    expect(await search(external.customer.shortName, 'findAllOrderExternal')).toEqual(['3/02/2026']);
    expect(await search('serwisowa')).toHaveLength(7);
    expect(await search('100%_')).toEqual([]);
  });

  it('matches a term without three letters or digits in a row by the description’s start', async () => {
    const { admin, own } = await seed();
    const device = [own.devices[0].id];
    for (const [date, faultDescription] of [
      ['2026-05-04', '1.5 bar za mało na wyjściu'],
      ['2026-05-05', 'Ciśnienie 1.5 bar za mało'],
    ]) {
      await postService(
        ctx,
        admin,
        serviceJson(own.customer.id, device, { date, number: '', faultDescription }),
      );
    }
    const search = async (q: string) =>
      (
        (
          await get(admin, `/api/service/findAllOrderInternal?q=${encodeURIComponent(q)}&page=1&size=15`)
        ).json() as {
          faultDescription: string;
        }[]
      ).map((s) => s.faultDescription);
    expect(await search('1.5')).toEqual(['1.5 bar za mało na wyjściu']);
    // Three digits or letters in a row: inside the description.
    expect(await search('1.5 bar')).toEqual(['Ciśnienie 1.5 bar za mało', '1.5 bar za mało na wyjściu']);
  });

  it("lists one machine's events with their files", async () => {
    const { admin, own } = await seed();
    const event = (
      await postService(
        ctx,
        admin,
        serviceJson(
          own.customer.id,
          own.devices.map((d) => d.id),
          { date: '2026-05-05', isToSign: true },
        ),
        {
          filename: 'protokół.pdf',
          content: '%PDF-1.4',
        },
      )
    ).json();
    const first = await get(admin, `/api/service/findByDeviceWithFilesEnitiy/${own.devices[1].id}`);
    expect(numbers(first.json())).toEqual(['11/05/2026', '(auto)']);
    expect(first.json()[0].id).toBe(event.id);
    expect(first.json()[0].files).toMatchObject([{ filename: 'protokół.pdf', type: 'SERVICE_FILE' }]);
    // Spec §3: the customer carries its machines of the event, as `devices` does.
    expect(first.json()[0].customer).toMatchObject({
      id: own.customer.id,
      shortName: own.customer.shortName,
      devices: own.devices.map((d) => ({ id: d.id, name: d.name, customer: { id: own.customer.id } })),
    });
    const paged = await get(
      admin,
      `/api/service/findByDeviceWithFilesEnitiy/${own.devices[0].id}?page=1&size=2`,
    );
    expect(paged.headers['x-total-count']).toBe('7');
    expect(numbers(paged.json())).toEqual(['11/05/2026', '10/03/2026']);
    const none = await get(admin, '/api/service/findByDeviceWithFilesEnitiy/99999');
    expect(none.json()).toEqual([]);
  });

  it('shows an event in each list whose family it covers, following machine changes', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const db = ctx.database.db;
    const { customer, category, devices } = await customerWithMachines(ctx, 1, 'INTERNAL');
    const external = await insertDevice(db, {
      customerId: customer.id,
      categoryId: category.id,
      type: 'EXTERNAL',
    });
    const json = (ids: number[]) => serviceJson(customer.id, ids, { isToSign: true, number: '1' });
    const created = (await postService(ctx, admin, json([devices[0].id, external.id]))).json();
    const lists = async () => [
      numbers((await get(admin, '/api/service/findAllOrderInternal')).json()),
      numbers((await get(admin, '/api/service/findAllOrderExternal')).json()),
    ];
    expect(await lists()).toEqual([['1/03/2026'], ['1/03/2026']]);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/service/update',
      headers: as(admin),
      payload: { ...json([external.id]), id: created.id },
    });
    expect(await lists()).toEqual([[], ['1/03/2026']]);
  });

  it('documents the service and incident calls in the OpenAPI document', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/service/findByDeviceWithFilesEnitiy/{deviceId}',
      '/api/service/add',
      '/api/service/sign/{id}',
      '/api/service/delete/{id}',
      '/api/incident/findByParameters',
      '/api/incident/insert',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('rejects bad paging values with 400', async () => {
    const user = await createUserAndLogin(ctx);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/service/findAllOrderInternal?page=0&size=abc',
      headers: as(user),
    });
    expect(response.statusCode).toBe(400);
  });
});
