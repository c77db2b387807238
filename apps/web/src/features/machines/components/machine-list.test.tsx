import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dayjs } from '../../../lib/dayjs';
import { EMPTY_LIST, fakeApi } from '../../../../test/fake-api';
import { catchDownloads } from '../../../../test/downloads';
import { renderScreen } from '../../../../test/render-screen';
import { sampleDevice, sampleCustomerRecord } from '../../../../test/samples';
import { EMPTY_FILTERS, type MachineFilters } from '../machine-filters';
import { MachineList } from './machine-list';
import { Link } from 'react-router';
import { PART_FILTER_TEXT } from '@serwis/domain';

/** No pause between keystrokes: the tests check behaviour, not typing speed. */
const user = userEvent.setup({ delay: null });
// Mantine forms with many comboboxes are slow in jsdom on a busy machine; allow headroom.
vi.setConfig({ testTimeout: 40_000 });

const rows = [
  sampleDevice(),
  sampleDevice({ id: 8, name: 'Prasa', customer: { ...sampleDevice().customer, id: 12 } }),
];

function fakeServer(total = 2) {
  return fakeApi(
    {
      'POST /api/device/getByFilter': { body: rows, headers: { 'X-Total-Count': String(total) } },
      'POST /api/device-external/getByFilter': { body: [], headers: { 'X-Total-Count': '0' } },
      'GET /api/customer/findAll': { body: [sampleCustomerRecord()] },
      'GET /api/category/findAll': { body: [{ id: 3, name: 'Lasery', count: 1 }] },
    },
    { otherwise: EMPTY_LIST },
  );
}

/** A family's list with an empty page and a CSV to download. */
const csvServer = (prefix: '/api/device' | '/api/device-external') =>
  fakeApi(
    {
      [`POST ${prefix}/getByFilter`]: { body: [], headers: { 'X-Total-Count': '0' } },
      [`POST ${prefix}/get-csv-by-filter`]: { body: 'Id;Nazwa\r\n' },
    },
    { otherwise: EMPTY_LIST },
  );

/** The machine list's state as an earlier visit in this tab left it: page 1 of 10, these filters. */
const keepFilters = (filters: Partial<MachineFilters>) =>
  sessionStorage.setItem(
    'list:machines',
    JSON.stringify({
      page: 1,
      size: 10,
      sorting: [{ id: 'statusWeight', desc: false }],
      search: '',
      filters: { ...EMPTY_FILTERS, ...filters },
    }),
  );

