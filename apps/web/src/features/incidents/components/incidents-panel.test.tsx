import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { incidentDateOutOfRange, MSG, type Incident } from '@serwis/domain';
import { ANNA_ADMIN, JAN_USER, fakeApi, type FakeReply } from '../../../../test/fake-api';
import { queryOf, renderScreen } from '../../../../test/render-screen';
import { dayjs } from '../../../lib/dayjs';
import { companyToday } from '../../../lib/company-time';
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

function server(
  replies: { save?: FakeReply | (() => FakeReply); remove?: FakeReply } = {},
  list: Incident[] = stored,
) {
  return fakeApi({
    'GET /api/incident/findByParameters': (call) => ({
      body:
        queryOf(call.url).get('showService') === 'true'
          ? list.map((i) => (i.serviceId ? { ...i, service: linked } : i))
          : list,
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
    renderScreen(<IncidentsPanel deviceId={7} />, { session: ANNA_ADMIN });
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

  it('refuses a time left half typed rather than save the incident at 00:00', async () => {
    const api = server({ save: () => ({ status: 201, body: {} }) });
    const saves = () => api.calls.filter((c) => c.method === 'POST');
    renderScreen(<IncidentsPanel deviceId={7} />, { session: ANNA_ADMIN });
    await screen.findByRole('row', { name: 'Zdarzenie z 2025-03-10 14:00' });
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj zdarzenie' }));
    const modal = await screen.findByRole('dialog');
    await userEvent.type(within(modal).getByRole('textbox', { name: 'Treść' }), 'Wyciek');
    // "0930" on a 12-hour clock, AM or PM not chosen: the browser's field has no value, and says so.
    const time = within(modal).getByLabelText<HTMLInputElement>('Godzina');
    Object.defineProperty(time, 'validity', { value: { badInput: true, valid: false } });
    await userEvent.click(within(modal).getByRole('button', { name: 'Zapisz' }));
    expect(await within(modal).findByText(MSG.timeIncomplete)).toBeInTheDocument();
    expect(time).toHaveFocus();
    expect(saves()).toHaveLength(0);
  });

  it('creates an incident with id 0, date joined with time and the chosen service; shows save refusals', async () => {
    // the save answer changes between the two attempts
    let answer: FakeReply = { status: 403, body: { message: 'x' } };
    const api = server({ save: () => answer });
    const saves = () => api.calls.filter((c) => c.method === 'POST');
    renderScreen(<IncidentsPanel deviceId={7} />, { session: ANNA_ADMIN });
    await screen.findByRole('row', { name: 'Zdarzenie z 2025-03-10 14:00' });
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj zdarzenie' }));
    const modal = await screen.findByRole('dialog');
    // It starts on today (the company's), as a new service event does; emptied, it is asked for.
    const date = within(modal).getByRole('button', { name: 'Data' });
    expect(date).toHaveTextContent(companyToday());
    const clear = date.parentElement!.querySelector<HTMLButtonElement>('.mantine-InputClearButton-root')!;
    await userEvent.click(clear);
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
    // A date outside the years (one saved through the API in a zone that took it there).
    const outside = incidentDateOutOfRange(1900, 2036);
    answer = { status: 400, body: { message: outside, code: 'VALIDATION', field: 'date' } };
    await userEvent.click(within(modal).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() =>
      expect(within(modal).getByRole('alert')).toHaveTextContent(`${MSG.incidentSaveFailed} ${outside}`),
    );
  });

  it('edits an incident with its id and says "Brak uprawnień do tej operacji!" when a delete is refused', async () => {
    const api = server({ remove: { status: 403, body: { message: 'x' } } });
    renderScreen(<IncidentsPanel deviceId={7} />, { session: ANNA_ADMIN });
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

  describe('as an employee (Jan, id 2) and as an admin', () => {
    const mixed = [
      incident({ id: 1 }),
      incident({
        id: 3,
        date: '2025-03-12T09:00:00',
        text: 'Wyciek oleju',
        serviceId: 31,
        userCreated: { id: 9, fullName: 'Piotr Zieliński' },
      }),
    ];
    const own = 'Zdarzenie z 2025-03-01 08:15';
    const foreign = 'Zdarzenie z 2025-03-12 09:00';

    it('offers the employee the edit of his own incident only and no delete (a colleague’s opens read-only), an admin all', async () => {
      const api = server({}, mixed);
      const employee = renderScreen(<IncidentsPanel deviceId={7} />, { session: JAN_USER });
      const ownRow = await screen.findByRole('row', { name: own });
      const foreignRow = screen.getByRole('row', { name: foreign });
      expect(
        within(ownRow).getByRole('button', { name: `Edytuj zdarzenie z 2025-03-01 08:15` }),
      ).toBeInTheDocument();
      expect(within(foreignRow).queryByRole('button', { name: /^Edytuj/ })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Usuń zdarzenie/ })).toBeNull();
      expect(screen.getByRole('button', { name: 'Dodaj zdarzenie' })).toBeInTheDocument();

      // A colleague's incident: shown, nothing to type, nothing to save.
      await userEvent.click(foreignRow);
      let modal = await screen.findByRole('dialog', { name: 'Zdarzenie (tylko do odczytu)' });
      expect(
        within(modal).getByText('Zdarzenie może zmieniać tylko jego autor lub administrator.'),
      ).toBeInTheDocument();
      const text = within(modal).getByRole('textbox', { name: 'Treść' });
      expect(text).toHaveValue('Wyciek oleju');
      expect(text).toHaveAttribute('readonly');
      await userEvent.type(text, ' i wody');
      expect(text).toHaveValue('Wyciek oleju');
      await waitFor(() =>
        expect(within(modal).getByRole('combobox', { name: 'Zdarzenie serwisowe' })).toHaveValue(
          '25A/03/2025 (2025-03-06)',
        ),
      );
      expect(within(modal).getByRole('combobox', { name: 'Zdarzenie serwisowe' })).toHaveAttribute(
        'readonly',
      );
      expect(within(modal).getByLabelText('Godzina')).toHaveAttribute('readonly');
      expect(within(modal).queryByRole('button', { name: 'Zapisz' })).toBeNull();
      await userEvent.click(within(modal).getByRole('button', { name: 'Zamknij' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      // His own: the edit form as before.
      await userEvent.click(ownRow);
      modal = await screen.findByRole('dialog', { name: 'Edycja zdarzenia' });
      expect(within(modal).getByRole('textbox', { name: 'Treść' })).not.toHaveAttribute('readonly');
      expect(within(modal).getByRole('button', { name: 'Zapisz' })).toBeInTheDocument();
      expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
      employee.unmount();

      // An administrator edits and deletes every incident.
      renderScreen(<IncidentsPanel deviceId={7} />, { session: ANNA_ADMIN });
      for (const name of [own, foreign]) {
        const row = await screen.findByRole('row', { name });
        const when = name.replace('Zdarzenie z ', '');
        expect(within(row).getByRole('button', { name: `Edytuj zdarzenie z ${when}` })).toBeInTheDocument();
        expect(within(row).getByRole('button', { name: `Usuń zdarzenie z ${when}` })).toBeInTheDocument();
      }
      await userEvent.click(screen.getByRole('row', { name: foreign }));
      modal = await screen.findByRole('dialog', { name: 'Edycja zdarzenia' });
      expect(within(modal).getByRole('button', { name: 'Zapisz' })).toBeInTheDocument();
    });
  });
});
