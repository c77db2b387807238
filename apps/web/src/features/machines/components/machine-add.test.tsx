import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MACHINE_FORM_MSG, MSG } from '@serwis/domain';
import { EMPTY_LIST, fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { sampleDevice, sampleCustomerRecord } from '../../../../test/samples';
import { MachineAdd } from './machine-add';

/** No pause between keystrokes: the tests check behaviour, not typing speed. */
const user = userEvent.setup({ delay: null });
// Mantine forms with many comboboxes are slow in jsdom on a busy machine; allow headroom.
vi.setConfig({ testTimeout: 40_000 });

function fakeServer(insertStatus = 201) {
  return fakeApi(
    {
      'GET /api/device/findAllDevicesNames': { body: ['Laser CO2 3000', 'Prasa krawędziowa'] },
      'GET /api/device-external/findAllDevicesNames': { body: ['Obca prasa'] },
      'GET /api/customer/findAll': { body: [sampleCustomerRecord()] },
      'GET /api/category/findAll': { body: [{ id: 3, name: 'Lasery', count: 1 }] },
      'POST /api/device/insert': {
        status: insertStatus,
        body: insertStatus < 300 ? sampleDevice() : { message: 'x' },
      },
      'POST /api/device-external/insert': { status: insertStatus, body: sampleDevice({ type: 'EXTERNAL' }) },
    },
    { otherwise: EMPTY_LIST },
  );
}

const combobox = (label: string) => screen.getByRole('combobox', { name: new RegExp(`^${label}`) });

async function choose(label: string, option: string) {
  await user.click(combobox(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => vi.unstubAllGlobals());

describe('machine add', () => {
  it('shows the name rule under the field and saves nothing', async () => {
    const server = fakeServer();
    renderScreen(<MachineAdd family="INTERNAL" />, { url: '/add' });
    expect(screen.getByRole('heading', { name: 'Dodawanie nowej maszyny' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Wpisz nową nazwę' }));
    await user.type(screen.getByLabelText(/Nazwa \(nowa\)/), 'Ab');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(MSG.machineNameTooShort)).toBeInTheDocument();
    expect(screen.getByText(MSG.chooseCategory)).toBeInTheDocument();
    expect(screen.getByText(MSG.chooseCustomer)).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/device/insert')).toHaveLength(0);
  });

  it('warns of a postcode not written 00-000 once a province places the machine in Poland', async () => {
    fakeServer();
    renderScreen(<MachineAdd family="INTERNAL" />, { url: '/add' });
    const postcode = screen.getByLabelText('Kod pocztowy');
    await user.type(postcode, '44100');
    await user.tab();
    expect(postcode).not.toHaveAccessibleDescription(MSG.postcodeWarning);
    await choose('Województwo', 'śląskie');
    expect(postcode).toHaveAccessibleDescription(MSG.postcodeWarning);
    await user.clear(postcode);
    await user.type(postcode, '44-100');
    await user.tab();
    expect(postcode).not.toHaveAccessibleDescription(MSG.postcodeWarning);
  });

  it('toggles between picking an existing name and typing a new one', async () => {
    fakeServer();
    renderScreen(<MachineAdd family="INTERNAL" />, { url: '/add' });
    await choose('Nazwa', 'Prasa krawędziowa');
    expect(combobox('Nazwa')).toHaveValue('Prasa krawędziowa');

    await user.click(screen.getByRole('button', { name: 'Wpisz nową nazwę' }));
    const typed = screen.getByLabelText(/Nazwa \(nowa\)/);
    expect(typed).toHaveValue('Prasa krawędziowa');
    await user.clear(typed);
    await user.type(typed, 'Giętarka X');

    await user.click(screen.getByRole('button', { name: 'Wybierz nazwę z listy' }));
    // the new name stays chosen and is offered in the list
    expect(combobox('Nazwa')).toHaveValue('Giętarka X');
  });

  it('posts an internal machine with type INTERNAL, status Produkcja, midnight-free date and returns to the list', async () => {
    const server = fakeServer();
    renderScreen(<MachineAdd family="INTERNAL" />, { url: '/add' });
    expect(combobox('Status')).toHaveValue('Produkcja');
    await choose('Nazwa', 'Laser CO2 3000');
    await choose('Kategoria', 'Lasery');
    await choose('Kontrahent', 'ACME (ACME Sp. z o.o.)');
    await user.type(screen.getByLabelText('Numer seryjny'), 'SN-9');
    const months = screen.getByLabelText('Długość gwarancji (miesiące)');
    await user.type(months, '-5');
    expect(months).toHaveValue('');
    // Pasted whole, it is blanked once the field is left.
    await user.click(months);
    await user.paste('-7');
    await user.tab();
    expect(screen.getByLabelText('Długość gwarancji (miesiące)')).toHaveValue('');
    // A decimal is refused in words, not read as 245 months.
    await user.type(screen.getByLabelText('Długość gwarancji (miesiące)'), '24.5');
    expect(screen.getByLabelText('Długość gwarancji (miesiące)')).toHaveValue('24.5');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(MSG.warrantyNotWhole)).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/device/insert')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Długość gwarancji (miesiące)'));
    await user.type(screen.getByLabelText('Długość gwarancji (miesiące)'), '24');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    await waitFor(() => expect(server.callsTo('POST', '/api/device/insert')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/device/insert')[0]!.body).toMatchObject({
      name: 'Laser CO2 3000',
      status: 'PRODUCTION',
      type: 'INTERNAL',
      category: { id: 3 },
      customer: { id: 11 },
      serialNumber: 'SN-9',
      warrantyLength: 24,
      transferDate: '',
      province: '',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/machineList'));
  });

  it('posts an external machine without type and shows "Błąd!" on any failure', async () => {
    const server = fakeApi(
      {
        'GET /api/device-external/findAllDevicesNames': { body: ['Obca prasa'] },
        'GET /api/customer/findAll': { body: [sampleCustomerRecord({ fullName: 'ACME' })] },
        'GET /api/category/findAll': { body: [{ id: 3, name: 'Lasery', count: 1 }] },
        'POST /api/device-external/insert': { status: 409, body: { message: 'Taki rekord już istnieje.' } },
      },
      { otherwise: EMPTY_LIST },
    );
    renderScreen(<MachineAdd family="EXTERNAL" />, { url: '/add' });
    expect(screen.getByRole('heading', { name: 'Dodawanie nowej maszyny zewnętrznej' })).toBeInTheDocument();
    await choose('Nazwa', 'Obca prasa');
    await choose('Kategoria', 'Lasery');
    await choose('Kontrahent', 'ACME');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    expect((await screen.findByText(MSG.error)).closest('[role="alert"]')).not.toBeNull();
    const body = server.callsTo('POST', '/api/device-external/insert')[0]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('type');
    expect(body).toMatchObject({ name: 'Obca prasa', category: { id: 3 }, customer: { id: 11 } });
    expect(server.callsTo('POST', '/api/device/insert')).toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/add');
  });
});

describe('MachineAdd: a serial number the register has already', () => {
  it('names the machines of both families that hold it, written with or without separators, and saves anyway', async () => {
    // The lists' search reads a serial number without its separators: "sn 9" finds "SN-9".
    const holders = (family: string) => (call: { query: URLSearchParams }) => {
      const found =
        call.query.get('q') === 'sn 9'
          ? family === 'INTERNAL'
            ? [
                sampleDevice({ id: 7, name: 'Laser CO2 3000', serialNumber: 'SN-9' }),
                sampleDevice({ id: 8, serialNumber: 'SN-90' }),
              ]
            : [sampleDevice({ id: 12, name: 'Obca prasa', serialNumber: 'sn9' })]
          : [];
      return { body: found, headers: { 'X-Total-Count': String(found.length) } };
    };
    const server = fakeApi(
      {
        'GET /api/device/findAllDevicesNames': { body: ['Laser CO2 3000'] },
        'GET /api/customer/findAll': { body: [sampleCustomerRecord()] },
        'GET /api/category/findAll': { body: [{ id: 3, name: 'Lasery', count: 1 }] },
        'POST /api/device/getByFilter': holders('INTERNAL'),
        'POST /api/device-external/getByFilter': holders('EXTERNAL'),
        'POST /api/device/insert': { status: 201, body: sampleDevice() },
      },
      { otherwise: EMPTY_LIST },
    );
    renderScreen(<MachineAdd family="INTERNAL" />, { url: '/add' });
    await choose('Nazwa', 'Laser CO2 3000');
    await choose('Kategoria', 'Lasery');
    await choose('Kontrahent', 'ACME (ACME Sp. z o.o.)');
    const serial = screen.getByLabelText('Numer seryjny');
    await user.type(serial, 'sn 9');
    await user.tab();
    const customer = sampleDevice().customer!.shortName;
    const warning = MACHINE_FORM_MSG.serialHeldBy([
      { id: 7, name: 'Laser CO2 3000', customer, external: false },
      { id: 12, name: 'Obca prasa', customer, external: true },
    ]);
    expect(warning).toBe(
      `Ten numer seryjny mają już: maszyna „Laser CO2 3000” (id 7, ${customer}), maszyna zewnętrzna „Obca prasa” (id 12, ${customer}). Sprawdź, czy to nie ta sama maszyna. Zapisze się i tak.`,
    );
    await waitFor(() => expect(serial).toHaveAccessibleDescription(warning));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/device/insert')).toHaveLength(1));
  });
});

describe('MachineAdd: "Zapisz i dodaj kolejną"', () => {
  it('saves, stays on the form with the customer, category, place and warranty kept, and focuses the name', async () => {
    const server = fakeServer();
    renderScreen(<MachineAdd family="INTERNAL" />, { url: '/add' });
    await choose('Nazwa', 'Laser CO2 3000');
    await choose('Kategoria', 'Lasery');
    await choose('Kontrahent', 'ACME (ACME Sp. z o.o.)');
    await user.type(screen.getByLabelText('Numer seryjny'), 'SN-1');
    await user.type(screen.getByLabelText('Miasto'), 'Łódź');
    await user.type(screen.getByLabelText('Długość gwarancji (miesiące)'), '24');
    await user.click(screen.getByRole('button', { name: 'Zapisz i dodaj kolejną' }));

    await waitFor(() => expect(server.callsTo('POST', '/api/device/insert')).toHaveLength(1));
    const saved = sampleDevice();
    expect(await screen.findByText(MACHINE_FORM_MSG.savedNext(saved.name, saved.id))).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/add');
    await waitFor(() => expect(combobox('Nazwa')).toHaveFocus());
    expect(combobox('Nazwa')).toHaveValue('');
    expect(screen.getByLabelText('Numer seryjny')).toHaveValue('');
    expect(combobox('Kategoria')).toHaveValue('Lasery');
    expect(combobox('Kontrahent')).toHaveValue('ACME (ACME Sp. z o.o.)');
    expect(screen.getByLabelText('Miasto')).toHaveValue('Łódź');

    await choose('Nazwa', 'Prasa krawędziowa');
    await user.type(screen.getByLabelText('Numer seryjny'), 'SN-2');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/device/insert')).toHaveLength(2));
    expect(server.callsTo('POST', '/api/device/insert')[1]!.body).toMatchObject({
      name: 'Prasa krawędziowa',
      serialNumber: 'SN-2',
      category: { id: 3 },
      customer: { id: 11 },
      city: 'Łódź',
      warrantyLength: 24,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/machineList'));
  });
});

describe('MachineAdd: the handover date', () => {
  it('keeps the focus on the field after a day is picked from the calendar by keyboard', async () => {
    fakeServer();
    renderScreen(<MachineAdd family="INTERNAL" />, { url: '/add' });
    const date = screen.getByRole('button', { name: /^Data przekazania/ });
    date.focus();
    await user.keyboard('{Enter}');
    const [first] = await screen.findAllByRole('button', { name: /^1 \S+ \d{4}$/ });
    first!.focus();
    await user.keyboard('{Enter}');
    // Not on the page, from where the next Tab went to the top bar.
    await waitFor(() => expect(date).toHaveFocus());
    expect(date.textContent).toMatch(/^\d{4}-\d{2}-01$/);
  });
});
