import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_LIST, JAN_USER, fakeApi } from '../../../../test/fake-api';
import { catchDownloads } from '../../../../test/downloads';
import { renderScreen } from '../../../../test/render-screen';
import { CustomerListPage } from './customer-list-page';

const user = userEvent.setup({ delay: null });

const metalex = { id: 4, shortName: 'Metalex', fullName: 'Metalex Sp. z o.o.', city: 'Łódź' };

function fakeServer(csv: { status?: number; body: unknown }) {
  return fakeApi(
    {
      'GET /api/customer/findAll': { body: [metalex], headers: { 'X-Total-Count': '1' } },
      'GET /api/customer/get-csv': csv,
    },
    { otherwise: EMPTY_LIST },
  );
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('customer list: Pobierz CSV', () => {
  it('saves kontrahenci.csv for the search as typed and the list’s order, for any employee', async () => {
    const server = fakeServer({ body: 'Nazwa skrócona\r\nMetalex\r\n' });
    const { saved, restore } = catchDownloads();
    renderScreen(<CustomerListPage />, { url: '/customerList', session: JAN_USER });
    expect(await screen.findByText('Metalex Sp. z o.o.')).toBeInTheDocument();
    // An employee downloads; importing stays an administrator's.
    expect(screen.queryByRole('button', { name: 'Importuj z CSV' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Szukaj'), 'Łódź ');
    await user.click(screen.getByRole('button', { name: 'Pobierz CSV' }));
    await waitFor(() => expect(saved).toEqual(['kontrahenci.csv']));
    const [call] = server.callsTo('GET', '/api/customer/get-csv');
    expect(call!.query.get('q')).toBe('Łódź');
    expect(call!.query.get('sort')).toBe('id,desc');
    restore();
  });

  it('says why when the server refuses the file, and saves nothing', async () => {
    fakeServer({ status: 400, body: { message: 'Tekst może mieć najwyżej 200 znaków.' } });
    const { saved, restore } = catchDownloads();
    renderScreen(<CustomerListPage />, { url: '/customerList', session: JAN_USER });
    await user.click(await screen.findByRole('button', { name: 'Pobierz CSV' }));
    expect(await screen.findByText('Tekst może mieć najwyżej 200 znaków.')).toBeInTheDocument();
    expect(saved).toEqual([]);
    restore();
  });
});

describe('customer list without the server', () => {
  const customers = Array.from({ length: 25 }, (_, i) => ({
    id: 25 - i,
    shortName: `Kontrahent ${25 - i}`,
    fullName: `Pełna nazwa ${25 - i}`,
    city: 'Łódź',
  }));

  it('keeps its pages when a page fails to load, and shows it on "Spróbuj ponownie" once the server answers', async () => {
    let down = false;
    fakeApi(
      {
        'GET /api/customer/findAll': (call) => {
          if (down) return { network: true };
          const page = Number(call.query.get('page'));
          const size = Number(call.query.get('size'));
          return {
            body: customers.slice((page - 1) * size, page * size),
            headers: { 'X-Total-Count': String(customers.length) },
          };
        },
      },
      { otherwise: EMPTY_LIST },
    );
    renderScreen(<CustomerListPage />, { url: '/customerList', session: JAN_USER });
    expect(await screen.findByText('Pełna nazwa 25')).toBeInTheDocument();
    expect(screen.getByText('Rekordów: 25')).toBeInTheDocument();

    down = true;
    await user.click(screen.getByRole('button', { name: 'Strona 2' }));
    expect(await screen.findByText('Nie udało się wczytać listy.')).toBeInTheDocument();
    expect(screen.getByText('Błąd połączenia z serwerem.')).toBeInTheDocument();
    expect(screen.queryByText('Brak danych')).toBeNull();
    expect(screen.queryByText('Rekordów: 0')).toBeNull();
    // The pager still knows the three pages: the user can go on paging.
    expect(screen.getByRole('button', { name: 'Strona 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Strona 3' })).toBeEnabled();

    down = false;
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByText('Pełna nazwa 15')).toBeInTheDocument();
    expect(screen.queryByText('Nie udało się wczytać listy.')).toBeNull();
    expect(screen.queryByText('Błąd połączenia z serwerem.')).toBeNull();
    expect(screen.getByText('Rekordów: 25')).toBeVisible();
  });
});
