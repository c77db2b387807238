import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, SERVICE_MACHINES_TEXT } from '@serwis/domain';
import { fakeApi, jsonPartOf, type FakeCall } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { sampleDevice, sampleService } from '../../../../test/samples';
import { ServiceFormModal } from './service-form-modal';

afterEach(() => vi.unstubAllGlobals());

const customers = [
  { id: 11, shortName: 'ACME', fullName: 'ACME Sp. z o.o.' },
  { id: 12, shortName: 'Beta', fullName: 'Beta SA' },
];

const machine = (id: number, name: string, serialNumber: string, customerId: number, city = 'Łódź') =>
  sampleDevice({
    id,
    name,
    serialNumber,
    city,
    customer: { ...sampleDevice().customer!, id: customerId },
  });

const FLEET = {
  11: [
    machine(7, 'Laser', 'L-1', 11),
    machine(8, 'Prasa', 'P-8', 11),
    machine(9, 'Prasa', 'P-9', 11, 'Gdańsk'),
  ],
  12: [machine(20, 'Giętarka', 'G-20', 12)],
} as Record<string, ReturnType<typeof machine>[]>;

/** The customer's machines as the server pages them: `q` matched in the name, S/N or city. */
function findByCustomer(call: FakeCall) {
  const customerId = call.path.split('/').pop()!;
  const q = call.query.get('q')?.toLowerCase() ?? '';
  const found = (FLEET[customerId] ?? []).filter((m) =>
    [m.name, m.serialNumber, m.city].some((v) => v?.toLowerCase().includes(q)),
  );
  return { body: found, headers: { 'X-Total-Count': String(found.length) } };
}

function routes(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/customer/findAll': { body: customers },
    'GET /api/device/findByCustomer/11': findByCustomer,
    'GET /api/device/findByCustomer/12': findByCustomer,
    ...extra,
  });
}

const LASER = { id: 7, name: 'Laser', serialNumber: 'L-1', customerId: 11 };

/** The machine card's new event of the Laser (ACME's), on the fake server. */
function openNew(extra: Parameters<typeof fakeApi>[0] = {}) {
  const api = routes(extra);
  const onClose = vi.fn();
  renderScreen(
    <ServiceFormModal
      target="new"
      devices={[LASER]}
      defaultCustomerId={11}
      readOnly={false}
      isAdmin
      onClose={onClose}
    />,
    { url: '/m' },
  );
  return { api, onClose };
}
const machinesField = () => screen.getByRole('combobox', { name: /^Maszyny/ });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
const pills = () =>
  [
    ...(machinesField().closest('.mantine-MultiSelect-root')?.querySelectorAll('.mantine-Pill-label') ?? []),
  ].map((pill) => pill.textContent);

/** An event of ACME's Laser (7) and Prasa (8) opened for editing by an administrator. */
function openEdit(state: 'UTWORZONY' | 'PODPISANY') {
  const api = routes({ 'PUT /api/service/update': { body: sampleService() } });
  const service = sampleService({
    state,
    customer: { ...sampleService().customer, id: 11 },
    devices: [
      { id: 7, name: 'Laser', type: 'INTERNAL', customer: { id: 11 } },
      { id: 8, name: 'Prasa', type: 'EXTERNAL', customer: { id: 11 } },
    ],
  });
  renderScreen(
    <ServiceFormModal target={service} devices={[LASER]} readOnly={false} isAdmin onClose={() => {}} />,
    { url: '/m' },
  );
  return api;
}

/** Presses a chosen machine's ×. */
async function takeOff(label: string) {
  const pill = screen.getByText(label).closest('.mantine-Pill-root') as HTMLElement;
  await userEvent.click(within(pill).getByRole('button', { hidden: true }));
}

