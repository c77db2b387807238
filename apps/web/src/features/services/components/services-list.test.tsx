import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../../test/fake-api';
import { catchDownloads } from '../../../../test/downloads';
import { renderScreen } from '../../../../test/render-screen';
import { sampleService } from '../../../../test/samples';
import { ServicesExternalListPage, ServicesListPage } from '../routes/services-list-page';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const longText = `${'Wyciek oleju z siłownika, '.repeat(4)}koniec opisu.`;
const single = sampleService({ id: 1, faultDescription: longText });
const several = sampleService({
  id: 2,
  number: 24,
  numberExtension: '',
  fullNumber: '24/03/2026',
  devices: [
    { id: 7, name: 'Laser CO2 3000', type: 'INTERNAL', customer: { id: 11 } },
    { id: 9, name: 'Prasa', type: 'INTERNAL', customer: { id: 11 } },
  ],
});
const location = () => screen.getByTestId('location').textContent;

describe('/servicesList', () => {
  it("saves the family's CSV for the search as typed and the list's order", async () => {
    const api = fakeApi({
      'GET /api/service/findAllOrderExternal': { body: [single] },
      'GET /api/service/get-csv': { body: 'Id;Numer\r\n1;25A/03/2026\r\n' },
    });
    const { saved, restore } = catchDownloads();
    renderScreen(<ServicesExternalListPage />, { url: '/servicesExternalList' });
    await screen.findByRole('row', { name: /25A\/03\/2026/ });
    await userEvent.type(screen.getByLabelText('Szukaj'), '11/2026 ');
    await userEvent.click(screen.getByRole('button', { name: 'Pobierz CSV' }));
    await waitFor(() => expect(saved).toEqual(['zdarzenia-serwisowe-zewnetrzne.csv']));
    const [call] = api.callsTo('GET', '/api/service/get-csv');
    expect([call!.query.get('family'), call!.query.get('q'), call!.query.get('sort')]).toEqual([
      'EXTERNAL',
      '11/2026',
      'fullNumber,desc',
    ]);
    restore();
  });

  it('asks the server for the first page by full number descending and shows the columns', async () => {
    const api = fakeApi({ 'GET /api/service/findAllOrderInternal': { body: [single, several] } });
    renderScreen(<ServicesListPage />, { url: '/servicesList' });
    expect(screen.getByRole('heading', { name: 'Lista zdarzeń serwisowych' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /25A\/03\/2026/ });
    expect(within(row).getByText('ACME')).toBeInTheDocument();
    expect(within(row).getByText('(7) Laser CO2 3000')).toBeInTheDocument();
    expect(within(row).getByText('Gwarancyjna')).toBeInTheDocument();
    expect(within(row).getByText('Podpisany').closest('.mantine-Badge-root')).toHaveAttribute(
      'data-service-state',
      'PODPISANY',
    );
    expect(within(row).getByText('Jan Kowalski')).toBeInTheDocument();
    const other = screen.getByRole('row', { name: /24\/03\/2026/ });
    expect(within(other).getByText('(7) Laser CO2 3000, (9) Prasa')).toBeInTheDocument();

    const url = new URL(api.calls[0].url, 'http://localhost');
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('size')).toBe('15');
    expect(url.searchParams.get('sort')).toBe('fullNumber,desc');
    for (const size of ['15', '30', '50', '100']) {
      expect(screen.getByRole('button', { name: size })).toBeInTheDocument();
    }
  });

  it('sorts by a column when its header is clicked, each way, and back by the full number', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'GET /api/service/findAllOrderInternal': { body: [single, several] } });
    renderScreen(<ServicesListPage />, { url: '/servicesList' });
    await screen.findByRole('row', { name: /25A\/03\/2026/ });
    const sorts = () =>
      api.calls.map((call) => new URL(call.url, 'http://localhost').searchParams.get('sort'));
    for (const [header, field] of [
      ['Id', 'id'],
      ['Data', 'date'],
      ['Kontrahent', 'customer'],
      ['Koszt', 'paymentType'],
      ['Opis usterki', 'faultDescription'],
      ['Pracownik', 'user'],
      ['Stan', 'state'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: header }));
      await waitFor(() => expect(sorts().at(-1)).toMatch(new RegExp(`^${field},(asc|desc)$`)));
      const first = sorts().at(-1);
      await user.click(screen.getByRole('button', { name: header }));
      await waitFor(() => expect(sorts().at(-1)).toBe(`${field},${first!.endsWith('asc') ? 'desc' : 'asc'}`));
    }
    await user.click(screen.getByRole('button', { name: 'Numer' }));
    await waitFor(() => expect(sorts().at(-1)).toMatch(/^fullNumber,(asc|desc)$/));
    expect(screen.getByRole('columnheader', { name: 'Numer' }).getAttribute('aria-sort')).toMatch(/ending$/);
    // Columns the server cannot sort by offer no button.
    expect(screen.queryByRole('button', { name: 'Maszyny' })).toBeNull();
  });

  it('marks the events whose protocol was sent to the customer', async () => {
    const sent = { ...single, protocolSent: { to: 'biuro@acme.pl', at: '2026-03-05T09:30:00.000Z' } };
    fakeApi({ 'GET /api/service/findAllOrderInternal': { body: [sent, several] } });
    renderScreen(<ServicesListPage />, { url: '/servicesList' });
    const row = await screen.findByRole('row', { name: /25A\/03\/2026/ });
    expect(
      within(row).getByRole('img', { name: /^Wysłano do klienta biuro@acme\.pl 2026-03-05/ }),
    ).toBeInTheDocument();
    const other = screen.getByRole('row', { name: /24\/03\/2026/ });
    expect(within(other).queryByRole('img', { name: /^Wysłano do klienta/ })).toBeNull();
  });

  it('cuts a long fault description at 80 characters and shows all of it in a tooltip', async () => {
    fakeApi({ 'GET /api/service/findAllOrderInternal': { body: [single] } });
    renderScreen(<ServicesListPage />, { url: '/servicesList' });
    const row = await screen.findByRole('row', { name: /25A\/03\/2026/ });
    const cell = within(row).getByText(`${longText.slice(0, 80)}…`);
    expect(within(row).queryByText(longText)).toBeNull();
    await userEvent.hover(cell);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(longText);
  });

  it('on a touch screen, a tap on the cut description (its tooltip) does not open the row', async () => {
    fakeApi({ 'GET /api/service/findAllOrderInternal': { body: [single] } });
    renderScreen(<ServicesListPage />, { url: '/servicesList' });
    const row = await screen.findByRole('row', { name: /25A\/03\/2026/ });
    const cell = within(row).getByText(`${longText.slice(0, 80)}…`);
    fireEvent.touchStart(cell);
    fireEvent.click(cell);
    expect(location()).toBe('/servicesList');
    // A mouse click on the same text still opens the machine card.
    fireEvent.click(cell);
    expect(location()).toBe('/machineEdit?id=7&prev=servicesList&customerId=11&activeTab=service');
  });

  it('opens the machine card on the service tab when the event has one machine', async () => {
    fakeApi({ 'GET /api/service/findAllOrderInternal': { body: [single] } });
    renderScreen(<ServicesListPage />, { url: '/servicesList' });
    await userEvent.click(await screen.findByRole('row', { name: /25A\/03\/2026/ }));
    expect(location()).toBe('/machineEdit?id=7&prev=servicesList&customerId=11&activeTab=service');
  });

  it('asks "Wybierz maszynę." when the event has several machines', async () => {
    fakeApi({ 'GET /api/service/findAllOrderInternal': { body: [several] } });
    renderScreen(<ServicesListPage />, { url: '/servicesList' });
    await userEvent.click(await screen.findByRole('row', { name: /24\/03\/2026/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Wybierz maszynę.' });
    expect(location()).toBe('/servicesList');
    expect(within(dialog).getByRole('button', { name: '(7) Laser CO2 3000' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '(9) Prasa' }));
    expect(location()).toBe('/machineEdit?id=9&prev=servicesList&customerId=11&activeTab=service');
  });

  it('shows an estimated total as one, and offers no last page it cannot know', async () => {
    fakeApi({
      'GET /api/service/findAllOrderInternal': {
        body: [single, several],
        headers: { 'X-Total-Count': '1967', 'X-Total-Count-Estimated': 'true' },
      },
    });
    renderScreen(<ServicesListPage />, { url: '/servicesList' });
    await screen.findByRole('row', { name: /25A\/03\/2026/ });
    expect(screen.getByText(/^Rekordów: /)).toHaveTextContent('Rekordów: ok. 2000');
    expect(screen.getByRole('button', { name: 'Strona 2' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Ostatnia strona' })).toBeDisabled();
  });

  it('sends the search text as q', async () => {
    const api = fakeApi({ 'GET /api/service/findAllOrderInternal': { body: [single] } });
    renderScreen(<ServicesListPage />, { url: '/servicesList' });
    await screen.findByRole('row', { name: /25A\/03\/2026/ });
    await userEvent.type(screen.getByRole('textbox', { name: 'Szukaj' }), 'Laser');
    await waitFor(() =>
      expect(api.calls.some((c) => new URL(c.url, 'http://x').searchParams.get('q') === 'Laser')).toBe(true),
    );
  });
});

describe('/servicesExternalList', () => {
  it('lists external events and opens the external machine card', async () => {
    const api = fakeApi({
      'GET /api/service/findAllOrderExternal': {
        body: [
          sampleService({
            devices: [{ id: 31, name: 'Obca prasa', type: 'EXTERNAL', customer: { id: 12 } }],
          }),
        ],
      },
    });
    renderScreen(<ServicesExternalListPage />, { url: '/servicesExternalList' });
    expect(
      screen.getByRole('heading', { name: 'Lista zdarzeń serwisowych dla maszyn zewnętrznych' }),
    ).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('row', { name: /25A\/03\/2026/ }));
    expect(location()).toBe(
      '/machineExternalEdit?id=31&prev=servicesExternalList&customerId=12&activeTab=service',
    );
    expect(api.calls[0].url.startsWith('/api/service/findAllOrderExternal?')).toBe(true);
  });
});
