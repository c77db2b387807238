import { notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELETION_TEXT, MSG, type Customer } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { ANNA_ADMIN, JAN_USER } from '../../../../test/fake-api';
import { queryOf, renderScreen } from '../../../../test/render-screen';
import { CustomerEditPage } from './customer-edit-page';

const stored: Customer = {
  id: 5,
  shortName: 'Kowalski & Syn',
  fullName: 'Kowalski & Syn s.c.',
  streetAddress: 'ul. Polna 1',
  zipCode: '26-600',
  city: 'Radom',
  province: 'mazowieckie',
  nip: '',
  regon: '',
  phoneNumber: '',
  email: '',
  inspectionNotices: false,
};

function fakeApi(
  answers: { update?: number; remove?: number; dependants?: { machines: number; services: number } } = {},
) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/customer/findById/5') return json(stored);
      if (url.split('?')[0] === '/api/device/findByCustomer/5')
        return new Response(
          JSON.stringify([
            { id: 11, name: 'Prasa P-100', status: 'OK', category: { name: 'Prasy' }, customer: { id: 5 } },
          ]),
          { headers: { 'Content-Type': 'application/json', 'X-Total-Count': '31' } },
        );
      if (url === '/api/customer/dependants/5' && answers.dependants) return json(answers.dependants);
      if (method === 'PUT') return json({ message: MSG.forbidden }, answers.update ?? 403);
      if (method === 'DELETE') return json({ message: DELETION_TEXT.customerInUse }, answers.remove ?? 409);
      return json({ message: MSG.notFound }, 404);
    }),
  );
  return calls;
}

/** The card at `url` as `session` sees it (an administrator unless told). */
const renderAt = (url: string, session: unknown = ANNA_ADMIN) =>
  renderScreen(<CustomerEditPage />, { url, session });

