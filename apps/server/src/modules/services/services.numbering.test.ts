import { describe, expect, it } from 'vitest';
import { MSG, PROTOCOL_NUMBER_ERROR, serviceDateLastYear } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { auditEntriesFor } from '../../../test/service-fixtures.js';
import { eq } from 'drizzle-orm';
import { devices as devicesTable } from '../devices/devices.table.js';
import { services } from './services.table.js';
import {
  customerWithMachines,
  postService,
  serviceAction,
  serviceJson,
  updateService,
} from './services.fixtures.js';

const ctx = useTestApp();

async function setup() {
  const user = await createUserAndLogin(ctx);
  const { customer, devices } = await customerWithMachines(ctx);
  const json = (overrides = {}) => serviceJson(customer.id, [devices[0].id], overrides);
  return { user, customer, devices, json };
}

describe('service numbering', () => {
  it('numbers a signed event 1 in a new year and max + 1 after that, per year', async () => {
    const { user, json } = await setup();
    const first = await postService(ctx, user, json({ isToSign: true, date: '2026-03-15' }));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      number: 1,
      numberExtension: '',
      month: 3,
      year: 2026,
      fullNumber: '1/03/2026',
      state: 'PODPISANY',
      isToSign: true,
    });
    const second = await postService(ctx, user, json({ isToSign: true, date: '2026-01-02' }));
    expect(second.json()).toMatchObject({ number: 2, fullNumber: '2/01/2026' });
    const otherYear = await postService(ctx, user, json({ isToSign: true, date: '2025-12-31' }));
    expect(otherYear.json()).toMatchObject({ number: 1, fullNumber: '1/12/2025' });
    // A typed number far ahead moves the sequence on.
    await postService(ctx, user, json({ isToSign: true, number: '40' }));
    const after = await postService(ctx, user, json({ isToSign: true }));
    expect(after.json().number).toBe(41);
  });

  it('keeps a typed number with its letter, uppercased', async () => {
    const { user, json } = await setup();
    const typed = await postService(ctx, user, json({ isToSign: true, number: '25a' }));
    expect(typed.statusCode).toBe(201);
    expect(typed.json()).toMatchObject({ number: 25, numberExtension: 'A', fullNumber: '25A/03/2026' });
    const separate = await postService(ctx, user, json({ isToSign: true, number: 25, numberExtension: 'b' }));
    expect(separate.json()).toMatchObject({ number: 25, numberExtension: 'B', fullNumber: '25B/03/2026' });
    const plain = await postService(ctx, user, json({ isToSign: true, number: '25' }));
    expect(plain.json().fullNumber).toBe('25/03/2026');
  });

  it('refuses a number already used in the year with 409 and the spec message', async () => {
    const { user, json } = await setup();
    await postService(ctx, user, json({ isToSign: true, number: '7A' }));
    const duplicate = await postService(
      ctx,
      user,
      json({ isToSign: true, number: '7a', date: '2026-11-01' }),
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Dokument z podanym numerem już istnieje!');
    // The same number in another year, or with another letter, is free.
    expect(
      (await postService(ctx, user, json({ isToSign: true, number: '7A', date: '2027-01-05' }))).statusCode,
    ).toBe(201);
    expect((await postService(ctx, user, json({ isToSign: true, number: '7' }))).statusCode).toBe(201);
  });

  it('gives a signed event with a typed number its own id, whatever id the form sends', async () => {
    // The form sends id 0 for a new event; it must not reach the row with the typed number.
    const { user, json } = await setup();
    const existing = (await postService(ctx, user, json())).json();
    const typed = await postService(ctx, user, json({ isToSign: true, number: '7', id: 0 }));
    expect(typed.statusCode).toBe(201);
    const next = await postService(ctx, user, json({ isToSign: true, number: '8', id: existing.id }));
    expect(next.statusCode).toBe(201);
    const rows = await ctx.database.db.select({ id: services.id, number: services.number }).from(services);
    expect(rows.map((r) => r.number).sort()).toEqual([0, 7, 8]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(3);
    expect(rows.every((r) => r.id > 0)).toBe(true);
    expect([typed.json().id, next.json().id]).toEqual(
      rows
        .filter((r) => r.number > 0)
        .sort((a, b) => a.number - b.number)
        .map((r) => r.id),
    );
  });

  it('saves an unsigned event as UTWORZONY with number 0 shown as (auto), ignoring a typed number', async () => {
    const { user, json } = await setup();
    const response = await postService(ctx, user, json({ isToSign: false, number: '12' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      number: 0,
      numberExtension: '',
      fullNumber: '(auto)',
      state: 'UTWORZONY',
    });
  });

  it('numbers an event when it is signed later (sign action and sign on update)', async () => {
    const { user, json } = await setup();
    await postService(ctx, user, json({ isToSign: true })); // 1
    const draft = (await postService(ctx, user, json())).json();
    const other = (await postService(ctx, user, json())).json();
    const signed = await serviceAction(ctx, user, 'sign', draft.id);
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ state: 'PODPISANY', number: 2, fullNumber: '2/03/2026' });

    const viaUpdate = await updateService(ctx, user, {
      ...json({ isToSign: true, number: '9c' }),
      id: other.id,
    });
    expect(viaUpdate.statusCode).toBe(200);
    expect(viaUpdate.json()).toMatchObject({ state: 'PODPISANY', number: 9, numberExtension: 'C' });
  });

  it('keeps the number with its year: month may change, year may not', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { json } = await setup();
    const created = (await postService(ctx, admin, json({ isToSign: true, number: '5' }))).json();
    const moved = await updateService(ctx, admin, {
      ...json({ date: '2026-08-01', number: '5' }),
      id: created.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().fullNumber).toBe('5/08/2026');
    // The log names the former number and date: a search for "5/03/2026" finds the move.
    const edit = (await auditEntriesFor(ctx.database.db, `service:${created.id}`)).at(-1)!;
    expect(edit.formattedMessage).toMatch(
      /edycja zdarzenia serwisowego 5\/08\/2026 \(id \d+\) \[Naprawa\] .*: numer: 5\/03\/2026 → 5\/08\/2026, data: 2026-03-\d\d → 2026-08-01$/,
    );
    const otherYear = await updateService(ctx, admin, {
      ...json({ date: '2027-01-01', number: '5' }),
      id: created.id,
    });
    expect(otherYear.statusCode).toBe(409);
    expect(otherYear.json().message).toBe(MSG.serviceYearLocked);
    // Retyping onto a taken number is refused too.
    await postService(ctx, admin, json({ isToSign: true, number: '6' }));
    const taken = await updateService(ctx, admin, { ...json({ number: '6' }), id: created.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Dokument z podanym numerem już istnieje!');
  });

  it("keeps an event's own number above the typed limit editable, and refuses such a number typed anew", async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { json } = await setup();
    await postService(ctx, admin, json({ isToSign: true, number: '999999' }));
    // The next automatic number is the year's highest + 1, above what may be typed.
    const next = (await postService(ctx, admin, json({ isToSign: true }))).json();
    expect(next.fullNumber).toBe('1000000/03/2026');
    const saved = await updateService(ctx, admin, {
      ...json({ number: '1000000', faultDescription: 'Poprawiony opis' }),
      id: next.id,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      fullNumber: '1000000/03/2026',
      faultDescription: 'Poprawiony opis',
    });
    const typedAnew = await postService(ctx, admin, json({ isToSign: true, number: '1000001' }));
    expect(typedAnew.statusCode).toBe(400);
    expect(typedAnew.json()).toMatchObject({ message: MSG.protocolNumberInvalid, field: 'number' });
  });

  it('writes an audit entry for the new event in its transaction', async () => {
    const { user, json } = await setup();
    const created = (await postService(ctx, user, json({ isToSign: true }))).json();
    const entries = await auditEntriesFor(ctx.database.db, `service:${created.id}`);
    expect(entries).toHaveLength(1);
    expect(entries[0].formattedMessage).toContain('dodanie i podpisanie zdarzenia serwisowego 1/03/2026');
    expect(entries[0].arg0).toBe(user.email);
  });
});

