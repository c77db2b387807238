import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { theme } from '../../../app/theme';
import { createQueryClient } from '../../../lib/query-client';
import { CustomerForm, emptyCustomer } from '../components/customer-form';
import { CustomerAddPage } from './customer-add-page';
import { MSG } from '@serwis/domain';

type User = ReturnType<typeof userEvent.setup>;

/** A fake insert call; records what the browser sent. The list's search answers `listed`. */
function fakeInsert(status = 201, listed: object[] = []) {
  const bodies: Record<string, string>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/api/customer/findAll?')) {
        return new Response(JSON.stringify(listed), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(listed.length) },
        });
      }
      if (String(input) !== '/api/customer/insert' || init?.method !== 'POST') {
        return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      const body = JSON.parse(String(init.body));
      bodies.push(body);
      const answer =
        status === 201
          ? { id: 7, ...body }
          : {
              message: 'Kontrahent z podaną nazwą już istnieje.',
              code: 'CUSTOMER_EXISTS',
              field: 'shortName',
            };
      return new Response(JSON.stringify(answer), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return bodies;
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderWithProviders(element: React.ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MantineProvider theme={theme} env="test">
        <MemoryRouter initialEntries={['/customerAdd']}>
          <Routes>
            <Route path="/customerAdd" element={element} />
            <Route path="*" element={null} />
          </Routes>
          <Location />
        </MemoryRouter>
      </MantineProvider>
    </AppProviders>,
  );
}

async function fill(user: User, label: string | RegExp, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

describe('customer add form', () => {
  beforeEach(() => notifications.clean());
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a short name of 3 to 20 characters, in the spec words, and sends nothing', async () => {
    const bodies = fakeInsert();
    const user = userEvent.setup();
    renderWithProviders(<CustomerAddPage />);
    await fill(user, /Nazwa skrócona/, 'ab');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Nazwa skrócona musi mieć minimum 3 znaki')).toBeInTheDocument();
    // The keyboard is taken to the field to mend, not left on "Zapisz".
    await waitFor(() => expect(screen.getByLabelText(/Nazwa skrócona/)).toHaveFocus());

    await fill(user, /Nazwa skrócona/, 'Przedsiębiorstwo Usług');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Nazwa skrócona może mieć max 20 znaków.')).toBeInTheDocument();
    expect(screen.queryByText('Nazwa skrócona musi mieć minimum 3 znaki')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('sends every field, the province chosen from the list, and returns to the list', async () => {
    const bodies = fakeInsert();
    const user = userEvent.setup();
    renderWithProviders(<CustomerAddPage />);
    await fill(user, /Nazwa skrócona/, ' Metalex ');
    await fill(user, 'Nazwa pełna', 'Metalex Sp. z o.o.');
    await fill(user, 'Miejscowość', 'Radom');
    await fill(user, 'NIP', '7960000000');
    await user.click(screen.getByPlaceholderText('Wybierz...'));
    await user.click(await screen.findByRole('option', { name: 'mazowieckie' }));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      shortName: 'Metalex',
      fullName: 'Metalex Sp. z o.o.',
      streetAddress: '',
      zipCode: '',
      city: 'Radom',
      province: 'mazowieckie',
      nip: '7960000000',
      regon: '',
      phoneNumber: '',
      email: '',
      inspectionNotices: false,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/customerList'));
  });

  it('saves once on a double click of Zapisz, without the refusal of a second copy', async () => {
    const bodies = fakeInsert();
    const user = userEvent.setup();
    renderWithProviders(<CustomerAddPage />);
    await fill(user, /Nazwa skrócona/, 'Metalex');
    // Two clicks in one go, before the button can show it is saving.
    const save = screen.getByRole('button', { name: 'Zapisz' });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/customerList'));
    expect(bodies).toHaveLength(1);
    expect(screen.queryByText('Kontrahent z podaną nazwą już istnieje.')).not.toBeInTheDocument();
  });

  it('shows a duplicate name refusal in the banner and under the name, and keeps what was typed', async () => {
    fakeInsert(409);
    const user = userEvent.setup();
    renderWithProviders(<CustomerAddPage />);
    await fill(user, /Nazwa skrócona/, 'Metalex');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Kontrahent z podaną nazwą już istnieje.');
    expect(screen.getByLabelText(/Nazwa skrócona/)).toHaveValue('Metalex');
    expect(screen.getByTestId('location')).toHaveTextContent('/customerAdd');
    // Said under the name too, with the focus there to change it.
    const name = screen.getByLabelText(/Nazwa skrócona/);
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Kontrahent z podaną nazwą już istnieje.');
    expect(name).toHaveFocus();
  });
});

describe('customer edit form', () => {
  it('uses the edit rule: at least 3 characters, no 20-character cap', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <CustomerForm id={3} saving={false} onSubmit={onSubmit} onCancel={() => undefined} />,
    );
    await fill(user, /Nazwa skrócona/, 'ab');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Kontrahent musi mieć minimum 3 znaki')).toBeInTheDocument();
    await fill(user, /Nazwa skrócona/, 'Przedsiębiorstwo Usług Technicznych');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ shortName: 'Przedsiębiorstwo Usług Technicznych' });
  });
});

