import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, type Incident } from '@serwis/domain';
import { fakeApi, type FakeReply } from '../../../../test/fake-api';
import { queryOf, renderScreen } from '../../../../test/render-screen';
import { dayjs } from '../../../lib/dayjs';
import { IncidentsPanel } from './incidents-panel';

afterEach(() => vi.unstubAllGlobals());

const linked = {
  id: 31,
  date: '2025-03-06',
  number: 25,
  numberExtension: 'A',
  month: 3,
  year: 2025,
  fullNumber: '25A/03/2025',
  state: 'PODPISANY' as const,
  type: ['NAPRAWA'],
  paymentType: 'PLATNA',
  faultDescription: 'Wyciek',
};

const incident = (overrides: Partial<Incident>): Incident => ({
  id: 1,
  date: '2025-03-01T08:15:00',
  text: 'Głośna praca pompy',
  device: { id: 7 },
  serviceId: null,
  service: null,
  userCreated: { id: 2, fullName: 'Jan Kowalski' },
  ...overrides,
});

const stored = [
  incident({ id: 1 }),
  incident({ id: 2, date: '2025-03-10T14:00:00', text: 'Wymiana pompy', serviceId: 31 }),
];

function server(replies: { save?: FakeReply | (() => FakeReply); remove?: FakeReply } = {}) {
  return fakeApi({
    'GET /api/incident/findByParameters': (call) => ({
      body:
        queryOf(call.url).get('showService') === 'true'
          ? stored.map((i) => (i.serviceId ? { ...i, service: linked } : i))
          : stored,
    }),
    'GET /api/service/findByDeviceWithFilesEnitiy/7': { body: [{ ...linked, files: [] }] },
    'POST /api/incident/insert': replies.save ?? { status: 201, body: stored[0] },
    'DELETE /api/incident/delete/1': replies.remove ?? { body: { message: MSG.incidentDeleted } },
  });
}

const lastSearch = (api: ReturnType<typeof server>) =>
  Object.fromEntries(
    queryOf(api.calls.filter((c) => c.url.startsWith('/api/incident/findByParameters')).at(-1)!.url),
  );
const day = (d: number) => dayjs().date(d);

describe('IncidentsPanel', () => {
  it('lists newest first and sends the from-day from 00:00:00 and the to-day up to 23:59:59.999999', async () => {
    const api = server();
    renderScreen(<IncidentsPanel deviceId={7} />);
    await screen.findByRole('row', { name: 'Zdarzenie z 2025-03-10 14:00' });
    const order = screen
      .getAllByRole('row', { name: /^Zdarzenie z/ })
      .map((r) => r.getAttribute('aria-label'));
    expect(order).toEqual(['Zdarzenie z 2025-03-10 14:00', 'Zdarzenie z 2025-03-01 08:15']);
    expect(lastSearch(api)).toEqual({
      deviceId: '7',
      text: '',
      showService: 'false',
      dateFrom: '',
      dateTo: '',
    });
    expect(screen.queryByRole('columnheader', { name: /Zdarzenie serwisowe/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Data od' }));
    await userEvent.click(screen.getByRole('button', { name: day(3).format('D MMMM YYYY') }));
    await userEvent.click(screen.getByRole('button', { name: 'Data do' }));
    await userEvent.click(screen.getByRole('button', { name: day(20).format('D MMMM YYYY') }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Szukaj' }), 'pompa');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pokaż serwis' }));

    await waitFor(() =>
      expect(lastSearch(api)).toEqual({
        deviceId: '7',
        text: 'pompa',
        showService: 'true',
        dateFrom: `${day(3).format('YYYY-MM-DD')}T00:00:00`,
        dateTo: `${day(20).format('YYYY-MM-DD')}T23:59:59.999999`,
      }),
    );
    const row = await screen.findByRole('row', { name: 'Zdarzenie z 2025-03-10 14:00' });
    expect(await within(row).findByText('25A/03/2025')).toBeInTheDocument();
  });

  it('creates an incident with id 0, date joined with time and the chosen service; shows save refusals', async () => {
    // the save answer changes between the two attempts
    let answer: FakeReply = { status: 403, body: { message: 'x' } };
    const api = server({ save: () => answer });
    const saves = () => api.calls.filter((c) => c.method === 'POST');
    renderScreen(<IncidentsPanel deviceId={7} />);
    await screen.findByRole('row', { name: 'Zdarzenie z 2025-03-10 14:00' });
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj zdarzenie' }));
    const modal = await screen.findByRole('dialog');
    await userEvent.click(within(modal).getByRole('button', { name: 'Zapisz' }));
    expect(await within(modal).findByText(MSG.incidentDateRequired)).toBeInTheDocument();

    await userEvent.click(within(modal).getByRole('button', { name: 'Data' }));
    await userEvent.click(screen.getByRole('button', { name: day(15).format('D MMMM YYYY') }));
    await userEvent.type(within(modal).getByLabelText('Godzina'), '08:30');
    await userEvent.type(within(modal).getByRole('textbox', { name: 'Treść' }), 'Awaria czujnika');
    await userEvent.click(within(modal).getByRole('combobox', { name: 'Zdarzenie serwisowe' }));
    await userEvent.click(await screen.findByRole('option', { name: '25A/03/2025 (2025-03-06)' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Zapisz' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0].body).toEqual({
      id: 0,
      device: { id: 7 },
      date: `${day(15).format('YYYY-MM-DD')}T08:30:00`,
      text: 'Awaria czujnika',
      service: { id: 31 },
    });
    expect(await within(modal).findByRole('alert')).toHaveTextContent(MSG.forbiddenIncident);

    answer = { status: 500, body: { message: 'x' } };
    await userEvent.click(within(modal).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(within(modal).getByRole('alert')).toHaveTextContent(MSG.incidentSaveFailed));

    // A time the clocks skipped: the spec's words, then the reason.
    answer = { status: 400, body: { message: MSG.incidentTimeSkipped, code: 'TIME_SKIPPED', field: 'date' } };
    await userEvent.click(within(modal).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() =>
      expect(within(modal).getByRole('alert')).toHaveTextContent(
        `${MSG.incidentSaveFailed} ${MSG.incidentTimeSkipped}`,
      ),
    );
  });

  it('edits an incident with its id and says "Brak uprawnień do tej operacji!" when a delete is refused', async () => {
    const api = server({ remove: { status: 403, body: { message: 'x' } } });
    renderScreen(<IncidentsPanel deviceId={7} />);
    await userEvent.click(await screen.findByRole('row', { name: 'Zdarzenie z 2025-03-10 14:00' }));
    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByRole('textbox', { name: 'Treść' })).toHaveValue('Wymiana pompy');
    await waitFor(() =>
      expect(within(modal).getByRole('combobox', { name: 'Zdarzenie serwisowe' })).toHaveValue(
        '25A/03/2025 (2025-03-06)',
      ),
    );
    await userEvent.click(within(modal).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      id: 2,
      device: { id: 7 },
      date: '2025-03-10T14:00:00',
      text: 'Wymiana pompy',
      service: { id: 31 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Usuń zdarzenie z 2025-03-01 08:15' }));
    const confirm = await screen.findByRole('dialog');
    expect(
      within(confirm).getByText('Czy na pewno chcesz usunąć zdarzenie z 2025-03-01 08:15?'),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Usuń' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.forbiddenBang);
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/incident/delete/1',
    ]);
  });
});
