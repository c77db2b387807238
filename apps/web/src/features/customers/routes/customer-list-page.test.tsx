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
