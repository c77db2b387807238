import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serviceTypeLabel } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { insertDevice } from '../../../test/service-fixtures.js';
import { devices } from '../devices/devices.table.js';
import { logs } from '../logs/logs.table.js';
import {
  customerWithMachines,
  deleteService,
  postService,
  serviceAction,
  serviceJson,
  updateService,
} from './services.fixtures.js';

const ctx = useTestApp();

/** A customer with two machines, the first with a serial number, the second without. */
async function setup() {
  const user = await createUserAndLogin(ctx);
  const admin = await createUserAndLogin(ctx, { admin: true });
  const { customer, category, devices: machines } = await customerWithMachines(ctx);
  await ctx.database.db
    .update(devices)
    .set({ serialNumber: 'TO-2023-7' })
    .where(eq(devices.id, machines[0].id));
  const [first, second] = machines;
  const json = (overrides = {}) => serviceJson(customer.id, [first.id], overrides);
  return {
    user,
    admin,
    customer,
    category,
    first,
    second,
    json,
    /** The first machine as the entries name it. */
    firstText: `${first.name} S/N TO-2023-7 (id ${first.id})`,
    secondText: `${second.name} (id ${second.id})`,
  };
}

/** The event's entries without the actor ("Jan Kowalski (jan@…): "), oldest first. */
const messagesOf = async (id: number) =>
  (
    await ctx.database.db
      .select()
      .from(logs)
      .where(eq(logs.arg1, `service:${id}`))
      .orderBy(logs.eventId)
  ).map((e) => e.formattedMessage.slice(e.formattedMessage.indexOf(': ') + 2));

describe('audit entries of service events', () => {
  it('name the types, machines (name and serial number) and customer of an added, signed and deleted event', async () => {
    const { user, admin, customer, first, second, json, firstText, secondText } = await setup();
    const created = (
      await postService(
        ctx,
        user,
        json({ type: ['PRZEGLAD_OKRESOWY', 'NAPRAWA'], devices: [{ id: second.id }, { id: first.id }] }),
      )
    ).json();
    const subject = `[Przegląd okresowy, Naprawa] maszyn ${firstText}, ${secondText}, kontrahent ${customer.shortName}`;
    expect((await serviceAction(ctx, user, 'sign', created.id)).statusCode).toBe(200);
    expect((await deleteService(ctx, admin, created.id)).statusCode).toBe(200);
    expect(await messagesOf(created.id)).toEqual([
      `dodanie zdarzenia serwisowego (auto) (id ${created.id}) ${subject}`,
      `podpisanie zdarzenia serwisowego 1/03/2026 (id ${created.id}) ${subject}`,
      `usunięcie zdarzenia serwisowego 1/03/2026 (id ${created.id}) ${subject}`,
    ]);
  });

  it('say in an edit what changed, with the old and new values, and log no edit that changed nothing', async () => {
    const { user, customer, second, json, firstText, secondText } = await setup();
    const created = (await postService(ctx, user, json())).json();
    // Saved as it is (twice): no entry.
    expect((await updateService(ctx, user, { ...json(), id: created.id })).statusCode).toBe(200);
    expect((await updateService(ctx, user, { ...json(), id: created.id })).statusCode).toBe(200);
    const edited = await updateService(ctx, user, {
      ...json({
        date: '2026-03-20',
        type: ['PRZEGLAD_OKRESOWY'],
        paymentType: 'GWARANCYJNA',
        period: 12,
        faultDescription: 'Nie grzeje, wymieniona grzałka',
        devices: [{ id: second.id }],
      }),
      id: created.id,
    });
    expect(edited.statusCode).toBe(200);
    expect(await messagesOf(created.id)).toEqual([
      `dodanie zdarzenia serwisowego (auto) (id ${created.id}) [Naprawa] maszyny ${firstText}, kontrahent ${customer.shortName}`,
      `edycja zdarzenia serwisowego (auto) (id ${created.id}) [Przegląd okresowy] maszyny ${secondText}, ` +
        `kontrahent ${customer.shortName}: data: 2026-03-15 → 2026-03-20, typ: „Naprawa” → „Przegląd okresowy”, ` +
        `płatność: Płatna → Gwarancyjna, okres (miesiące): — → 12, maszyny: „${firstText}” → „${secondText}”, ` +
        'opis usterki zmieniony',
    ]);
  });

  it('name a new customer by its name, the signing and the to-do written with the form', async () => {
    const { admin, customer, category, json, firstText } = await setup();
    const created = (await postService(ctx, admin, json())).json();
    const other = await customerWithMachines(ctx, 0);
    const theirs = await insertDevice(ctx.database.db, {
      customerId: other.customer.id,
      categoryId: category.id,
    });
    const moved = await updateService(ctx, admin, {
      ...serviceJson(other.customer.id, [theirs.id], { isToSign: true }),
      todo: 'Zamówić filtr',
      id: created.id,
    });
    expect(moved.statusCode).toBe(200);
    const done = await updateService(ctx, admin, {
      ...serviceJson(other.customer.id, [theirs.id], { isToSign: true, number: '1' }),
      toDoStatus: 'DONE',
      id: created.id,
    });
    expect(done.statusCode).toBe(200);
    const theirsText = `${theirs.name} (id ${theirs.id})`;
    expect((await messagesOf(created.id)).slice(1)).toEqual([
      `edycja zdarzenia serwisowego 1/03/2026 (id ${created.id}) [Naprawa] maszyny ${theirsText}, ` +
        `kontrahent ${other.customer.shortName}: kontrahent: „${customer.shortName}” → „${other.customer.shortName}”, ` +
        `maszyny: „${firstText}” → „${theirsText}”, podpisanie, dodanie zadania`,
      `edycja zdarzenia serwisowego 1/03/2026 (id ${created.id}) [Naprawa] maszyny ${theirsText}, ` +
        `kontrahent ${other.customer.shortName}: zadanie: Do wykonania → Zakończone`,
    ]);
  });

  it('write no entry when the to-do is set to the status it has, and still answer 200', async () => {
    const { user, admin, json, customer, firstText } = await setup();
    const created = (await postService(ctx, user, json())).json();
    const change = (payload: object) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/service/changeTodoStatus',
        headers: as(admin),
        payload: { id: created.id, ...payload },
      });
    expect((await change({ toDoStatus: 'TODO', todo: 'Wymienić filtr' })).statusCode).toBe(200);
    const same = await change({ toDoStatus: 'TODO' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ todo: 'Wymienić filtr', toDoStatus: 'TODO' });
    expect((await change({ toDoStatus: 'TODO', todo: 'Wymienić filtr' })).statusCode).toBe(200);
    expect((await change({ toDoStatus: 'TODO', todo: 'Wymienić dwa filtry' })).statusCode).toBe(200);
    expect((await change({ toDoStatus: 'DONE' })).statusCode).toBe(200);
    // The event named as its other entries name it: a search of the log by its machine finds these.
    const event = `(auto) (id ${created.id}) [${serviceTypeLabel(json().type[0])}] maszyny ${firstText}, kontrahent ${customer.shortName}`;
    expect((await messagesOf(created.id)).slice(1)).toEqual([
      `zadanie zdarzenia serwisowego ${event}: do wykonania`,
      `zadanie zdarzenia serwisowego ${event}: treść zadania zmieniona`,
      `zadanie zdarzenia serwisowego ${event}: zakończone`,
    ]);
  });
});
