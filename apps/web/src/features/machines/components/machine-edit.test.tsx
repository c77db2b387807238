import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MSG, PLACES_MSG } from '@serwis/domain';
import { ANNA_ADMIN, EMPTY_LIST, JAN_USER, NO_SESSION, fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { sampleDevice, sampleCustomerRecord } from '../../../../test/samples';
import { MachineEdit } from './machine-edit';
import { SessionEndedModal } from '../../auth/components/session-ended-modal';

const user = userEvent.setup({ delay: null });
// Mantine forms with many comboboxes are slow in jsdom on a busy machine; allow headroom.
vi.setConfig({ testTimeout: 40_000 });

function fakeServer(deleteStatus: number, device = sampleDevice(), saved = device) {
  return fakeApi(
    {
      'GET /api/device/findById/7': { body: device },
      'GET /api/device/findAllDevicesNames': { body: ['Laser CO2 3000'] },
      'GET /api/customer/findAll': { body: [sampleCustomerRecord()] },
      'GET /api/category/findAll': { body: [{ id: 3, name: 'Lasery', count: 1 }] },
      'DELETE /api/device/delete/7': {
        status: deleteStatus,
        body: deleteStatus < 300 ? null : { message: 'x' },
      },
      'PUT /api/device/update': { body: saved },
      'PUT /api/device-external/update': { body: saved },
    },
    { otherwise: EMPTY_LIST },
  );
}

/** The card as an administrator opens it, unless another employee is named. */
const renderCard = (
  query: string,
  family: 'INTERNAL' | 'EXTERNAL' = 'INTERNAL',
  session: unknown = ANNA_ADMIN,
) => renderScreen(<MachineEdit family={family} />, { url: `/card?${query}`, session });

async function confirmDeletion() {
  await user.click(await screen.findByRole('button', { name: 'Usuń maszynę' }));
  // the modal names the machine that would go
  expect(
    await screen.findByText(/Czy na pewno chcesz usunąć maszynę „Laser CO2 3000” \(id 7/),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Usuń' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('machine card', () => {
  it("says where to look for a machine that is not there (an old QR label's, a wrong id)", async () => {
    fakeApi(
      { 'GET /api/device/findById/2001': { status: 404, body: { message: MSG.machineNotFound } } },
      { otherwise: EMPTY_LIST },
    );
    renderCard('id=2001', 'INTERNAL', JAN_USER);
    expect(await screen.findByText(MSG.machineNotFound)).toBeInTheDocument();
    expect(screen.getByText(/Maszyna mogła zostać usunięta/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Lista maszyn' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/machineList'));
  });

  it("names the customer's phone (a link a tablet calls) and card under Kontrahent", async () => {
    fakeServer(200);
    renderCard('id=7');
    const call = await screen.findByRole('link', { name: 'tel. +48 41 300 20 10' });
    expect(call).toHaveAttribute('href', 'tel:+48413002010');
    expect(screen.getByRole('link', { name: 'biuro@acme.pl' })).toHaveAttribute(
      'href',
      'mailto:biuro@acme.pl',
    );
    const card = screen.getByRole('link', { name: 'Karta kontrahenta' });
    expect(card.getAttribute('href')).toMatch(/^\/customerEdit\?id=11&shortName=ACME&/);
    // Told to a screen reader with the field.
    expect(screen.getByRole('combobox', { name: 'Kontrahent' })).toHaveAccessibleDescription(
      /tel\. \+48 41 300 20 10.*Karta kontrahenta/,
    );
  });

  it('leaves a card read after the session ended to the session dialog, without "Nieznany błąd."', async () => {
    fakeApi({ 'GET /api/device/findById/7': NO_SESSION }, { otherwise: EMPTY_LIST });
    renderScreen(
      <>
        <MachineEdit family="INTERNAL" />
        <SessionEndedModal />
      </>,
      { url: '/card?id=7', session: JAN_USER },
    );
    await screen.findByRole('dialog', { name: 'Sesja wygasła' });
    // The card's query has failed by now; a banner would be drawn with it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(MSG.unknownError)).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.machineNotFound)).not.toBeInTheDocument();
  });

  it('names what goes with the machine in the question, and what keeps it instead of asking', async () => {
    const goesWith = { services: 0, incidents: 0, notes: 2, parts: 1, files: 3, nameplates: 22 };
    let dependants = goesWith;
    const server = fakeApi(
      {
        'GET /api/device/findById/7': { body: sampleDevice() },
        'GET /api/device/dependants/7': () => ({ body: dependants }),
      },
      { otherwise: EMPTY_LIST },
    );
    const first = renderCard('id=7');
    await user.click(await screen.findByRole('button', { name: 'Usuń maszynę' }));
    expect(
      await screen.findByText(
        'Razem z nią zostaną usunięte: 2 notatki, 1 część, 3 pliki i 22 zdjęcia tabliczek znamionowych.',
      ),
    ).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('dialog', { name: 'Usuń maszynę' })).getByRole('button', { name: 'Anuluj' }),
    );
    first.unmount();

    dependants = { ...goesWith, services: 3, incidents: 1 };
    renderCard('id=7');
    await user.click(await screen.findByRole('button', { name: 'Usuń maszynę' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nie można usunąć' });
    expect(dialog).toHaveTextContent(
      'Maszyny nie można teraz usunąć. Powiązane z nią dane: 3 zdarzenia serwisowe i 1 wpis w zakładce Zdarzenia. Najpierw usuń je na karcie maszyny.',
    );
    expect(screen.queryByRole('button', { name: 'Usuń' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Zamknij' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('DELETE', '/api/device/delete/7')).toHaveLength(0);
  });

  it('explains a 409 refusal to delete in the spec words and stays on the card', async () => {
    const server = fakeServer(409);
    renderCard('id=7&customerId=11&prev=customerList');
    await confirmDeletion();
    expect(await screen.findByText(MSG.machineInUse)).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/api/device/delete/7')).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/card?id=7');
  });

  it('says "Brak uprawnień do tej operacji." on 403 and "Nieznany błąd." otherwise', async () => {
    fakeServer(403);
    const first = renderCard('id=7');
    await confirmDeletion();
    expect(await screen.findByText(MSG.forbidden)).toBeInTheDocument();
    first.unmount();
    vi.unstubAllGlobals();

    fakeServer(500);
    renderCard('id=7');
    await confirmDeletion();
    expect(await screen.findByText(MSG.unknownError)).toBeInTheDocument();
  });

  it.each(['INTERNAL', 'EXTERNAL'] as const)(
    'offers "Usuń maszynę" on the %s card to an admin only; an employee keeps save and the QR label',
    async (family) => {
      const server = fakeServer(204, sampleDevice({ type: family }));
      const employee = renderCard('id=7', family, JAN_USER);
      expect(await screen.findByRole('button', { name: 'Zapisz' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Naklejka QR' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Usuń maszynę' })).toBeNull();
      employee.unmount();

      renderCard('id=7', family, ANNA_ADMIN);
      expect(await screen.findByRole('button', { name: 'Usuń maszynę' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Zapisz' })).toBeInTheDocument();
      expect(server.callsTo('DELETE', '/api/device/delete/7')).toHaveLength(0);
    },
  );

  it('goes to the prev route after a delete, without asking for the deleted machine again', async () => {
    const server = fakeServer(204);
    renderCard('id=7&prev=servicesList');
    await confirmDeletion();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/servicesList$/));
    // The refresh after every write would have read it again while the card left: a 404.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.callsTo('GET', '/api/device/findById/7')).toHaveLength(1);
  });

  it('saves through the family update and returns to prev; a foreign prev falls back to the list', async () => {
    const server = fakeServer(204, sampleDevice({ type: 'EXTERNAL' }));
    renderCard('id=7&prev=%2F%2Fevil.example', 'EXTERNAL');
    await user.click(await screen.findByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/device-external/update')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/device-external/update')[0]!.body).toMatchObject({
      id: 7,
      name: 'Laser CO2 3000',
      status: 'OK',
      category: { id: 3 },
      customer: { id: 11 },
      transferDate: '2024-03-05',
      warrantyLength: 24,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/machineExternalList$/));
  });

  it('tells that the position on the map stays when a machine with one is given another address', async () => {
    const placed = sampleDevice({ gpsLatitude: 50.06, gpsLongitude: 19.94 });
    const server = fakeServer(204, placed, { ...placed, city: 'Gdańsk' });
    renderCard('id=7');
    const city = await screen.findByRole('textbox', { name: 'Miasto' });
    await user.clear(city);
    await user.type(city, 'Gdańsk');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(PLACES_MSG.machinePositionKept)).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/device/update')[0]!.body).toMatchObject({ city: 'Gdańsk' });
  });

  it('says nothing of the position when the address stays, or when there is no position', async () => {
    const placed = sampleDevice({ gpsLatitude: 50.06, gpsLongitude: 19.94 });
    const server = fakeServer(204, placed);
    renderCard('id=7');
    await user.click(await screen.findByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(MSG.saved)).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/device/update')).toHaveLength(1);
    expect(screen.queryByText(PLACES_MSG.machinePositionKept)).toBeNull();
  });

  it('says the machine is gone when its save is answered 404 (deleted meanwhile), and keeps the card', async () => {
    fakeApi(
      {
        'GET /api/device/findById/7': { body: sampleDevice() },
        'GET /api/customer/findAll': { body: [sampleCustomerRecord()] },
        'GET /api/category/findAll': { body: [{ id: 3, name: 'Lasery', count: 1 }] },
        'PUT /api/device/update': {
          status: 404,
          body: { message: 'Nie znaleziono maszyny.', code: 'NOT_FOUND' },
        },
      },
      { otherwise: EMPTY_LIST },
    );
    renderCard('id=7');
    await user.click(await screen.findByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Błąd! Nie znaleziono maszyny.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/card/);
  });

  it("is titled by the machine's own family, also when opened through the other family's address", async () => {
    fakeServer(204, sampleDevice({ type: 'INTERNAL' }));
    renderCard('id=7', 'EXTERNAL');
    expect(
      await screen.findByRole('heading', { name: 'Szczegóły maszyny: Laser CO2 3000' }),
    ).toBeInTheDocument();
  });

  it('opens the tab named by activeTab and keeps the URL in step with the chosen tab', async () => {
    fakeServer(204);
    renderCard('id=7&prev=machineList&activeTab=notes');
    const notes = await screen.findByRole('tab', { name: 'Notatki' });
    expect(notes).toHaveAttribute('aria-selected', 'true');
    const labels = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(labels.slice(0, 5)).toEqual(['Tabliczki znamionowe', 'Notatki', 'Pliki', 'Parametry', 'Części']);
    // spec §2: incidents before the service tab, inspections after it
    expect(labels.indexOf('Zdarzenia')).toBe(5);
    expect(labels.indexOf('Przeglądy')).toBe(labels.indexOf('Serwis') + 1);
    // only the open panel is mounted
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Części' }));
    expect(screen.getByRole('tab', { name: 'Części' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('activeTab=equipments');
    expect(screen.getByTestId('location')).toHaveTextContent('prev=machineList');
  });

  it('brings the tabs into view when a link names one and they open below the screen (a tablet upright)', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this);
    });
    // Everything laid out below the screen's edge, as under a long form on a narrow screen.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: 2000 } as DOMRect);
    fakeServer(204);
    const first = renderCard('id=7&prev=servicesList&activeTab=notes');
    await screen.findByRole('tab', { name: 'Notatki' });
    await waitFor(() => expect(scrolled.some((e) => e.contains(screen.getByRole('tablist')))).toBe(true));
    first.unmount();
    scrolled.length = 0;
    // Opened without a tab asked for, the card starts at its top.
    renderCard('id=7&prev=machineList');
    await screen.findByRole('tab', { name: 'Tabliczki znamionowe' });
    expect(scrolled.filter((e) => e.querySelector('[role="tablist"]'))).toEqual([]);
    vi.restoreAllMocks();
  });

  it.each(['Map', 'map', 'MAP'])(
    'opens the location tab for activeTab=%s (spec §2 spells it "Map")',
    async (tab) => {
      fakeServer(204);
      renderCard(`id=7&activeTab=${tab}`);
      expect(await screen.findByRole('tab', { name: 'Lokalizacja' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    },
  );

  it('defaults to the nameplates tab', async () => {
    fakeServer(204);
    renderCard('id=7');
    expect(await screen.findByRole('tab', { name: 'Tabliczki znamionowe' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
