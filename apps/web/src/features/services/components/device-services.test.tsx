import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceFile } from '@serwis/domain';
import { ANNA_ADMIN, JAN_USER, fakeApi, type FakeReply } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { sampleService } from '../../../../test/samples';
import { openTodoLine } from './device-service-columns';
import { DeviceServices } from './device-services';

afterEach(() => vi.unstubAllGlobals());

const file = (id: number, originalName: string, signed?: { description: string }): ServiceFile => ({
  id,
  filename: `${id}-${originalName}`,
  originalName,
  description: signed?.description ?? '',
  type: 'SERVICE_FILE',
  contentType: '',
  size: 10,
  createdAt: '2026-03-04T10:00:00.000Z',
  signedProtocol: Boolean(signed),
});

const signedOwn = sampleService({ id: 1 });
const signedForeign = sampleService({
  id: 2,
  number: 24,
  numberExtension: '',
  fullNumber: '24/03/2026',
  userCreated: { id: 9, fullName: 'Ewa Zielińska' },
  user: 'Ewa Zielińska',
  files: [
    file(5, 'protokol.pdf'),
    file(6, 'zdjecie.jpg'),
    file(7, 'Protokół 24-03-2026.pdf', { description: 'Protokół podpisany w aplikacji' }),
    file(8, 'Protokół 24-03-2026.pdf', { description: 'Korekta protokołu z 2026-03-05' }),
  ],
  todo: 'Wymienić pasek napędowy',
  toDoStatus: 'TODO',
});
const open = sampleService({
  id: 3,
  number: 0,
  numberExtension: '',
  fullNumber: '(auto)',
  state: 'UTWORZONY',
  isToSign: false,
  date: '2026-03-20',
  type: ['PRZEGLAD_OKRESOWY', 'NAPRAWA'],
  paymentType: 'PLATNA',
});

function show(me: typeof JAN_USER, routes: Record<string, FakeReply> = {}) {
  const api = fakeApi({
    'GET /api/user/check-auth': { body: me },
    'GET /api/customer/findAll': { body: [] },
    // In the server's order (full number descending, unnumbered last in their month).
    'GET /api/service/findByDeviceWithFilesEnitiy/7': {
      body: [signedOwn, signedForeign, open],
      headers: { 'X-Total-Count': '3' },
    },
    // A stored file's first byte: still there.
    'GET /api/storage/downloadFile': { status: 206, body: '%' },
    ...routes,
  });
  renderScreen(<DeviceServices deviceId={7} customerId={11} />, { url: '/m' });
  return api;
}

const rowOf = (number: string) =>
  screen.findByRole('row', { name: new RegExp(`Zdarzenie serwisowe ${number}`) });
const menuOf = async (number: string) =>
  userEvent.click(within(await rowOf(number)).getByRole('button', { name: /^Akcje:/ }));
const confirm = async (label: string) =>
  userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: label }));