describe('CustomerEditPage', () => {
  beforeEach(() => {
    notifications.clean();
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fills the form from the query at once (ampersands intact), then from the server', async () => {
    fakeApi();
    const link = paths.customerEdit({ ...stored, city: 'Kielce' });
    expect(link).toContain('shortName=Kowalski+%26+Syn');
    renderAt(link);
    expect(screen.getByLabelText(/Nazwa skrócona/)).toHaveValue('Kowalski & Syn');
    expect(screen.getByLabelText('Miejscowość')).toHaveValue('Kielce');
    await waitFor(() => expect(screen.getByLabelText('Miejscowość')).toHaveValue('Radom'));
  });

  it('shows a customer that is not there (deleted meanwhile) as its message, without a form to save or delete', async () => {
    fakeApi();
    renderAt('/customerEdit?id=99&shortName=Widmo');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.notFound));
    await waitFor(() => expect(screen.queryByLabelText(/Nazwa skrócona/)).toBeNull());
    expect(screen.queryByRole('button', { name: 'Usuń kontrahenta' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Maszyny' })).toBeNull();
  });

  it('shows an employee the customer read-only (nothing to type, no Zapisz, no Usuń), an admin the form', async () => {
    const calls = fakeApi({ update: 409 });
    const user = userEvent.setup();
    const employee = renderAt(paths.customerEdit(stored), JAN_USER);
    // Named by the customer once loaded: several open tabs are told apart.
    expect(
      await screen.findByRole('heading', { name: `Kontrahent: ${stored.shortName}` }),
    ).toBeInTheDocument();
    expect(document.title).toBe(`Kontrahent: ${stored.shortName} – Serwis`);
    expect(screen.queryByRole('heading', { name: /Edycja kontrahenta/ })).toBeNull();
    expect(screen.getByText('Dane kontrahenta może zmieniać tylko administrator.')).toBeInTheDocument();
    const phone = screen.getByLabelText('Telefon');
    await waitFor(() => expect(screen.getByLabelText('Nazwa pełna')).toHaveValue('Kowalski & Syn s.c.'));
    for (const label of ['Nazwa skrócona', 'Nazwa pełna', 'Ulica', 'Miejscowość', 'NIP', 'E-mail']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    }
    expect(screen.getByRole('combobox', { name: 'Województwo' })).toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: /Wysyłaj kontrahentowi/ })).toBeDisabled();
    await user.type(phone, '600 100 200{Enter}');
    expect(phone).toHaveValue('');
    for (const name of ['Zapisz', 'Anuluj', 'Usuń kontrahenta']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    // The machines stay his to open.
    expect(await screen.findByRole('row', { name: 'Maszyna Prasa P-100 (id 11)' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    employee.unmount();

    // An administrator edits and saves; a refusal of the save shows in the banner.
    renderAt(paths.customerEdit(stored), ANNA_ADMIN);
    expect(
      await screen.findByRole('heading', { name: `Edycja kontrahenta: ${stored.shortName}` }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Dane kontrahenta może zmieniać tylko administrator.')).toBeNull();
    await waitFor(() => expect(screen.getByLabelText('Nazwa pełna')).toHaveValue('Kowalski & Syn s.c.'));
    expect(screen.getByLabelText('Telefon')).not.toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: /Wysyłaj kontrahentowi/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Usuń kontrahenta' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Telefon'), '600 100 200');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    const banner = await screen.findByText(MSG.customerExists);
    expect(banner.closest('[role="alert"]')).not.toBeNull();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      id: 5,
      shortName: 'Kowalski & Syn',
      phoneNumber: '600 100 200',
    });
  });

  it('asks before deleting, naming the customer, and shows the 409 message', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderAt(paths.customerEdit(stored));
    await user.click(screen.getByRole('button', { name: 'Usuń kontrahenta' }));
    expect(
      await screen.findByText('Czy na pewno chcesz usunąć kontrahenta Kowalski & Syn?'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Usuń' }));
    expect(
      await screen.findByText(
        'Błąd! Sprawdź czy z kontrahentem są powiązane zależności (maszyny itp.). Musisz je najpierw usunąć!',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/customerEdit');
  });

  it('says what keeps the customer instead of asking, and deletes nothing', async () => {
    const calls = fakeApi({ dependants: { machines: 31, services: 2 } });
    const user = userEvent.setup();
    renderAt(paths.customerEdit(stored));
    await user.click(screen.getByRole('button', { name: 'Usuń kontrahenta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nie można usunąć' });
    expect(dialog).toHaveTextContent(
      'Kontrahenta nie można usunąć: ma zdarzenia serwisowe (2) i maszyny (31), a zdarzenia zostają w historii serwisu. Znajdziesz je na listach zdarzeń serwisowych (maszyn i maszyn zewnętrznych), wpisując w wyszukiwarkę jego nazwę.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Zamknij' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('deletes the customer and leaves without asking for the deleted one again', async () => {
    const calls = fakeApi({ remove: 200 });
    const user = userEvent.setup();
    renderAt(paths.customerEdit(stored));
    await user.click(screen.getByRole('button', { name: 'Usuń kontrahenta' }));
    await user.click(await screen.findByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/customerList'));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(calls.filter((c) => c.url === '/api/customer/findById/5')).toHaveLength(1);
  });

  it('lists the customer’s machines a page at a time from the server, each opening the machine card', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderAt(paths.customerEdit(stored), JAN_USER);
    await screen.findByRole('row', { name: 'Maszyna Prasa P-100 (id 11)' });
    const machineCalls = () =>
      calls.filter((c) => c.url.startsWith('/api/device/findByCustomer/5')).map((c) => queryOf(c.url));
    expect(Object.fromEntries(machineCalls()[0])).toEqual({ page: '1', size: '10', sort: 'id,asc' });
    // 31 machines: the pager offers the second page, which is asked for, not cut from a full list.
    await user.click(screen.getByRole('button', { name: 'Strona 2' }));
    await waitFor(() => expect(machineCalls().at(-1)?.get('page')).toBe('2'));
    // A customer of thousands of machines: 100 to a page, or found by a term, asked of the server.
    await user.click(screen.getByRole('button', { name: '100' }));
    await waitFor(() =>
      expect(Object.fromEntries(machineCalls().at(-1)!)).toEqual({ page: '1', size: '100', sort: 'id,asc' }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Szukaj' }), 'P-100');
    await waitFor(() =>
      expect(Object.fromEntries(machineCalls().at(-1)!)).toEqual({
        page: '1',
        size: '100',
        sort: 'id,asc',
        q: 'P-100',
      }),
    );
    await user.click(await screen.findByRole('row', { name: 'Maszyna Prasa P-100 (id 11)' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/machineEdit?id=11&customerId=5&prev=customerList',
    );
    // Back on the card: the tab asks for the same search and page size again.
    cleanup();
    const before = machineCalls().length;
    renderAt(paths.customerEdit(stored), JAN_USER);
    expect(await screen.findByRole('textbox', { name: 'Szukaj' })).toHaveValue('P-100');
    await waitFor(() => expect(machineCalls().length).toBeGreaterThan(before));
    expect(Object.fromEntries(machineCalls()[before]!)).toMatchObject({ size: '100', q: 'P-100' });
  });

  it('asks before a machine row leaves the customer with typed changes', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderAt(paths.customerEdit(stored), ANNA_ADMIN);
    await waitFor(() => expect(screen.getByLabelText('Miejscowość')).toHaveValue('Radom'));
    await user.clear(screen.getByLabelText('Miejscowość'));
    await user.type(screen.getByLabelText('Miejscowość'), 'Kielce');
    await user.click(await screen.findByRole('row', { name: 'Maszyna Prasa P-100 (id 11)' }));
    const question = await screen.findByRole('dialog', { name: MSG.unsavedTitle });
    expect(screen.getByTestId('location')).toHaveTextContent('/customerEdit');
    await user.click(within(question).getByRole('button', { name: MSG.discardChanges }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/machineEdit?id=11&customerId=5&prev=customerList',
      ),
    );
  });
});
