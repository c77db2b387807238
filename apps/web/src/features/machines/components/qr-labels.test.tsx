import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_LIST, fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { sampleDevice } from '../../../../test/samples';
import { MachineList } from './machine-list';
import { machineColumns } from './machine-columns';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 40_000 });

const rows = [sampleDevice(), sampleDevice({ id: 8, name: 'Prasa' }), sampleDevice({ id: 9, name: 'Laser' })];
let saved: string[] = [];
let gone = 0;

beforeEach(() => {
  gone = 0;
  sessionStorage.clear();
  // Where the last print left the sheet (the next starts there) is this device's.
  localStorage.clear();
  saved = [];
  // jsdom has no object URLs; the download only needs one to exist.
  URL.createObjectURL = vi.fn(() => 'blob:pdf');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function fakeServer() {
  return fakeApi(
    {
      'POST /api/device/getByFilter': { body: rows, headers: { 'X-Total-Count': '3' } },
      'POST /api/device/qr-labels': (call) => ({
        body: '%PDF-1.4',
        // Machine 9 was deleted meanwhile, when the test asks so.
        headers: {
          'x-labels-count': String(
            (call.body as { ids?: number[] }).ids?.filter((id) => id !== gone).length ?? 3,
          ),
        },
      }),
    },
    { otherwise: EMPTY_LIST },
  );
}

describe('Drukuj naklejki QR on the machine list', () => {
  it('prints the ticked machines only, without opening their cards', async () => {
    const server = fakeServer();
    renderScreen(<MachineList family="INTERNAL" />, { url: '/list' });
    await user.click(await screen.findByRole('checkbox', { name: /Zaznacz do naklejek QR: Prasa \(id 8\)/ }));
    await user.click(screen.getByRole('checkbox', { name: /Zaznacz do naklejek QR: Laser \(id 9\)/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/list');
    await user.click(screen.getByRole('button', { name: 'Drukuj naklejki QR (2)' }));
    const sheet = await screen.findByRole('dialog', { name: 'Drukuj naklejki QR' });
    expect(within(sheet).getByText('Wydruk zacznie się od naklejki 1.')).toBeInTheDocument();
    expect(within(sheet).getByText('Wydruk: 2 naklejki na 1 arkuszu.')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Drukuj' }));
    await waitFor(() => expect(saved).toEqual(['naklejki-qr.pdf']));
    expect(server.callsTo('POST', '/api/device/qr-labels')[0].body).toEqual({ ids: [8, 9], firstLabel: 1 });
  });

  it('starts at the first free label of a sheet partly used, and offers the place after the print next time', async () => {
    const server = fakeServer();
    renderScreen(<MachineList family="INTERNAL" />, { url: '/list' });
    await user.click(await screen.findByRole('checkbox', { name: /Zaznacz do naklejek QR: Prasa \(id 8\)/ }));
    await user.click(screen.getByRole('checkbox', { name: /Zaznacz do naklejek QR: Laser \(id 9\)/ }));
    await user.click(screen.getByRole('button', { name: 'Drukuj naklejki QR (2)' }));
    const sheet = await screen.findByRole('dialog', { name: 'Drukuj naklejki QR' });
    const places = within(sheet).getByRole('group', { name: 'Arkusz naklejek: pierwsza wolna naklejka' });
    expect(within(places).getAllByRole('button')).toHaveLength(24);
    // Seven labels of the sheet are gone: the clerk taps the eighth.
    await user.click(within(places).getByRole('button', { name: 'Naklejka 8 (wolna)' }));
    expect(within(places).getByRole('button', { name: 'Naklejka 8 (ten wydruk)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(places).getByRole('button', { name: 'Naklejka 7 (zużyta)' })).toBeInTheDocument();
    expect(within(places).getByRole('button', { name: 'Naklejka 9 (ten wydruk)' })).toBeInTheDocument();
    expect(within(places).getByRole('button', { name: 'Naklejka 10 (wolna)' })).toBeInTheDocument();
    expect(within(sheet).getByText('Wydruk zacznie się od naklejki 8.')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Drukuj' }));
    await waitFor(() => expect(saved).toEqual(['naklejki-qr.pdf']));
    expect(server.callsTo('POST', '/api/device/qr-labels')[0].body).toEqual({ ids: [8, 9], firstLabel: 8 });

    // The next print on this device is offered the place after these two.
    await user.click(screen.getByRole('button', { name: 'Drukuj naklejki QR (2)' }));
    const next = await screen.findByRole('dialog', { name: 'Drukuj naklejki QR' });
    expect(within(next).getByText('Wydruk zacznie się od naklejki 10.')).toBeInTheDocument();
    await user.click(within(next).getByRole('button', { name: 'Anuluj' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST', '/api/device/qr-labels')).toHaveLength(1);
  });

  it('says so when a ticked machine was deleted meanwhile, and goes on after the labels printed', async () => {
    fakeServer();
    gone = 9;
    renderScreen(<MachineList family="INTERNAL" />, { url: '/list' });
    await user.click(await screen.findByRole('checkbox', { name: /Zaznacz do naklejek QR: Prasa \(id 8\)/ }));
    await user.click(screen.getByRole('checkbox', { name: /Zaznacz do naklejek QR: Laser \(id 9\)/ }));
    await user.click(screen.getByRole('button', { name: 'Drukuj naklejki QR (2)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Drukuj' }));
    expect(
      await screen.findByText('Wydrukowano naklejki dla 1 z 2 maszyn: pozostałych nie ma już w rejestrze.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Drukuj naklejki QR (2)' }));
    expect(await screen.findByText('Wydruk zacznie się od naklejki 2.')).toBeInTheDocument();
  });

  it('ticks the whole page from the heading, keeps the ticks when the card was opened and left, and clears them', async () => {
    const server = fakeServer();
    const first = renderScreen(<MachineList family="INTERNAL" />, { url: '/list' });
    const page = () =>
      screen.getByRole('checkbox', { name: 'Zaznacz do naklejek QR wszystkie maszyny tej strony' });
    await user.click(await screen.findByRole('checkbox', { name: /Zaznacz do naklejek QR: Prasa \(id 8\)/ }));
    expect(page()).toBePartiallyChecked();
    await user.click(page());
    expect(page()).toBeChecked();
    expect(screen.getByRole('button', { name: 'Drukuj naklejki QR (3)' })).toBeInTheDocument();
    // The clerk opens a card and comes back: the list is drawn anew, with the same ticks.
    first.unmount();
    renderScreen(<MachineList family="INTERNAL" />, { url: '/list' });
    expect(await screen.findByRole('button', { name: 'Drukuj naklejki QR (3)' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: /Laser \(id 9\)/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Odznacz wszystkie' }));
    expect(screen.getByRole('button', { name: 'Drukuj naklejki QR' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Laser \(id 9\)/ })).not.toBeChecked();
    expect(server.callsTo('POST', '/api/device/qr-labels')).toHaveLength(0);
  });

  it('ticks and unticks without drawing the rows again, only their boxes', async () => {
    fakeServer();
    // The status column draws a badge for each row: counting its calls counts the rows drawn.
    const status = machineColumns.find((c) => c.id === 'status')!;
    const drawStatus = vi.spyOn(status as unknown as { cell: () => unknown }, 'cell');
    renderScreen(<MachineList family="INTERNAL" />, { url: '/list' });
    const box = await screen.findByRole('checkbox', { name: /Zaznacz do naklejek QR: Prasa \(id 8\)/ });
    const drawn = drawStatus.mock.calls.length;
    expect(drawn).toBeGreaterThanOrEqual(rows.length);
    await user.click(box);
    await user.click(
      screen.getByRole('checkbox', { name: 'Zaznacz do naklejek QR wszystkie maszyny tej strony' }),
    );
    expect(screen.getByRole('checkbox', { name: /Laser \(id 9\)/ })).toBeChecked();
    await user.click(box);
    expect(box).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Drukuj naklejki QR (2)' })).toBeInTheDocument();
    expect(drawStatus.mock.calls.length).toBe(drawn);
  });

  it('ticks a box from the finger-sized area around it, without opening the card', async () => {
    fakeServer();
    renderScreen(<MachineList family="INTERNAL" />, { url: '/list' });
    const box = await screen.findByRole('checkbox', { name: /Zaznacz do naklejek QR: Prasa \(id 8\)/ });
    const area = box.closest('label')!;
    expect(area).not.toBeNull();
    await user.click(area);
    expect(box).toBeChecked();
    expect(screen.getByTestId('location')).toHaveTextContent('/list');
    expect(screen.getByRole('button', { name: 'Drukuj naklejki QR (1)' })).toBeInTheDocument();
  });

  it('asks before printing the whole filtered list when nothing is ticked', async () => {
    const server = fakeServer();
    renderScreen(<MachineList family="INTERNAL" />, { url: '/list' });
    await screen.findByText('Prasa');
    await user.click(screen.getByRole('button', { name: 'Drukuj naklejki QR' }));
    const question = await screen.findByRole('dialog', { name: 'Drukuj naklejki QR' });
    expect(question).toHaveTextContent(
      'Nie zaznaczono żadnej maszyny. Wydrukować naklejki QR dla wszystkich maszyn z listy (3)?',
    );
    await user.click(within(question).getByRole('button', { name: 'Anuluj' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST', '/api/device/qr-labels')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Drukuj naklejki QR' }));
    await user.click(await screen.findByRole('button', { name: 'Drukuj całą listę' }));
    await waitFor(() => expect(saved).toEqual(['naklejki-qr.pdf']));
    const body = server.callsTo('POST', '/api/device/qr-labels')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ sort: 'statusWeight,asc', firstLabel: 1 });
    expect(body.filter).toBeDefined();
    expect(body.ids).toBeUndefined();
  });

  it('is not offered while the list shows no machine', async () => {
    fakeApi(
      { 'POST /api/device/getByFilter': { body: [], headers: { 'X-Total-Count': '0' } } },
      { otherwise: EMPTY_LIST },
    );
    renderScreen(<MachineList family="INTERNAL" />, { url: '/list' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Drukuj naklejki QR' })).toBeDisabled());
  });
});