describe('DeviceServices (the "Serwis" tab)', () => {
  it('lists a page of the events by full number descending with labels, "(auto)" and files', async () => {
    const api = show(JAN_USER);
    await rowOf('25A');
    // One page, sorted by the server: a machine serviced for decades has thousands of events.
    const [call] = api.callsTo('GET', '/api/service/findByDeviceWithFilesEnitiy/7');
    expect(Object.fromEntries(call.query)).toEqual({ page: '1', size: '15', sort: 'fullNumber,desc' });
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Zdarzenie serwisowe 25A/03/2026 z 2026-03-04',
      'Zdarzenie serwisowe 24/03/2026 z 2026-03-04',
      'Zdarzenie serwisowe (auto) z 2026-03-20',
    ]);
    const auto = await rowOf('\\(auto\\)');
    expect(within(auto).getByText('Przegląd okresowy, Naprawa')).toBeInTheDocument();
    expect(within(auto).getByText('Płatna')).toBeInTheDocument();
    expect(within(auto).getByText('Utworzony').closest('.mantine-Badge-root')).toHaveAttribute(
      'data-service-state',
      'UTWORZONY',
    );
    const withFiles = await rowOf('24');
    expect(within(withFiles).getByRole('button', { name: 'Podgląd: protokol.pdf' })).toBeInTheDocument();
    // Deleting files is for admins.
    expect(within(withFiles).queryByRole('button', { name: /Usuń plik/ })).toBeNull();
  });

  it('shows on the row that the protocol was sent to the customer, with where and when', async () => {
    const sent = { ...signedOwn, protocolSent: { to: 'biuro@acme.pl', at: '2026-03-05T09:30:00.000Z' } };
    show(JAN_USER, {
      'GET /api/service/findByDeviceWithFilesEnitiy/7': { body: [open, signedForeign, sent] },
    });
    const row = await rowOf('25A');
    const icon = within(row).getByRole('img', {
      name: /^Wysłano do klienta biuro@acme\.pl 2026-03-05 \d\d:30:00$/,
    });
    await userEvent.hover(icon);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      /^Wysłano do klienta biuro@acme\.pl 2026-03-05/,
    );
    // An event's open to-do is on its row (a caller's machine is looked at here); none on the others.
    expect(within(await rowOf('24')).getByText(openTodoLine('Wymienić pasek napędowy'))).toBeInTheDocument();
    expect(within(row).queryByText(/^Zadanie do wykonania/)).toBeNull();
    // Events whose protocol was never sent carry no envelope.
    expect(within(await rowOf('24')).queryByRole('img', { name: /^Wysłano do klienta/ })).toBeNull();
  });

  it('previews a PDF attachment in the shared viewer', async () => {
    show(JAN_USER);
    await userEvent.click(within(await rowOf('24')).getByRole('button', { name: 'Podgląd: protokol.pdf' }));
    expect(await screen.findByTitle('Podgląd: protokol.pdf')).toHaveAttribute(
      'src',
      '/api/storage/downloadFile?fileName=5-protokol.pdf',
    );
  });

  it("offers an employee only what is allowed and opens others' signed events read-only", async () => {
    show(JAN_USER);
    await menuOf('24');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Pokaż' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Usuń' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Podpisz' })).toBeNull();
    await userEvent.keyboard('{Escape}');

    await menuOf('\\(auto\\)');
    const own = await screen.findByRole('menu');
    for (const name of ['Edytuj', 'Dodaj plik', 'Podpisz', 'Drukuj do skanu', 'Odrzuć']) {
      expect(within(own).getByRole('menuitem', { name })).toBeInTheDocument();
    }
    // Deleting an event is for admins, the employee's own open one too.
    expect(within(own).queryByRole('menuitem', { name: 'Usuń' })).toBeNull();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(await rowOf('24'));
    expect(await screen.findByRole('dialog', { name: /tylko do odczytu/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zapisz' })).toBeNull();
  });

  it('explains a 304 on delete: only the last protocol of the year can go', async () => {
    const api = show(ANNA_ADMIN, { 'DELETE /api/service/delete/2': { status: 304 } });
    await menuOf('24');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Usuń' }));
    expect(
      await screen.findByText('Czy na pewno chcesz usunąć zdarzenie serwisowe nr 24/03/2026?'),
    ).toBeInTheDocument();
    // What it undoes is named: a signed protocol, its number given again, its files and its to-do.
    expect(
      screen.getByText(
        'To zdarzenie jest podpisane. Usunąć można tylko ostatni numer roku; numer 24 z 2026 r. otrzyma wtedy następne numerowane zdarzenie z tego roku. ' +
          'Razem z nim zostaną usunięte: 4 pliki i zadanie do wykonania zapisane w tym zdarzeniu.',
      ),
    ).toBeInTheDocument();
    await confirm('Usuń');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Można usunąć tylko ostatni protokół w danym roku lub protokół bez numeru.',
    );
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/service/delete/2',
    ]);
  });

  it('says before a delete that the signed protocol was sent to the customer, and before a rejection that it is final', async () => {
    const sent = { ...signedOwn, protocolSent: { to: 'biuro@acme.pl', at: '2026-03-05T09:30:00.000Z' } };
    show(ANNA_ADMIN, {
      'GET /api/service/findByDeviceWithFilesEnitiy/7': {
        body: [sent, open],
        headers: { 'X-Total-Count': '2' },
      },
    });
    await menuOf('25A');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Usuń' }));
    expect(
      await screen.findByText(
        'To zdarzenie jest podpisane, a jego protokół wysłano do klienta na adres biuro@acme.pl. Usunąć można tylko ostatni numer roku; numer 25 z 2026 r. otrzyma wtedy następne numerowane zdarzenie z tego roku.',
      ),
    ).toBeInTheDocument();
    await confirm('Anuluj');
    await menuOf('\\(auto\\)');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Odrzuć' }));
    // An unnumbered event has no number to keep.
    expect(
      await screen.findByText('Odrzucenia nie można cofnąć: zdarzenia nie będzie można już podpisać.'),
    ).toBeInTheDocument();
    await confirm('Anuluj');
    // A signed one cannot be signed again, and its number stays used.
    await menuOf('25A');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Odrzuć' }));
    expect(
      await screen.findByText(
        'Odrzucenia nie można cofnąć: zdarzenia nie będzie można ponownie podpisać, a jego numer pozostanie zajęty.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a 403 on delete in the spec words', async () => {
    show(ANNA_ADMIN, {
      'DELETE /api/service/delete/1': { status: 403, body: { message: 'Brak uprawnień do tej operacji!' } },
    });
    await menuOf('25A');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Usuń' }));
    await confirm('Usuń');
    expect(await screen.findByRole('alert')).toHaveTextContent('Brak uprawnień do tej operacji!');
  });

  it('signs an open event after confirmation', async () => {
    const api = show(ANNA_ADMIN, { 'PATCH /api/service/sign/3': { body: { ...open, state: 'PODPISANY' } } });
    await menuOf('\\(auto\\)');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Podpisz' }));
    await confirm('Podpisz');
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.url)).toEqual([
        '/api/service/sign/3',
      ]),
    );
  });

  it('opens the field protocol of an event from its row menu, returning to the card', async () => {
    show(JAN_USER);
    await menuOf('24/03/2026');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Protokół' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/serviceProtocol?id=2&prev=%2Fm');
  });

  it('prints for the scan and opens the printable protocol PDF at once', async () => {
    show(ANNA_ADMIN, {
      'PATCH /api/service/printForScan/3': {
        body: { ...open, state: 'DODAJ_SKAN', number: 7, fullNumber: '7/03/2026' },
      },
    });
    await menuOf('\\(auto\\)');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Drukuj do skanu' }));
    await confirm('Drukuj do skanu');
    const viewer = await screen.findByRole('dialog', { name: 'Protokół 7-03-2026.pdf' });
    expect(viewer.querySelector('iframe')).toHaveAttribute('src', '/api/service/protocol-pdf/3');
  });

  it('deletes an attachment (admin) after naming it', async () => {
    const api = show(ANNA_ADMIN, { 'DELETE /api/file/delete/6': { body: { message: 'Usunięto plik.' } } });
    // The signed protocol's PDFs, the first and its correction, are told apart and have no delete.
    const row = await rowOf('24');
    expect(within(row).getByText('Protokół podpisany w aplikacji')).toBeInTheDocument();
    expect(within(row).getByText('Korekta protokołu z 2026-03-05')).toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('button', { name: /^Usuń plik:/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Usuń plik: protokol.pdf', 'Usuń plik: zdjecie.jpg']);
    await userEvent.click(within(await rowOf('24')).getByRole('button', { name: 'Usuń plik: zdjecie.jpg' }));
    expect(
      await screen.findByText(
        'Czy na pewno chcesz usunąć plik „zdjecie.jpg” (zdarzenie serwisowe nr 24/03/2026)?',
      ),
    ).toBeInTheDocument();
    await confirm('Usuń');
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
        '/api/file/delete/6',
      ]),
    );
  });
});
