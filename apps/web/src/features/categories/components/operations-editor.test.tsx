import { MemoryRouter } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CATEGORY_MSG,
  formatOperations,
  parseOperations,
  type CategoryDetails,
  type ServiceOperation,
} from '@serwis/domain';
import { AppProviders } from '../../../app/providers';
import { ScreenProviders } from '../../../app/screen-providers';
import { theme } from '../../../app/theme';
import { createQueryClient } from '../../../lib/query-client';
import { OperationsEditor } from './operations-editor';

const initial: ServiceOperation[] = [
  { name: 'Smarowanie', fields: [] },
  { name: 'Kontrola napięcia', fields: [{ name: 'Napięcie', unit: 'V' }] },
];
const otherList: ServiceOperation[] = [{ name: 'Czyszczenie lasera', fields: [{ name: 'Moc', unit: 'W' }] }];

/**
 * A fake category API keeping the list the way the server would, with its version: a save made on
 * another version (`base`) is refused as the server refuses it. `othersSave` is another
 * administrator's save from his own screen.
 */
function fakeCategoryApi(list: string, status = 200) {
  const state = {
    list,
    name: 'Prasy',
    version: 1,
    puts: [] as { id: number; name: string; serviceReviewOperationsList: string }[],
    othersSave(operations: ServiceOperation[], name?: string) {
      this.list = formatOperations(operations);
      this.name = name ?? this.name;
      this.version++;
    },
  };
  const details = (id: number, name: string, text: string, version = 1): CategoryDetails => ({
    id,
    name,
    count: 0,
    serviceReviewOperationsList: text,
    updatedAt: `2026-12-06T10:00:0${version}.000Z`,
  });
  const json = (body: unknown, code = 200) =>
    new Response(JSON.stringify(body), { status: code, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://serwis.test');
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url.pathname === '/api/category/findById/1')
        return json(details(1, state.name, state.list, state.version));
      if (method === 'GET' && url.pathname === '/api/category/findById/2')
        return json(details(2, 'Lasery', formatOperations(otherList)));
      if (method === 'GET' && url.pathname === '/api/category/findById/3')
        return json(details(3, 'Tokarki', ''));
      if (method === 'GET' && url.pathname === '/api/category/findAll')
        return json([
          { id: 1, name: 'Prasy', count: 0 },
          { id: 2, name: 'Lasery', count: 3 },
          { id: 3, name: 'Tokarki', count: 1 },
        ]);
      if (method === 'PUT' && url.pathname === '/api/category/update') {
        const body = JSON.parse(String(init?.body));
        state.puts.push(body);
        if (status !== 200) return json({ message: 'Brak uprawnień!' }, status);
        const base = url.searchParams.get('base');
        if (base !== null && base !== details(1, '', '', state.version).updatedAt)
          return json({ message: CATEGORY_MSG.changedMeanwhile, code: 'CHANGED_MEANWHILE' }, 409);
        state.othersSave(parseOperations(body.serviceReviewOperationsList), body.name);
        return json(details(1, state.name, state.list, state.version));
      }
      return json({ message: 'Nie znaleziono.' }, 404);
    }),
  );
  return state;
}

function renderEditor(canEdit = true) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MantineProvider theme={theme} env="test">
        <ScreenProviders>
          <MemoryRouter>
            <OperationsEditor categoryId={1} canEdit={canEdit} />
          </MemoryRouter>
        </ScreenProviders>
      </MantineProvider>
    </AppProviders>,
  );
}

/** Pastes instead of typing key by key: the same change for the form, a fraction of the time. */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.clear(element);
  await user.click(element);
  await user.paste(text);
}

const names = () =>
  screen
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent ?? '')
    .filter(Boolean);

