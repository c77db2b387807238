import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatOperations, type CategoryDetails } from '@serwis/domain';
import { ANNA_ADMIN, EMPTY_LIST, JAN_USER, fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { paths } from '../../../config/paths';
import { CategoryEditPage } from './category-edit-page';
import { hasUnsavedChanges } from '../../../lib/unsaved-changes';

afterEach(() => vi.unstubAllGlobals());

const stored: CategoryDetails = {
  id: 4,
  name: 'Prasy',
  count: 0,
  serviceReviewOperationsList: formatOperations([{ name: 'Smarowanie', fields: [] }]),
  updatedAt: '2026-12-06T10:00:00.000Z',
};

function server() {
  return fakeApi(
    {
      'GET /api/category/findById/4': { body: stored },
      'PUT /api/category/update': { body: stored },
    },
    { otherwise: EMPTY_LIST },
  );
}

const renderAs = (session: unknown) =>
  renderScreen(<CategoryEditPage />, { url: paths.categoryEdit(stored), session });

describe('CategoryEditPage', () => {
  it('lets an employee rename the category but offers him no delete', async () => {
    const api = server();
    const user = userEvent.setup();
    renderAs(JAN_USER);
    const name = screen.getByRole('textbox', { name: /Nazwa kategorii/ });
    expect(name).toHaveValue('Prasy');
    expect(name).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Zapisz' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Usuń kategorię' })).toBeNull();

    // The operation list stays the admins' (as before).
    await user.click(screen.getByRole('tab', { name: 'Czynności serwisowe' }));
    const panel = screen.getByRole('tabpanel');
    expect(
      await within(panel).findByText('Listę czynności serwisowych może zmieniać tylko administrator.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Dodaj czynność' })).toBeNull();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('stops asking once saved, even when the saved name is the same (a trailing space trimmed)', async () => {
    const api = server();
    const user = userEvent.setup();
    renderAs(ANNA_ADMIN);
    await user.type(screen.getByRole('textbox', { name: /Nazwa kategorii/ }), ' ');
    expect(hasUnsavedChanges()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/category/update')).toHaveLength(1));
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
    expect(screen.getByRole('textbox', { name: /Nazwa kategorii/ })).toHaveValue('Prasy');
  });

  it('keeps the open tab in the address, so a reload opens it again', async () => {
    server();
    const user = userEvent.setup();
    renderAs(ANNA_ADMIN);
    await user.click(screen.getByRole('tab', { name: 'Czynności serwisowe' }));
    expect(screen.getByTestId('location')).toHaveTextContent('activeTab=operations');
    expect(screen.getByTestId('location')).toHaveTextContent('id=4');
  });

  it('keeps the open tab over a rename', async () => {
    server();
    const user = userEvent.setup();
    renderScreen(<CategoryEditPage />, {
      url: `${paths.categoryEdit(stored)}&activeTab=operations`,
      session: ANNA_ADMIN,
    });
    const name = screen.getByRole('textbox', { name: /Nazwa kategorii/ });
    await user.type(name, ' hydrauliczne');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
    expect(screen.getByTestId('location')).toHaveTextContent('activeTab=operations');
    expect(screen.getByRole('tab', { name: 'Czynności serwisowe' })).toHaveAttribute('aria-selected', 'true');
  });

  it("keeps a name being typed when another's rename comes in, and takes it into an untouched field", async () => {
    let name = 'Prasy';
    fakeApi(
      { 'GET /api/category/findById/4': () => ({ body: { ...stored, name } }) },
      { otherwise: EMPTY_LIST },
    );
    const { queryClient } = renderAs(ANNA_ADMIN);
    const field = screen.getByRole('textbox', { name: /Nazwa kategorii/ });
    await waitFor(() => expect(field).toHaveValue('Prasy'));
    name = 'Prasy krawędziowe';
    await queryClient.invalidateQueries();
    await waitFor(() => expect(field).toHaveValue('Prasy krawędziowe'));
    const user = userEvent.setup();
    await user.type(field, ' CNC');
    name = 'Prasy hydrauliczne';
    await queryClient.invalidateQueries();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: /Prasy hydrauliczne/ })).toBeInTheDocument(),
    );
    expect(field).toHaveValue('Prasy krawędziowe CNC');
  });

  it('offers an admin the delete, asking first', async () => {
    const api = server();
    const user = userEvent.setup();
    renderAs(ANNA_ADMIN);
    await user.click(screen.getByRole('button', { name: 'Usuń kategorię' }));
    expect(await screen.findByText('Czy na pewno chcesz usunąć kategorię Prasy?')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('deletes the category and leaves without asking for the deleted one again', async () => {
    const api = fakeApi(
      {
        'GET /api/category/findById/4': { body: stored },
        'DELETE /api/category/delete/4': { body: { message: 'Usunięto.' } },
      },
      { otherwise: EMPTY_LIST },
    );
    const user = userEvent.setup();
    renderAs(ANNA_ADMIN);
    await user.click(screen.getByRole('button', { name: 'Usuń kategorię' }));
    await user.click(await screen.findByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/categoryList'));
    expect(api.callsTo('DELETE', '/api/category/delete/4')).toHaveLength(1);
    // Read on opening, and again for its machines before the question: not after the delete.
    expect(api.callsTo('GET', '/api/category/findById/4')).toHaveLength(2);
  });

  it('says at once that its machines keep a category, instead of asking a question it would refuse', async () => {
    let count = 0;
    const api = fakeApi(
      // Machines added since the card was opened count too: the number is asked for at the press.
      { 'GET /api/category/findById/4': () => ({ body: { ...stored, count: count++ ? 17_500 : 0 } }) },
      { otherwise: EMPTY_LIST },
    );
    const user = userEvent.setup();
    renderAs(ANNA_ADMIN);
    await waitFor(() => expect(api.callsTo('GET', '/api/category/findById/4')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Usuń kategorię' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nie można usunąć' });
    expect(dialog).toHaveTextContent(
      'Kategorii nie można teraz usunąć: należy do niej 17 500 maszyn. Najpierw przenieś je do innej kategorii lub je usuń.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Usuń' })).toBeNull();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('shows a category deleted meanwhile as not found, with nothing to save or delete', async () => {
    fakeApi(
      { 'GET /api/category/findById/4': { status: 404, body: { message: 'Nie znaleziono kategorii.' } } },
      { otherwise: EMPTY_LIST },
    );
    renderAs(ANNA_ADMIN);
    expect(await screen.findByText('Nie znaleziono kategorii.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zapisz' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Usuń kategorię' })).toBeNull();
  });
});
