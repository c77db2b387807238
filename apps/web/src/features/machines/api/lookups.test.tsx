import { createElement } from 'react';
import { useMutation } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANNA_ADMIN, fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { api } from '../../../lib/api-client';
import { useSaveCustomer } from '../../customers/api/customers';
import { useCustomerOptions } from './lookups';

afterEach(() => vi.unstubAllGlobals());

/** The machine form's select and the service form's, side by side, and two kinds of write. */
function Forms() {
  const machine = useCustomerOptions();
  const service = useCustomerOptions();
  const note = useMutation({ mutationFn: () => api.post('/api/deviceNote/insert', { text: 'x' }) });
  const customer = useSaveCustomer();
  return createElement(
    'div',
    null,
    createElement(
      'p',
      null,
      `maszyna: ${machine.data?.length ?? '-'}, serwis: ${service.data?.length ?? '-'}`,
    ),
    createElement('button', { type: 'button', onClick: () => note.mutate() }, 'Dodaj notatkę'),
    createElement(
      'button',
      { type: 'button', onClick: () => customer.mutate({ shortName: 'Nowy', fullName: 'Nowy' } as never) },
      'Dodaj kontrahenta',
    ),
    createElement('output', null, note.isSuccess ? 'notatka zapisana' : ''),
  );
}

describe('the customers of the forms’ selects', () => {
  it('are fetched once for both forms, kept through other writes, and again after a customer’s', async () => {
    const customers = [{ id: 1, shortName: 'ACME', fullName: 'ACME Sp. z o.o.' }];
    const fake = fakeApi({
      'GET /api/customer/findAll': () => ({ body: customers }),
      'POST /api/deviceNote/insert': { body: { id: 1 } },
      'POST /api/customer/insert': () => {
        customers.push({ id: 2, shortName: 'Nowy', fullName: 'Nowy' });
        return { body: customers[1] };
      },
    });
    renderScreen(createElement(Forms), { url: '/m', session: ANNA_ADMIN });
    await screen.findByText('maszyna: 1, serwis: 1');
    expect(fake.callsTo('GET', '/api/customer/findAll')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Dodaj notatkę' }));
    // A write's refresh is asked before its form hears of the success: by now it would have gone.
    await screen.findByText('notatka zapisana');
    expect(fake.callsTo('GET', '/api/customer/findAll')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Dodaj kontrahenta' }));
    await screen.findByText('maszyna: 2, serwis: 2');
    await waitFor(() => expect(fake.callsTo('GET', '/api/customer/findAll')).toHaveLength(2));
  });
});