async function pick(option: string) {
  await userEvent.click(machinesField());
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe("ServiceForm: the event's machines", () => {
  it("starts a new event with the card's machine and adds another of the customer's", async () => {
    const { api, onClose } = openNew({ 'POST /api/service/add': { status: 201, body: sampleService() } });
    expect(pills()).toEqual(['(7) Laser, S/N L-1']);
    await pick('(9) Prasa, S/N P-9');
    expect(pills()).toEqual(['(7) Laser, S/N L-1', '(9) Prasa, S/N P-9']);
    // One page of the customer's machines, by name: the server is asked, not a list in the browser.
    const [asked] = api.callsTo('GET', '/api/device/findByCustomer/11');
    expect(Object.fromEntries(asked.query)).toEqual({ page: '1', size: '50', sort: 'name,asc' });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Naprawa' }));
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [sent] = api.callsTo('POST', '/api/service/add');
    expect(await jsonPartOf(sent.body, 'serviceJson')).toMatchObject({
      customer: { id: 11 },
      devices: [{ id: 7 }, { id: 9 }],
    });
  });

  it('finds a machine by what the server matched, also in a field its label does not show', async () => {
    const { api } = openNew();
    await userEvent.type(machinesField(), 'gdańsk');
    await waitFor(() =>
      expect(
        api.callsTo('GET', '/api/device/findByCustomer/11').some((c) => c.query.get('q') === 'gdańsk'),
      ).toBe(true),
    );
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['(9) Prasa, S/N P-9']),
    );
  });

  it('takes with Enter only a machine found for what is typed now, the first when none is highlighted', async () => {
    openNew();
    await userEvent.type(machinesField(), 'gdańsk{Enter}');
    // Typed faster than the server answered: the former list's first machine is not taken.
    expect(pills()).toEqual(['(7) Laser, S/N L-1']);
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByRole('option', { name: '(9) Prasa, S/N P-9' });
    await userEvent.keyboard('{Enter}');
    expect(pills()).toEqual(['(7) Laser, S/N L-1', '(9) Prasa, S/N P-9']);
  });

  it("keeps only the new customer's machines when the customer changes, and asks for one", async () => {
    const { api } = openNew({ 'POST /api/service/add': { status: 201, body: sampleService() } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Naprawa' }));
    await userEvent.click(screen.getByRole('combobox', { name: /^Kontrahent/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Beta (Beta SA)' }));
    expect(pills()).toEqual([]);
    expect(machinesField()).toHaveAccessibleDescription(SERVICE_MACHINES_TEXT.setAside('ACME'));
    await save();
    expect(await screen.findByText(MSG.serviceDevicesRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/service/add')).toHaveLength(0);

    await pick('(20) Giętarka, S/N G-20');
    expect(screen.queryByText(MSG.serviceDevicesRequired)).toBeNull();
    await save();
    await waitFor(() => expect(api.callsTo('POST', '/api/service/add')).toHaveLength(1));
    expect(await jsonPartOf(api.callsTo('POST', '/api/service/add')[0].body, 'serviceJson')).toMatchObject({
      customer: { id: 12 },
      devices: [{ id: 20 }],
    });
  });

  it('brings the machines back when the former customer is chosen again', async () => {
    openNew();
    const customer = screen.getByRole('combobox', { name: /^Kontrahent/ });
    await userEvent.click(customer);
    await userEvent.click(await screen.findByRole('option', { name: 'Beta (Beta SA)' }));
    await pick('(20) Giętarka, S/N G-20');
    await userEvent.click(customer);
    await userEvent.click(await screen.findByRole('option', { name: 'ACME (ACME Sp. z o.o.)' }));
    expect(pills()).toEqual(['(7) Laser, S/N L-1']);
    expect(machinesField()).toHaveAccessibleDescription(SERVICE_MACHINES_TEXT.setAside('Beta'));
  });

  it("edits an event's machines: its own named before any list loads, one taken off", async () => {
    const api = openEdit('UTWORZONY');
    expect(pills()).toEqual(['(7) Laser', '(8) Prasa']);
    await takeOff('(8) Prasa');
    // Its serial number is added once the customer's machines have loaded.
    await waitFor(() => expect(pills()).toEqual(['(7) Laser, S/N L-1']));
    await save();
    await waitFor(() => expect(api.callsTo('PUT', '/api/service/update')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/service/update')[0].body).toMatchObject({ devices: [{ id: 7 }] });
  });

  it("tells an administrator that a signed event's protocol names the machines it was signed with", async () => {
    openEdit('PODPISANY');
    expect(machinesField()).not.toHaveAccessibleDescription(SERVICE_MACHINES_TEXT.signedChange);
    await takeOff('(8) Prasa');
    expect(machinesField()).toHaveAccessibleDescription(SERVICE_MACHINES_TEXT.signedChange);
  });

  it("shows the server's refusal of a machine under the field", async () => {
    openNew({
      'POST /api/service/add': {
        status: 400,
        body: { message: MSG.serviceDevicesOtherCustomer, code: 'DEVICE_OTHER_CUSTOMER', field: 'devices' },
      },
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Naprawa' }));
    await save();
    await waitFor(() => expect(machinesField()).toHaveAttribute('aria-invalid', 'true'));
    expect(machinesField()).toHaveAccessibleDescription(MSG.serviceDevicesOtherCustomer);
  });

  it("shows a locked event's machines without letting them change", () => {
    routes();
    renderScreen(
      <ServiceFormModal
        target={sampleService()}
        devices={[LASER]}
        readOnly
        isAdmin={false}
        onClose={() => {}}
      />,
      { url: '/m' },
    );
    expect(machinesField()).toBeDisabled();
    expect(pills()).toEqual(sampleService().devices.map((d) => `(${d.id}) ${d.name}`));
  });
});

describe('ServiceForm: a customer typed over the chosen one', () => {
  it('Enter takes the typed customer rather than saving the former, and never saves from an open list', async () => {
    const { api } = openNew({ 'POST /api/service/add': { status: 201, body: sampleService() } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Naprawa' }));
    const customer = screen.getByRole('combobox', { name: /^Kontrahent/ });
    await waitFor(() => expect(customer).toHaveValue('ACME (ACME Sp. z o.o.)'));
    await userEvent.clear(customer);
    await userEvent.type(customer, 'zzz{Enter}');
    expect(api.callsTo('POST', '/api/service/add')).toHaveLength(0);
    await userEvent.clear(customer);
    await userEvent.type(customer, 'beta{Enter}');
    await waitFor(() => expect(customer).toHaveValue('Beta (Beta SA)'));
    expect(api.callsTo('POST', '/api/service/add')).toHaveLength(0);
    // The former customer's machine went with it.
    expect(pills()).toEqual([]);
  });
});
