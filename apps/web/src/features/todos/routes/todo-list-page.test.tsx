import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type Todo } from '@serwis/domain';
import { ANNA_ADMIN, JAN_USER, fakeApi, type FakeReply } from '../../../../test/fake-api';
import { queryOf, renderScreen } from '../../../../test/render-screen';
import { sampleCustomer } from '../../../../test/samples';
import { TodoListPage } from './todo-list-page';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const longText = `${'x'.repeat(299)}KONIEC-NIEWIDOCZNY`;

const ownTodo: Todo = {
  id: 4,
  date: '2025-03-04T10:00:00.000Z',
  description: 'Zamówić filtry',
  toDoStatus: 'TODO',
  userCreated: { id: 1, fullName: 'Anna Nowak' },
  service: null,
};

const serviceTodo: Todo = {
  id: 9,
  date: '2025-03-06T10:00:00.000Z',
  description: longText,
  toDoStatus: 'TODO',
  userCreated: { id: 2, fullName: 'Jan Kowalski' },
  service: {
    id: 31,
    fullNumber: '25A/03/2025',
    date: '2025-03-06',
    state: 'PODPISANY',
    customer: sampleCustomer,
    devices: [
      {
        id: 7,
        name: 'Laser CO2 3000',
        type: 'EXTERNAL',
        streetAddress: 'ul. Polna 1',
        zipCode: '26-600',
        city: 'Radom',
        customer: { id: sampleCustomer.id, shortName: sampleCustomer.shortName },
      },
    ],
  },
};

function server(replies: { save?: FakeReply; patch?: FakeReply; remove?: FakeReply } = {}) {
  return fakeApi({
    'GET /api/todo/get': { body: [serviceTodo, ownTodo] },
    'POST /api/todo/save': replies.save ?? { status: 201, body: ownTodo },
    'PATCH /api/service/changeTodoStatus': replies.patch ?? { body: {} },
    'DELETE /api/todo/delete': replies.remove ?? { body: { message: MSG.todoDeleted } },
  });
}

const open = (session: unknown) => renderScreen(<TodoListPage />, { url: '/machineTodo', session });
const dialog = () => screen.findByRole('dialog');

describe('/machineTodo list', () => {
  it('lists open to-dos newest first, truncates long descriptions and shows all with "Pokaż zakończone"', async () => {
    const api = server();
    open(JAN_USER);
    const row = await screen.findByRole('row', { name: 'Zadanie nr 9' });
    expect(within(row).getByText(`${'x'.repeat(299)}…`)).toBeInTheDocument();
    expect(within(row).queryByText(/KONIEC/)).toBeNull();
    expect(within(row).getByRole('img', { name: 'Zdarzenie serwisowe 25A/03/2025' })).toBeInTheDocument();
    expect(within(row).getByText('ACME')).toBeInTheDocument();
    expect(within(row).getByText('ul. Polna 1, 26-600 Radom')).toBeInTheDocument();
    expect(within(row).getByText('Laser CO2 3000')).toBeInTheDocument();
    expect(within(row).getByText('Do wykonania')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: 'Zadanie nr 4' })).queryByRole('img')).toBeNull();

    expect(Object.fromEntries(queryOf(api.calls[0].url))).toEqual({
      toDoStatus: 'TODO',
      page: '1',
      size: '10',
      sort: 'id,desc',
    });
    // a user gets no plus button
    expect(screen.queryByRole('button', { name: 'Dodaj zadanie' })).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Pokaż zakończone' }));
    await waitFor(() => expect(queryOf(api.calls.at(-1)!.url).get('toDoStatus')).toBe('ALL'));
  });
});