describe('OperationsEditor', () => {
  beforeEach(() => notifications.clean());
  afterEach(() => vi.unstubAllGlobals());

  it('shows each operation with its fields as a table, never the raw marker', async () => {
    fakeCategoryApi(formatOperations(initial));
    renderEditor();
    expect(await screen.findByText('2. Kontrola napięcia')).toBeInTheDocument();
    const fields = screen.getByRole('table', { name: 'Pola pomiarowe: Kontrola napięcia' });
    expect(within(fields).getByText('Napięcie')).toBeInTheDocument();
    expect(within(fields).getByText('V')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('@dodatkowePola');
  });

  it('adds an operation with measurement fields and saves the whole list at once', async () => {
    const api = fakeCategoryApi(formatOperations(initial));
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Dodaj czynność' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByLabelText(/Nazwa czynności/), 'Pomiar ciśnienia');
    await user.click(within(dialog).getByRole('button', { name: 'Dodaj pole' }));
    // The new field's name takes the focus: it is drawn above the button.
    expect(within(dialog).getByLabelText('Nazwa pola')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Dodaj pole' }));
    const fieldNames = within(dialog).getAllByLabelText('Nazwa pola');
    expect(fieldNames[1]).toHaveFocus();
    const units = within(dialog).getAllByLabelText('Jednostka');
    await fill(user, fieldNames[0], 'Ciśnienie');
    await fill(user, units[0], 'bar');
    await fill(user, fieldNames[1], 'Temperatura');
    await user.click(within(dialog).getByRole('button', { name: 'Usuń pole 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));

    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]).toMatchObject({ id: 1, name: 'Prasy' });
    expect(parseOperations(api.puts[0].serviceReviewOperationsList)).toEqual([
      ...initial,
      { name: 'Pomiar ciśnienia', fields: [{ name: 'Ciśnienie', unit: 'bar' }] },
    ]);
    expect(await screen.findByText('3. Pomiar ciśnienia')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'Pola pomiarowe: Pomiar ciśnienia' });
    expect(within(table).getByText('bar')).toBeInTheDocument();
  });

  it("takes in another administrator's list saved meanwhile and adds the operation to it", async () => {
    const api = fakeCategoryApi(formatOperations(initial));
    const user = userEvent.setup();
    renderEditor();
    await screen.findByText('2. Kontrola napięcia');
    // Another administrator adds an operation and renames the category from his screen.
    api.othersSave([...initial, { name: 'Wymiana oleju', fields: [] }], 'Prasy hydrauliczne');
    await user.click(screen.getByRole('button', { name: 'Dodaj czynność' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByLabelText(/Nazwa czynności/), 'Kontrola szczelności');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));

    expect(await screen.findByText(CATEGORY_MSG.operationsMerged)).toBeInTheDocument();
    expect(parseOperations(api.list).map((o) => o.name)).toEqual([
      'Smarowanie',
      'Kontrola napięcia',
      'Wymiana oleju',
      'Kontrola szczelności',
    ]);
    // His rename stays: the screen's older name was not sent back.
    expect(api.name).toBe('Prasy hydrauliczne');
    expect(api.puts.map((put) => put.name)).toEqual(['Prasy', 'Prasy hydrauliczne']);
    await screen.findByText('4. Kontrola szczelności');
    expect(names()).toEqual([
      '1. Smarowanie',
      '2. Kontrola napięcia',
      '3. Wymiana oleju',
      '4. Kontrola szczelności',
    ]);
  });

  it('says so when the operation being changed was removed meanwhile, and shows the current list', async () => {
    const api = fakeCategoryApi(formatOperations(initial));
    const user = userEvent.setup();
    renderEditor();
    await screen.findByText('2. Kontrola napięcia');
    api.othersSave([initial[1]]);
    await user.click(screen.getByRole('button', { name: 'Przesuń w dół: Smarowanie' }));
    expect(await screen.findByText(CATEGORY_MSG.operationGone('Smarowanie'))).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['1. Kontrola napięcia']));
    expect(parseOperations(api.list)).toEqual([initial[1]]);
  });

  it('moves an operation down and up, saving the new order each time', async () => {
    const api = fakeCategoryApi(formatOperations(initial));
    const user = userEvent.setup();
    renderEditor();
    await screen.findByText('1. Smarowanie');
    expect(screen.getByRole('button', { name: 'Przesuń w górę: Smarowanie' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Przesuń w dół: Smarowanie' }));
    await screen.findByText('2. Smarowanie');
    expect(names()).toEqual(['1. Kontrola napięcia', '2. Smarowanie']);
    expect(parseOperations(api.puts[0].serviceReviewOperationsList).map((o) => o.name)).toEqual([
      'Kontrola napięcia',
      'Smarowanie',
    ]);

    await user.click(screen.getByRole('button', { name: 'Przesuń w górę: Smarowanie' }));
    await screen.findByText('1. Smarowanie');
    expect(api.puts).toHaveLength(2);
    expect(parseOperations(api.puts[1].serviceReviewOperationsList)).toEqual(initial);
  });

  it('keeps the keyboard on the arrow of a moved operation, and on the button a dialog was opened with', async () => {
    const api = fakeCategoryApi(formatOperations(initial));
    const user = userEvent.setup();
    renderEditor();
    await screen.findByText('1. Smarowanie');
    screen.getByRole('button', { name: 'Przesuń w dół: Smarowanie' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByText('2. Smarowanie');
    // At the end of the list its "down" arrow is disabled: the focus is on its "up" one.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Przesuń w górę: Smarowanie' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    await screen.findByText('1. Smarowanie');
    await waitFor(() => expect(api.puts).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Przesuń w dół: Smarowanie' })).toHaveFocus(),
    );

    screen.getByRole('button', { name: 'Edytuj czynność: Smarowanie' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Edytuj czynność: Smarowanie' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Dodaj czynność' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByLabelText(/Nazwa czynności/), 'Czyszczenie');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await screen.findByText('3. Czyszczenie');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dodaj czynność' })).toHaveFocus());
  });

  it('refuses an operation name with the marker and saves nothing', async () => {
    const api = fakeCategoryApi(formatOperations(initial));
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Dodaj czynność' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByLabelText(/Nazwa czynności/), 'Pomiar @dodatkowePola');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(
      await within(dialog).findByText('Wyrażenie "@dodatkowePola" jest niedozwolone w nazwie czynności.'),
    ).toBeInTheDocument();
    expect(api.puts).toHaveLength(0);
  });

  it('edits an operation, keeping its place', async () => {
    const api = fakeCategoryApi(formatOperations(initial));
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Edytuj czynność: Kontrola napięcia' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Nazwa pola')).toHaveValue('Napięcie');
    await fill(user, within(dialog).getByLabelText('Jednostka'), 'kV');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(parseOperations(api.puts[0].serviceReviewOperationsList)).toEqual([
      initial[0],
      { name: 'Kontrola napięcia', fields: [{ name: 'Napięcie', unit: 'kV' }] },
    ]);
  });

  it('renames an operation whose fields another administrator changed meanwhile, keeping his fields', async () => {
    const api = fakeCategoryApi(formatOperations(initial));
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Edytuj czynność: Kontrola napięcia' }));
    const dialog = await screen.findByRole('dialog');
    const theirs = { name: 'Kontrola napięcia', fields: [{ name: 'Napięcie', unit: 'kV' }] };
    api.othersSave([initial[0], theirs]);
    await fill(user, within(dialog).getByLabelText(/Nazwa czynności/), 'Kontrola napięcia zasilania');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(CATEGORY_MSG.operationsMerged)).toBeInTheDocument();
    expect(parseOperations(api.list)).toEqual([
      initial[0],
      { ...theirs, name: 'Kontrola napięcia zasilania' },
    ]);
  });

  it('deletes an operation after a confirmation naming it', async () => {
    const api = fakeCategoryApi(formatOperations(initial));
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Usuń czynność: Smarowanie' }));
    expect(await screen.findByText('Czy na pewno chcesz usunąć czynność „Smarowanie”?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(parseOperations(api.puts[0].serviceReviewOperationsList)).toEqual([initial[1]]);
    // The keyboard goes on from the operation now first, then, the list empty, from "Dodaj czynność".
    // (jsdom gives this focus even without the hand-over, which Chromium needs: the buttons it
    // names are `buttonsAfterRemove`'s, tested on their own.)
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Usuń czynność: Kontrola napięcia' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Usuń' }));
    await screen.findByText('Brak czynności serwisowych.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dodaj czynność' })).toHaveFocus());
  });

  it('imports another category’s list after a confirmation, replacing the whole list', async () => {
    const api = fakeCategoryApi(formatOperations(initial));
    const user = userEvent.setup();
    renderEditor();
    await screen.findByText('1. Smarowanie');
    await user.click(screen.getByPlaceholderText('Wybierz...'));
    await user.click(await screen.findByRole('option', { name: 'Lasery' }));
    await user.click(screen.getByRole('button', { name: 'Importuj' }));
    expect(
      await screen.findByText(
        'Cała obecna lista czynności zostanie zastąpiona listą z kategorii „Lasery” (1 czynność). Kontynuować?',
      ),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Zastąp listę' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(parseOperations(api.puts[0].serviceReviewOperationsList)).toEqual(otherList);
    expect(await screen.findByText('1. Czyszczenie lasera')).toBeInTheDocument();
    expect(screen.queryByText('1. Smarowanie')).not.toBeInTheDocument();
  });

  it('does not replace a list another administrator changed meanwhile: says so and shows his', async () => {
    const api = fakeCategoryApi(formatOperations(initial));
    const user = userEvent.setup();
    renderEditor();
    await screen.findByText('1. Smarowanie');
    const added = { name: 'Wymiana oleju', fields: [] };
    api.othersSave([...initial, added]);
    await user.click(screen.getByPlaceholderText('Wybierz...'));
    await user.click(await screen.findByRole('option', { name: 'Lasery' }));
    await user.click(screen.getByRole('button', { name: 'Importuj' }));
    await user.click(await screen.findByRole('button', { name: 'Zastąp listę' }));
    expect(await screen.findByText(CATEGORY_MSG.listChangedBeforeImport)).toBeInTheDocument();
    expect(parseOperations(api.list)).toEqual([...initial, added]);
    expect(await screen.findByText('3. Wymiana oleju')).toBeInTheDocument();
  });

  it('moves an operation whose fields another administrator changed meanwhile, found by its name', async () => {
    const api = fakeCategoryApi(formatOperations(initial));
    const user = userEvent.setup();
    renderEditor();
    await screen.findByText('1. Smarowanie');
    const changed = { name: 'Kontrola napięcia', fields: [{ name: 'Napięcie', unit: 'kV' }] };
    api.othersSave([initial[0], changed]);
    await user.click(screen.getByRole('button', { name: 'Przesuń w górę: Kontrola napięcia' }));
    expect(await screen.findByText(CATEGORY_MSG.operationsMerged)).toBeInTheDocument();
    expect(parseOperations(api.list)).toEqual([changed, initial[0]]);
  });

  it('moves the later of two operations alike, not the first', async () => {
    const check = { name: 'Kontrola', fields: [] };
    const api = fakeCategoryApi(formatOperations([check, initial[0], check]));
    const user = userEvent.setup();
    renderEditor();
    await screen.findByText('3. Kontrola');
    await user.click(screen.getAllByRole('button', { name: 'Przesuń w górę: Kontrola' })[1]);
    await screen.findByText('2. Kontrola');
    expect(parseOperations(api.list)).toEqual([check, check, initial[0]]);
  });

  it('changes none of two operations of one name when neither is as the screen showed it', async () => {
    const bar = { name: 'Pomiar', fields: [{ name: 'Ciśnienie', unit: 'bar' }] };
    const celsius = { name: 'Pomiar', fields: [{ name: 'Temperatura', unit: 'C' }] };
    const kelvin = { name: 'Pomiar', fields: [{ name: 'Temperatura', unit: 'K' }] };
    const api = fakeCategoryApi(formatOperations([bar, celsius]));
    const user = userEvent.setup();
    renderEditor();
    await screen.findByText('2. Pomiar');
    api.othersSave([kelvin, bar]);
    await user.click(screen.getAllByRole('button', { name: 'Usuń czynność: Pomiar' })[1]);
    await user.click(await screen.findByRole('button', { name: 'Usuń' }));
    expect(await screen.findByText(CATEGORY_MSG.operationUnsure('Pomiar'))).toBeInTheDocument();
    expect(parseOperations(api.list)).toEqual([kelvin, bar]);
  });

  it('imports at once into an empty list (nothing to replace, nothing asked)', async () => {
    const api = fakeCategoryApi('[]');
    const user = userEvent.setup();
    renderEditor();
    await screen.findByText('Brak czynności serwisowych.');
    await user.click(screen.getByPlaceholderText('Wybierz...'));
    await user.click(await screen.findByRole('option', { name: 'Lasery' }));
    await user.click(screen.getByRole('button', { name: 'Importuj' }));
    expect(await screen.findByText('1. Czyszczenie lasera')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(parseOperations(api.puts[0].serviceReviewOperationsList)).toEqual(otherList);
  });

  it('says so when the other category has no operations, before clearing the list', async () => {
    const api = fakeCategoryApi(formatOperations(initial));
    const user = userEvent.setup();
    renderEditor();
    await screen.findByText('1. Smarowanie');
    await user.click(screen.getByPlaceholderText('Wybierz...'));
    await user.click(await screen.findByRole('option', { name: 'Tokarki' }));
    await user.click(screen.getByRole('button', { name: 'Importuj' }));
    expect(
      await screen.findByText(
        'Kategoria „Tokarki” nie ma żadnych czynności: import wyczyści obecną listę. Kontynuować?',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Anuluj' }));
    expect(screen.getByText('1. Smarowanie')).toBeInTheDocument();
    expect(api.puts).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Zastąp listę' })).toBeNull();
  });

  it('shows the server refusal in a banner', async () => {
    fakeCategoryApi(formatOperations(initial), 403);
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Przesuń w dół: Smarowanie' }));
    const banner = await screen.findByText('Brak uprawnień!');
    expect(banner.closest('[role="alert"]')).not.toBeNull();
    expect(names()).toEqual(['1. Smarowanie', '2. Kontrola napięcia']);
  });

  it('offers no changes to a non-admin', async () => {
    fakeCategoryApi(formatOperations(initial));
    renderEditor(false);
    expect(await screen.findByText('1. Smarowanie')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dodaj czynność' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Przesuń|Edytuj|Usuń/ })).not.toBeInTheDocument();
    expect(
      screen.getByText('Listę czynności serwisowych może zmieniać tylko administrator.'),
    ).toBeInTheDocument();
  });
});