describe('serviceJson validation', () => {
  it('answers 400 with a Polish message for broken or missing JSON', async () => {
    const { user } = await setup();
    const broken = await postService(ctx, user, '{"date": "2026-03-01",');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(MSG.serviceJsonInvalid);
    const notObject = await postService(ctx, user, '42');
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().message).toBe(MSG.serviceJsonInvalid);
  });

  it.each([
    ['no date', { date: '' }, 'Uzupełnij datę!'],
    // Generic messages name their field (issue 7).
    ['an impossible date', { date: '2026-02-30' }, `Pole „Data”: ${MSG.invalidDate}`],
    // A year typed wrong would become the machine's last inspection and open a number sequence.
    [
      'a date a century ahead',
      { date: '2126-01-01' },
      MSG.serviceDateOutOfRange(1970, serviceDateLastYear()),
    ],
    ['a date before 1970', { date: '1890-01-01' }, MSG.serviceDateOutOfRange(1970, serviceDateLastYear())],
    ['no service type', { type: [] }, 'Wybierz typ serwisu!'],
    ['an unknown service type', { type: ['NIEZNANY'] }, 'Wybierz typ serwisu!'],
    ['a bad protocol number', { number: '25AB', isToSign: true }, PROTOCOL_NUMBER_ERROR],
    ['no machines', { devices: [] }, MSG.serviceDevicesRequired],
    [
      'more machines than an event may cover',
      { devices: Array.from({ length: 101 }, (_, i) => ({ id: i + 1 })) },
      'Zdarzenie serwisowe może obejmować najwyżej 100 maszyn.',
    ],
    ['no customer', { customer: null }, MSG.serviceCustomerRequired],
    [
      'a too long fault description',
      { faultDescription: 'x'.repeat(5001) },
      'Pole „Opis usterki”: Tekst może mieć najwyżej 5000 znaków.',
    ],
  ])('refuses %s with its message', async (_label, overrides, message) => {
    const { user, json } = await setup();
    const response = await postService(ctx, user, json(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses machines of another customer or unknown machines with 400', async () => {
    const { user, customer, devices } = await setup();
    const stranger = await customerWithMachines(ctx, 1);
    const mixed = await postService(
      ctx,
      user,
      serviceJson(customer.id, [devices[0].id, stranger.devices[0].id]),
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(MSG.serviceDevicesOtherCustomer);
    const unknown = await postService(ctx, user, serviceJson(customer.id, [999_999]));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(MSG.serviceDeviceMissing);
  });

  it('keeps an event editable under its customer after one of its machines moved to another customer', async () => {
    const { user, customer, devices } = await setup();
    const created = (
      await postService(ctx, user, serviceJson(customer.id, [devices[0].id, devices[1].id]))
    ).json();
    const stranger = await customerWithMachines(ctx, 1);
    // The machine is sold on: it now belongs to the other customer, the old repair stays with the first.
    await ctx.database.db
      .update(devicesTable)
      .set({ customerId: stranger.customer.id })
      .where(eq(devicesTable.id, devices[1].id));
    const edited = await updateService(ctx, user, {
      ...serviceJson(customer.id, [devices[0].id, devices[1].id], {
        faultDescription: 'Nie grzeje, uzupełniono',
      }),
      id: created.id,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      faultDescription: 'Nie grzeje, uzupełniono',
      customer: { id: customer.id },
    });
    // Adding another customer's machine is still refused, and so is moving the event to a customer
    // whose machines are not all of it.
    const added = await updateService(ctx, user, {
      ...serviceJson(customer.id, [devices[0].id, devices[1].id, stranger.devices[0].id]),
      id: created.id,
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().message).toBe(MSG.serviceDevicesOtherCustomer);
    const recast = await updateService(ctx, user, {
      ...serviceJson(stranger.customer.id, [devices[0].id, devices[1].id]),
      id: created.id,
    });
    expect(recast.statusCode).toBe(400);
    expect(recast.json().message).toBe(MSG.serviceDevicesOtherCustomer);
  });

  it('keeps the period only for periodic inspections and defaults the payment type', async () => {
    const { user, json } = await setup();
    const inspection = await postService(
      ctx,
      user,
      json({ type: ['PRZEGLAD_OKRESOWY'], period: 12, paymentType: null }),
    );
    expect(inspection.json()).toMatchObject({
      period: 12,
      paymentType: 'PLATNA',
      type: ['PRZEGLAD_OKRESOWY'],
    });
    const repair = await postService(ctx, user, json({ type: ['NAPRAWA'], period: 12 }));
    expect(repair.json().period).toBe(-1);
    // Off the six-month cycle: refused, and nothing saved.
    const saved = () => ctx.database.db.select({ id: services.id }).from(services);
    const before = await saved();
    const odd = await postService(ctx, user, json({ type: ['PRZEGLAD_OKRESOWY'], period: 7 }));
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toBe(MSG.inspectionPeriodStep);
    expect(await saved()).toHaveLength(before.length);
  });

  it('accepts customerId instead of customer {id} and answers the full event', async () => {
    const { user, customer, devices } = await setup();
    const payload = {
      ...serviceJson(customer.id, [devices[0].id, devices[1].id]),
      customer: undefined,
      customerId: customer.id,
    };
    const response = await postService(ctx, user, payload);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.customer).toMatchObject({ id: customer.id, shortName: customer.shortName });
    expect(body.devices.map((d: { id: number }) => d.id)).toEqual([devices[0].id, devices[1].id]);
    expect(body.devices[0]).toMatchObject({
      name: devices[0].name,
      customer: { id: customer.id },
      type: 'INTERNAL',
    });
    expect(body.userCreated).toEqual({ id: user.id, fullName: 'Jan Kowalski' });
    expect(body.user).toBe('Jan Kowalski');
    expect(body.files).toEqual([]);
    expect(body.todo).toBeNull();
    expect(body.toDoStatus).toBeNull();
  });

  it('needs a session and the XHR header', async () => {
    const { user, json } = await setup();
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/service/findAllOrderInternal' });
    expect(anonymous.statusCode).toBe(401);
    const noHeader = await ctx.app.inject({
      method: 'PUT',
      url: '/api/service/update',
      headers: { cookie: as(user).cookie },
      payload: { ...json(), id: 1 },
    });
    expect(noHeader.statusCode).toBe(403);
  });
});