describe('warnings under the customer’s numbers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('warns of a NIP, REGON, postcode or e-mail that looks wrong once the field is left, and saves it all the same', async () => {
    const bodies = fakeInsert();
    const user = userEvent.setup();
    renderWithProviders(<CustomerAddPage />);
    await fill(user, /Nazwa skrócona/, 'Metalex');
    await fill(user, 'NIP', '526-025-09-94');
    // While the number is being typed, nothing is called wrong.
    expect(screen.queryByText(MSG.nipWarning)).not.toBeInTheDocument();
    await fill(user, 'REGON', '12345678');
    const nip = screen.getByText(MSG.nipWarning);
    expect(screen.getByLabelText('NIP')).toHaveAccessibleDescription(MSG.nipWarning);
    expect(nip.compareDocumentPosition(screen.getByLabelText('NIP'))).toBe(Node.DOCUMENT_POSITION_PRECEDING);
    await fill(user, 'Kod pocztowy', '90006');
    // A postcode is judged only for an address in Poland: one with a province; without one, a
    // number not written as a Polish one (eight digits: a Czech IČO?) is another country's.
    await fill(user, 'E-mail', 'brak, dzwonić');
    expect(screen.queryByText(MSG.postcodeWarning)).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.regonWarning)).not.toBeInTheDocument();
    await user.click(screen.getByPlaceholderText('Wybierz...'));
    await user.click(await screen.findByRole('option', { name: 'łódzkie' }));
    expect(screen.getByText(MSG.postcodeWarning)).toBeInTheDocument();
    expect(screen.getByText(MSG.regonWarning)).toBeInTheDocument();
    expect(screen.getByText(MSG.emailNoAddressWarning)).toBeInTheDocument();

    await fill(user, 'NIP', 'PL 526-025-09-95');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(screen.queryByText(MSG.nipWarning)).not.toBeInTheDocument();
    expect(bodies[0]).toMatchObject({
      nip: 'PL 526-025-09-95',
      regon: '12345678',
      zipCode: '90006',
      email: 'brak, dzwonić',
    });
  });
});

describe('a NIP another customer has', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the customers with the same NIP however written, leaves out a phone with its digits, and saves all the same', async () => {
    const bodies = fakeInsert(201, [
      { id: 3, shortName: 'Metalex', nip: '526-025-09-95', regon: '', phoneNumber: '' },
      { id: 4, shortName: 'Metalex Serwis', nip: 'PL5260250995', regon: '', phoneNumber: '' },
      { id: 5, shortName: 'Inny', nip: '', regon: '', phoneNumber: '5260250995' },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<CustomerAddPage />);
    await fill(user, /Nazwa skrócona/, 'Metalex Kraków');
    await fill(user, 'NIP', '526 025 09 95');
    await fill(user, 'REGON', '');
    const warning = MSG.nipHeldBy(['Metalex', 'Metalex Serwis']);
    expect(await screen.findByText(warning)).toBeInTheDocument();
    expect(screen.getByLabelText('NIP')).toHaveAccessibleDescription(warning);
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ shortName: 'Metalex Kraków', nip: '526 025 09 95' });
  });

  it('does not name the customer being edited, nor warn of a NIP no one else has', async () => {
    fakeInsert(201, [{ id: 3, shortName: 'Metalex', nip: '526-025-09-95', regon: '', phoneNumber: '' }]);
    const user = userEvent.setup();
    renderWithProviders(
      <CustomerForm
        id={3}
        initial={{ ...emptyCustomer, shortName: 'Metalex', nip: '526-025-09-95' }}
        saving={false}
        onSubmit={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    await fill(user, 'REGON', '');
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByText(/Ten NIP/)).not.toBeInTheDocument();
  });
});