const renderList = (family: 'INTERNAL' | 'EXTERNAL' = 'INTERNAL') =>
  renderScreen(<MachineList family={family} />, { url: '/list' });

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('machine list', () => {
  it("points to the other family's list when a search finds nothing here but there, and opens it so", async () => {
    const server = fakeApi(
      {
        'POST /api/device/getByFilter': { body: [], headers: { 'X-Total-Count': '0' } },
        'POST /api/device-external/getByFilter': (call) =>
          call.query.get('q') === 'SP-2024'
            ? { body: [sampleDevice({ type: 'EXTERNAL' })], headers: { 'X-Total-Count': '2' } }
            : { body: [], headers: { 'X-Total-Count': '0' } },
      },
      { otherwise: EMPTY_LIST },
    );
    renderList();
    expect(await screen.findByText('Brak danych')).toBeInTheDocument();
    // An empty list without a question asks the other one nothing.
    expect(server.callsTo('POST', '/api/device-external/getByFilter')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Szukaj' }), 'SP-2024');
    expect(
      await screen.findByText('Pasujące maszyny na liście „Lista maszyn zewnętrznych”: 2.'),
    ).toBeInTheDocument();
    const asked = server.callsTo('POST', '/api/device-external/getByFilter').at(-1)!;
    expect([asked.query.get('q'), asked.query.get('size')]).toEqual(['SP-2024', '1']);
    await user.click(screen.getByRole('button', { name: 'Pokaż je' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/machineExternalList'));
    expect(JSON.parse(sessionStorage.getItem('list:machines-external')!)).toMatchObject({
      search: 'SP-2024',
      page: 1,
    });
  });

  it('asks for the first page sorted by status weight and shows the rows', async () => {
    const server = fakeServer();
    renderList();
    expect(await screen.findByText('Laser CO2 3000')).toBeInTheDocument();
    const call = server.callsTo('POST', '/api/device/getByFilter')[0]!;
    expect(call.query.get('page')).toBe('1');
    expect(call.query.get('size')).toBe('10');
    expect(call.query.get('sort')).toBe('statusWeight,asc');
    expect(call.query.has('q')).toBe(false);
    expect(screen.getByRole('heading', { name: 'Lista maszyn' })).toBeInTheDocument();
    // the weight column is hidden; the warranty shows months plus kind; the date its first 10 chars
    expect(screen.queryByRole('columnheader', { name: /Waga statusu/ })).not.toBeInTheDocument();
    expect(screen.getAllByText('24 mies. pełna')).toHaveLength(2);
    expect(screen.getAllByText('2024-03-05')).toHaveLength(2);
  });

  it('tells a page the server refused instead of showing an empty register', async () => {
    fakeApi(
      { 'POST /api/device/getByFilter': { status: 403, body: { message: 'Brak uprawnień.' } } },
      { otherwise: EMPTY_LIST },
    );
    renderList();
    expect((await screen.findByRole('alert')).textContent).toBe('Brak uprawnień.');
  });

  it('turns the chevron red and double once a filter is applied, and back when cleared', async () => {
    fakeServer();
    renderList();
    await screen.findByText('Laser CO2 3000');
    const toggle = screen.getByRole('button', { name: /Filtry/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('filters-chevron')).toBeInTheDocument();
    expect(screen.queryByTestId('filters-chevron-active')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.type(screen.getByLabelText('Miasto'), 'Kraków');
    // typing alone does not narrow the list yet
    expect(screen.getByTestId('filters-chevron')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Szukaj' }));
    await waitFor(() => expect(screen.getByTestId('filters-chevron-active')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: /Filtry.*aktywne/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Wyczyść filtry' }));
    await waitFor(() => expect(screen.getByTestId('filters-chevron')).toBeInTheDocument());
    expect(screen.getByLabelText('Miasto')).toHaveValue('');
  });

  it('sends the typed filters, with the picked date as midnight of that day', async () => {
    const server = fakeServer();
    renderList();
    await screen.findByText('Laser CO2 3000');
    await user.click(screen.getByRole('button', { name: /Filtry/ }));
    await user.type(screen.getByLabelText('Miasto'), 'Kraków');
    await user.type(screen.getByLabelText('Id'), '4x2');
    // the picker speaks Polish and starts weeks on Monday
    await user.click(screen.getByRole('button', { name: 'Data od' }));
    const weekdays = document.querySelectorAll('thead th');
    expect(weekdays[0]?.textContent?.toLowerCase()).toMatch(/^pn|^pon/);
    await user.click(screen.getByRole('button', { name: dayjs().date(15).format('D MMMM YYYY') }));
    await user.click(screen.getByRole('button', { name: 'Szukaj' }));
    await waitFor(() => {
      const last = server.callsTo('POST', '/api/device/getByFilter').at(-1)!;
      expect(last.body).toMatchObject({
        city: 'Kraków',
        id: 42,
        dateFrom: `${dayjs().format('YYYY-MM')}-15T00:00:00`,
        dateTo: '',
        statuses: [],
        categories: [],
        provinces: [],
      });
    });
  });

  it('finds machines by a part: asks three letters or digits, sends the term, opens the card on its parts', async () => {
    const server = fakeServer();
    renderList();
    await screen.findByText('Laser CO2 3000');
    await user.click(screen.getByRole('button', { name: /Filtry/ }));
    const part = screen.getByLabelText(PART_FILTER_TEXT.label);
    await user.type(part, '4W');
    const before = server.callsTo('POST', '/api/device/getByFilter').length;
    // Neither the file nor the list is asked for with it: it stays under the field.
    await user.click(screen.getByRole('button', { name: 'Pobierz CSV' }));
    expect(await screen.findByText(PART_FILTER_TEXT.tooShort)).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/device/get-csv-by-filter')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Szukaj' }));
    expect(part).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST', '/api/device/getByFilter')).toHaveLength(before);
    expect(JSON.parse(sessionStorage.getItem('list:machines')!).filters.part).toBe('');
    await user.type(part, 'E 6');
    await user.click(screen.getByRole('button', { name: 'Szukaj' }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/api/device/getByFilter').at(-1)!.body).toMatchObject({ part: '4WE 6' }),
    );
    expect(screen.queryByText(PART_FILTER_TEXT.tooShort)).toBeNull();
    fireEvent.click(screen.getByText('Prasa'));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/machineEdit?id=8&customerId=12&prev=machineList&activeTab=equipments',
    );
  });

  it('offers "Data do" no day before "Data od", so that a range cannot be the wrong way round', async () => {
    fakeServer();
    renderList();
    await screen.findByText('Laser CO2 3000');
    await user.click(screen.getByRole('button', { name: /Filtry/ }));
    await user.click(await screen.findByRole('button', { name: 'Data od' }));
    await user.click(await screen.findByRole('button', { name: dayjs().date(15).format('D MMMM YYYY') }));
    await user.click(await screen.findByRole('button', { name: 'Data do' }));
    expect(
      await screen.findByRole('button', { name: dayjs().date(14).format('D MMMM YYYY') }),
    ).toBeDisabled();
    expect(screen.getByRole('button', { name: dayjs().date(15).format('D MMMM YYYY') })).toBeEnabled();
  });

  it('downloads maszyny-zewnetrzne.csv for the typed filters, search and sort of the external family', async () => {
    const server = csvServer('/api/device-external');
    const { saved, restore } = catchDownloads();
    renderList('EXTERNAL');
    await user.type(screen.getByLabelText('Szukaj'), 'prasa');
    // The search goes out after a 300 ms pause in typing; on a fast machine the rest is quicker.
    await waitFor(() =>
      expect(server.callsTo('POST', '/api/device-external/getByFilter').at(-1)!.query.get('q')).toBe('prasa'),
    );
    await user.click(screen.getByRole('button', { name: /Filtry/ }));
    await user.type(screen.getByLabelText('Miasto'), 'Gdańsk');
    await user.click(screen.getByRole('button', { name: 'Pobierz CSV' }));
    await waitFor(() => expect(saved).toEqual(['maszyny-zewnetrzne.csv']));
    const call = server.callsTo('POST', '/api/device-external/get-csv-by-filter')[0]!;
    expect(call.body).toMatchObject({ city: 'Gdańsk' });
    expect(call.query.get('q')).toBe('prasa');
    expect(call.query.get('sort')).toBe('statusWeight,asc');
    expect(server.callsTo('POST', '/api/device/get-csv-by-filter')).toHaveLength(0);
    restore();
  });

  it('downloads for the search as typed, also when clicked before the table has followed it', async () => {
    const server = csvServer('/api/device');
    const { restore } = catchDownloads();
    renderList();
    await user.click(await screen.findByRole('button', { name: /Filtry/ }));
    await user.type(screen.getByLabelText('Szukaj'), 'Toruń');
    await user.click(screen.getByRole('button', { name: 'Pobierz CSV' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/device/get-csv-by-filter')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/device/get-csv-by-filter')[0]!.query.get('q')).toBe('Toruń');
    restore();
  });

  it('follows a category renamed since the filter was applied, and says so of one deleted since', async () => {
    // Applied as "Lasery stare" (id 3) and "Prasy" (id 4); since then 3 is "Lasery" and 4 is gone.
    keepFilters({ categories: ['Lasery stare', 'Prasy'], categoryIds: [3, 4] });
    const server = fakeServer();
    renderList();
    await screen.findByText('Laser CO2 3000');
    const calls = server.callsTo('POST', '/api/device/getByFilter');
    expect(calls.map((c) => (c.body as { categories: string[] }).categories)).toEqual([['Lasery']]);
    expect(
      screen.getByText('Kategorii „Prasy” z filtra już nie ma (usunięto ją), więc nie zawęża listy.'),
    ).toBeInTheDocument();
    // The panel's pill shows the category's name now.
    await user.click(screen.getByRole('button', { name: /Filtry/ }));
    expect(screen.queryByText('Lasery stare')).toBeNull();
    expect(screen.getAllByText('Lasery').length).toBeGreaterThan(0);
  });

  it('shows the category renamed since the last visit in the panel too, not its cached old name', async () => {
    keepFilters({ categories: ['Lasery stare'], categoryIds: [3] });
    let categories = [{ id: 3, name: 'Lasery stare', count: 1 }];
    const server = fakeApi(
      {
        'POST /api/device/getByFilter': { body: rows, headers: { 'X-Total-Count': '2' } },
        'GET /api/category/findAll': () => ({ body: categories }),
      },
      { otherwise: EMPTY_LIST },
    );
    renderScreen(<MachineList family="INTERNAL" />, {
      url: '/list',
      routes: { '/home': <Link to="/list">Wróć do listy</Link> },
    });
    await screen.findByText('Laser CO2 3000');
    // Renamed in another screen; the list is left and opened again in the same tab.
    categories = [{ id: 3, name: 'Lasery', count: 1 }];
    await user.click(screen.getByRole('button', { name: 'Wstecz' }));
    await user.click(await screen.findByRole('link', { name: 'Wróć do listy' }));
    await screen.findByText('Laser CO2 3000');
    await user.click(screen.getByRole('button', { name: /Filtry/ }));
    expect(screen.queryByText('Lasery stare')).toBeNull();
    expect(
      (server.callsTo('POST', '/api/device/getByFilter').at(-1)!.body as { categories: string[] }).categories,
    ).toEqual(['Lasery']);
  });

  it('sends filter dates as midnight of the day and keeps filters, page size and search across visits', async () => {
    keepFilters({ dateFrom: '2024-03-01', statuses: ['Ok'], provinces: ['śląskie'] });
    const server = fakeServer(45);
    const first = renderList();
    await screen.findByText('Laser CO2 3000');
    expect(server.callsTo('POST', '/api/device/getByFilter')[0]!.body).toMatchObject({
      dateFrom: '2024-03-01T00:00:00',
      dateTo: '',
      statuses: ['Ok'],
      provinces: ['śląskie'],
    });
    expect(screen.getByTestId('filters-chevron-active')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '20' }));
    await user.type(screen.getByLabelText('Szukaj'), 'laser');
    await waitFor(() =>
      expect(server.callsTo('POST', '/api/device/getByFilter').at(-1)!.query.get('q')).toBe('laser'),
    );
    await user.click(screen.getByRole('button', { name: 'Strona 2' }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/api/device/getByFilter').at(-1)!.query.get('page')).toBe('2'),
    );
    first.unmount();

    const before = server.calls.length;
    renderList();
    expect(await screen.findByLabelText('Szukaj')).toHaveValue('laser');
    await waitFor(() => expect(server.calls.length).toBeGreaterThan(before));
    const again = server.callsTo('POST', '/api/device/getByFilter').at(-1)!;
    expect(again.query.get('size')).toBe('20');
    expect(again.query.get('page')).toBe('2');
    expect(again.query.get('q')).toBe('laser');
    expect(again.body).toMatchObject({ dateFrom: '2024-03-01T00:00:00', statuses: ['Ok'] });
  });

  it('clamps a remembered page to the last page', async () => {
    sessionStorage.setItem(
      'list:machines-external',
      JSON.stringify({
        page: 9,
        size: 10,
        sorting: [{ id: 'statusWeight', desc: false }],
        search: '',
        filters: EMPTY_FILTERS,
      }),
    );
    const server = fakeServer();
    renderList('EXTERNAL');
    expect(screen.getByRole('heading', { name: 'Lista maszyn zewnętrznych' })).toBeInTheDocument();
    await waitFor(() =>
      expect(server.callsTo('POST', '/api/device-external/getByFilter').at(-1)!.query.get('page')).toBe('1'),
    );
    expect(server.callsTo('POST', '/api/device/getByFilter')).toHaveLength(0);
  });

  it('sorts on the server when a header is clicked and opens the card on row click', async () => {
    const server = fakeServer();
    renderList();
    await screen.findByText('Laser CO2 3000');
    await user.click(screen.getByRole('button', { name: /Nazwa/ }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/api/device/getByFilter').at(-1)!.query.get('sort')).toBe('name,asc'),
    );
    fireEvent.click(screen.getByText('Prasa'));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/machineEdit?id=8&customerId=12&prev=machineList',
    );
  });
});