describe('/machineTodo modal', () => {
  it('shows a user the to-do read-only: fields disabled, no Zapisz and no Usuń', async () => {
    server();
    open(JAN_USER);
    await userEvent.click(await screen.findByRole('row', { name: 'Zadanie nr 4' }));
    const modal = await dialog();
    expect(within(modal).getByText('Anna Nowak')).toBeInTheDocument();
    expect(within(modal).getByRole('textbox', { name: 'Opis' })).toBeDisabled();
    expect(within(modal).getByRole('checkbox', { name: 'zakończone' })).toBeDisabled();
    expect(within(modal).queryByRole('button', { name: 'Zapisz' })).toBeNull();
    expect(within(modal).queryByRole('button', { name: 'Usuń' })).toBeNull();
    expect(within(modal).getByRole('button', { name: 'Anuluj' })).toBeEnabled();
  });

  it('ADD: an admin adds a to-do through the plus button (id 0, TODO, current time)', async () => {
    const api = server();
    open(ANNA_ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: 'Dodaj zadanie' }));
    const modal = await dialog();
    expect(within(modal).getByText('Anna Nowak')).toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: 'Usuń' })).toBeNull();
    // A new to-do starts as TODO (spec §4): nothing to tick yet.
    expect(within(modal).queryByRole('checkbox', { name: 'zakończone' })).toBeNull();
    await userEvent.click(within(modal).getByRole('button', { name: 'Zapisz' }));
    expect(await within(modal).findByText(MSG.todoDescriptionRequired)).toBeInTheDocument();

    await userEvent.type(within(modal).getByRole('textbox', { name: 'Opis' }), 'Sprawdzić dostawę');
    await userEvent.click(within(modal).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const body = api.calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 0, toDoStatus: 'TODO', description: 'Sprawdzić dostawę' });
    expect(Number.isNaN(Date.parse(String(body.date)))).toBe(false);
    expect(String(body.date)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when a pasted description is longer than the field takes (the browser cuts it)', async () => {
    server();
    open(ANNA_ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: 'Dodaj zadanie' }));
    const description = within(await dialog()).getByRole('textbox', { name: 'Opis' });
    await userEvent.click(description);
    await userEvent.paste('Krótki opis');
    expect(screen.queryByText(/^Wklejony tekst nie zmieścił się/)).toBeNull();
    await userEvent.paste('x'.repeat(5000));
    expect(
      await screen.findByText(
        'Wklejony tekst nie zmieścił się w polu „Opis”: pole przyjmuje najwyżej 5000 znaków, więc resztę pominięto.',
      ),
    ).toBeInTheDocument();
    expect((description as HTMLTextAreaElement).value).toHaveLength(5000);
  });

  it('asks before "Anuluj" drops an admin\'s changes; a user\'s read-only to-do closes at once', async () => {
    server();
    const view = open(ANNA_ADMIN);
    await userEvent.click(await screen.findByRole('row', { name: 'Zadanie nr 4' }));
    await userEvent.click(within(await dialog()).getByRole('checkbox', { name: 'zakończone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    const question = await screen.findByRole('dialog', { name: MSG.unsavedTitle });
    await userEvent.click(within(question).getByRole('button', { name: MSG.discardChanges }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    view.unmount();

    server();
    open(JAN_USER);
    await userEvent.click(await screen.findByRole('row', { name: 'Zadanie nr 4' }));
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Anuluj' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('EDIT_TODO: an admin marks a stand-alone to-do done through /api/todo/save', async () => {
    const api = server();
    open(ANNA_ADMIN);
    await userEvent.click(await screen.findByRole('row', { name: 'Zadanie nr 4' }));
    const modal = await dialog();
    expect(within(modal).getByRole('textbox', { name: 'Opis' })).toHaveValue('Zamówić filtry');
    expect(within(modal).getByRole('button', { name: 'Usuń' })).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('checkbox', { name: 'zakończone' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      id: 4,
      toDoStatus: 'DONE',
      description: 'Zamówić filtry',
    });
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('EDIT_SERVICE: a service to-do is saved through changeTodoStatus and cannot be deleted', async () => {
    const api = server();
    open(ANNA_ADMIN);
    await userEvent.click(await screen.findByRole('row', { name: 'Zadanie nr 9' }));
    const modal = await dialog();
    expect(within(modal).getByText('25A/03/2025 z 2025-03-06')).toBeInTheDocument();
    // The customer's and the machine's cards are a click away (an external machine's own card).
    expect(within(modal).getByRole('link', { name: sampleCustomer.shortName })).toHaveAttribute(
      'href',
      `/customerEdit?id=${sampleCustomer.id}`,
    );
    expect(within(modal).getByRole('link', { name: '(7) Laser CO2 3000' })).toHaveAttribute(
      'href',
      `/machineExternalEdit?id=7&customerId=${sampleCustomer.id}&prev=machineTodo`,
    );
    expect(within(modal).getByRole('textbox', { name: 'Opis' })).toHaveValue(longText);
    expect(within(modal).queryByRole('button', { name: 'Usuń' })).toBeNull();
    await userEvent.click(within(modal).getByRole('checkbox', { name: 'zakończone' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      id: 31,
      toDoStatus: 'DONE',
      todo: longText,
    });
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('deletes after confirming, and shows the spec messages for refusals and other failures', async () => {
    const api = server({
      remove: { status: 403, body: { message: 'x' } },
      save: { status: 500, body: { message: 'boom' } },
    });
    open(ANNA_ADMIN);
    await userEvent.click(await screen.findByRole('row', { name: 'Zadanie nr 4' }));
    const modal = await dialog();
    await userEvent.click(within(modal).getByRole('button', { name: 'Usuń' }));
    expect(within(modal).getByText('Czy na pewno chcesz usunąć zadanie nr 4?')).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('button', { name: 'Tak, usuń' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(MSG.forbidden);
    const removal = api.calls.find((c) => c.method === 'DELETE')!;
    expect(removal.url).toBe('/api/todo/delete?id=4');

    await userEvent.click(within(modal).getByRole('button', { name: 'Nie usuwaj' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(within(modal).getByRole('alert')).toHaveTextContent(MSG.unknownError));
  });
});

describe('/machineTodo modal without the server, or without the to-do', () => {
  it('says "Błąd połączenia z serwerem." when a save gets no answer, not "Nieznany błąd."', async () => {
    server({ save: { network: true } });
    open(ANNA_ADMIN);
    await userEvent.click(await screen.findByRole('row', { name: 'Zadanie nr 4' }));
    const modal = await dialog();
    await userEvent.click(within(modal).getByRole('button', { name: 'Zapisz' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(MSG.connectionError);
  });

  it("says the server's words when someone else deleted the to-do meanwhile", async () => {
    server({ save: { status: 404, body: { message: MSG.todoNotFound } } });
    open(ANNA_ADMIN);
    await userEvent.click(await screen.findByRole('row', { name: 'Zadanie nr 4' }));
    const modal = await dialog();
    await userEvent.click(within(modal).getByRole('button', { name: 'Zapisz' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent('Nie znaleziono zadania.');
  });
});

describe('/machineTodo: the keyboard after a to-do leaves the list', () => {
  /** Three open to-dos; a deleted or finished one is gone from the next answer. */
  function shrinkingServer() {
    const todo = (id: number): Todo => ({ ...ownTodo, id, description: `Zadanie ${id}` });
    let open = [todo(3), todo(2), todo(1)];
    return fakeApi({
      'GET /api/todo/get': () => ({ body: open }),
      'POST /api/todo/save': ({ body }) => {
        const saved = body as { id: number; toDoStatus: string };
        if (saved.toDoStatus === 'DONE') open = open.filter((t) => t.id !== saved.id);
        return { status: 201, body: todo(saved.id) };
      },
      'DELETE /api/todo/delete': ({ query }) => {
        open = open.filter((t) => t.id !== Number(query.get('id')));
        return { body: { message: MSG.todoDeleted } };
      },
    });
  }

  it('goes on from the row now in the deleted one\'s place, then from the last row, then from "Dodaj zadanie"', async () => {
    shrinkingServer();
    open(ANNA_ADMIN);
    const remove = async (name: string) => {
      await userEvent.click(await screen.findByRole('row', { name }));
      const modal = await dialog();
      await userEvent.click(within(modal).getByRole('button', { name: 'Usuń' }));
      await userEvent.click(within(modal).getByRole('button', { name: 'Tak, usuń' }));
      await waitFor(() => expect(screen.queryByRole('row', { name })).toBeNull());
    };
    await remove('Zadanie nr 2');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('row', { name: 'Zadanie nr 1' })),
    );
    await remove('Zadanie nr 1');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('row', { name: 'Zadanie nr 3' })),
    );
    await remove('Zadanie nr 3');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Dodaj zadanie' })),
    );
  });

  it('goes on from the next row after a to-do is finished, and stays on an edited one', async () => {
    shrinkingServer();
    open(ANNA_ADMIN);
    await userEvent.click(await screen.findByRole('row', { name: 'Zadanie nr 2' }));
    let modal = await dialog();
    await userEvent.type(within(modal).getByRole('textbox', { name: 'Opis' }), ' pilne');
    await userEvent.click(within(modal).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('row', { name: 'Zadanie nr 2' })),
    );

    await userEvent.click(screen.getByRole('row', { name: 'Zadanie nr 3' }));
    modal = await dialog();
    await userEvent.click(within(modal).getByRole('checkbox', { name: 'zakończone' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Zadanie nr 3' })).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('row', { name: 'Zadanie nr 2' })),
    );
  });
});
