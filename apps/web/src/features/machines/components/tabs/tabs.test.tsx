import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, type DeviceNote, type Part, type SessionUser, type StoredFile, LIST_MSG } from '@serwis/domain';
import { ANNA_ADMIN, EMPTY_LIST, JAN_USER, fakeApi } from '../../../../../test/fake-api';
import { renderScreen } from '../../../../../test/render-screen';
import { FilesTab } from './files-tab';
import { NameplatesTab } from './nameplates-tab';
import { NotesTab } from './notes-tab';
import { PartsTab } from './parts-tab';

afterEach(() => vi.unstubAllGlobals());

const me: SessionUser = {
  id: 5,
  userName: 'Serwisant',
  email: 'jan@firma.pl',
  firstName: 'Jan',
  lastName: 'Kowalski',
  vacationDays: 0,
  roles: [{ id: 2, role: 'USER' }],
  isAdmin: false,
};

const file = (overrides: Partial<StoredFile>): StoredFile => ({
  id: 1,
  filename: 'instrukcja (2).pdf',
  originalName: 'instrukcja.pdf',
  description: 'DTR',
  type: 'MACHINE_FILE',
  device: { id: 7 },
  service: null,
  contentType: 'application/pdf',
  size: 1536,
  createdAt: '2025-03-04T10:00:00.000Z',
  ...overrides,
});

const confirmButton = async () =>
  within(await screen.findByRole('dialog')).getByRole('button', { name: 'Usuń' });

describe('FilesTab', () => {
  it('says a file deleted since the list was drawn is gone, opens nothing and reads the list again', async () => {
    const fake = fakeApi(
      {
        'GET /api/file/findByDeviceAndType/7/MACHINE_FILE': { body: [file({})] },
        'GET /api/storage/downloadFile': {
          status: 404,
          body: { message: 'Nie znaleziono pliku.', code: 'NOT_FOUND' },
        },
      },
      { otherwise: EMPTY_LIST },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderScreen(<FilesTab deviceId={7} fileType="MACHINE_FILE" />, { url: '/m', session: JAN_USER });
    const row = await screen.findByRole('row', { name: 'instrukcja.pdf' });
    const listReads = () => fake.callsTo('GET', '/api/file/findByDeviceAndType/7/MACHINE_FILE').length;
    const before = listReads();

    await userEvent.click(within(row).getByRole('button', { name: 'Podgląd: instrukcja.pdf' }));
    expect(await screen.findByText('Nie znaleziono pliku.')).toBeInTheDocument();
    expect(screen.queryByTitle('Podgląd: instrukcja.pdf')).toBeNull();
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));
    // Only its first byte was asked for.
    const asked = fake.callsTo('GET', '/api/storage/downloadFile')[0];
    expect(asked.headers.range).toBe('bytes=0-0');

    await userEvent.click(within(row).getByRole('button', { name: 'Pobierz: instrukcja.pdf' }));
    await waitFor(() => expect(fake.callsTo('GET', '/api/storage/downloadFile')).toHaveLength(2));
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });

  it('lists the files, previews a PDF inline and shows a refused delete above the list', async () => {
    const fake = fakeApi(
      {
        'GET /api/file/findByDeviceAndType/7/MACHINE_FILE': { body: [file({})] },
        'DELETE /api/file/delete/1': { status: 403, body: { message: 'Brak uprawnień do tej operacji.' } },
      },
      { otherwise: EMPTY_LIST },
    );
    renderScreen(<FilesTab deviceId={7} fileType="MACHINE_FILE" />, { url: '/m', session: ANNA_ADMIN });
    const row = await screen.findByRole('row', { name: 'instrukcja.pdf' });
    expect(within(row).getByText('DTR')).toBeInTheDocument();
    // The name as uploaded, not the stored one with its " (2)".
    expect(within(row).getByText('instrukcja.pdf')).toBeInTheDocument();
    expect(within(row).queryByText('instrukcja (2).pdf')).not.toBeInTheDocument();
    expect(within(row).getByText('2025-03-04')).toBeInTheDocument();
    expect(within(row).getByText('1,5 KB')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Podgląd: instrukcja.pdf' }));
    const viewer = await screen.findByTitle('Podgląd: instrukcja.pdf');
    expect(viewer).toHaveAttribute('src', '/api/storage/downloadFile?fileName=instrukcja%20(2).pdf');
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(row).getByRole('button', { name: 'Usuń: instrukcja.pdf' }));
    expect(await screen.findByText('Czy na pewno chcesz usunąć plik „instrukcja.pdf”?')).toBeInTheDocument();
    await userEvent.click(await confirmButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Brak uprawnień do tej operacji.');
    expect(fake.callsTo('DELETE', '/api/file/delete/1')).toHaveLength(1);
  });

  it.each(['MACHINE_FILE', 'MACHINE_PARAMETER'] as const)(
    'offers the delete of a %s to an admin only; an employee still adds, describes and downloads',
    async (fileType) => {
      fakeApi(
        { [`GET /api/file/findByDeviceAndType/7/${fileType}`]: { body: [file({ type: fileType })] } },
        { otherwise: EMPTY_LIST },
      );
      const employee = renderScreen(<FilesTab deviceId={7} fileType={fileType} />, {
        url: '/m',
        session: JAN_USER,
      });
      let row = await screen.findByRole('row', { name: 'instrukcja.pdf' });
      expect(within(row).getByRole('button', { name: 'Edytuj opis: instrukcja.pdf' })).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'Pobierz: instrukcja.pdf' })).toBeInTheDocument();
      expect(within(row).queryByRole('button', { name: 'Usuń: instrukcja.pdf' })).toBeNull();
      expect(
        screen.getByRole('button', { name: fileType === 'MACHINE_FILE' ? 'Dodaj plik' : 'Dodaj parametr' }),
      ).toBeInTheDocument();
      employee.unmount();

      renderScreen(<FilesTab deviceId={7} fileType={fileType} />, { url: '/m', session: ANNA_ADMIN });
      row = await screen.findByRole('row', { name: 'instrukcja.pdf' });
      expect(within(row).getByRole('button', { name: 'Usuń: instrukcja.pdf' })).toBeInTheDocument();
    },
  );

  it('finds a file by a word of its name or of its description', async () => {
    fakeApi(
      {
        'GET /api/file/findByDeviceAndType/7/MACHINE_FILE': {
          body: [
            file({}),
            file({
              id: 2,
              filename: 'schemat.pdf',
              originalName: 'schemat.pdf',
              description: 'Układ hydrauliczny',
            }),
            file({ id: 3, filename: 'faktura.pdf', originalName: 'faktura.pdf', description: '' }),
          ],
        },
      },
      { otherwise: EMPTY_LIST },
    );
    renderScreen(<FilesTab deviceId={7} fileType="MACHINE_FILE" />, { url: '/m', session: JAN_USER });
    await screen.findByRole('row', { name: 'faktura.pdf' });
    const search = screen.getByRole('textbox', { name: 'Szukaj' });

    await userEvent.type(search, 'HYDRAUL');
    await waitFor(() => expect(screen.queryByRole('row', { name: 'faktura.pdf' })).toBeNull());
    expect(screen.getByRole('row', { name: 'schemat.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'instrukcja.pdf' })).toBeNull();

    await userEvent.clear(search);
    await userEvent.type(search, 'faktur');
    expect(await screen.findByRole('row', { name: 'faktura.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'schemat.pdf' })).toBeNull();
  });
});

describe('FilesTab by keyboard', () => {
  it("puts the focus on the next file's 'Usuń', also when that file has no preview before it", async () => {
    let files = [
      file({ id: 1, originalName: 'instrukcja.pdf' }),
      file({ id: 2, originalName: 'notatki.txt', filename: 'notatki.txt', contentType: 'text/plain' }),
    ];
    fakeApi(
      {
        'GET /api/file/findByDeviceAndType/7/MACHINE_FILE': () => ({ body: files }),
        // Asked again after the delete, as every cached answer is.
        'GET /api/user/check-auth': { body: ANNA_ADMIN },
        'DELETE /api/file/delete/1': () => {
          files = files.filter((f) => f.id !== 1);
          return { body: {} };
        },
      },
      { otherwise: EMPTY_LIST },
    );
    renderScreen(<FilesTab deviceId={7} fileType="MACHINE_FILE" />, { url: '/m', session: ANNA_ADMIN });
    expect(await screen.findByRole('button', { name: 'Podgląd: instrukcja.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Podgląd: notatki.txt' })).toBeNull();
    screen.getByRole('button', { name: 'Usuń: instrukcja.pdf' }).focus();
    await userEvent.keyboard('{Enter}');
    (await confirmButton()).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('row', { name: 'instrukcja.pdf' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Usuń: notatki.txt' })).toHaveFocus());
  });
});

describe('NameplatesTab', () => {
  const photo = file({
    id: 4,
    filename: 'tabliczka.jpg',
    originalName: 'tabliczka.jpg',
    description: 'Tabliczka silnika',
    type: 'MACHINE_NAMEPLATE',
    contentType: 'image/jpeg',
  });

  it('offers the delete of a photo to an admin only; an employee still adds and describes', async () => {
    const fake = fakeApi(
      { 'GET /api/file/findByDeviceAndType/7/MACHINE_NAMEPLATE': { body: [photo] } },
      { otherwise: EMPTY_LIST },
    );
    const employee = renderScreen(<NameplatesTab deviceId={7} />, { url: '/m', session: JAN_USER });
    let card = await screen.findByRole('article', { name: 'tabliczka.jpg' });
    expect(within(card).getByRole('button', { name: 'Edytuj opis: tabliczka.jpg' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Usuń: tabliczka.jpg' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Dodaj tabliczkę znamionową' })).toBeInTheDocument();
    // The card shows the photo's small copy; "Powiększ" opens the photo itself.
    expect(within(card).getByRole('img', { name: 'Tabliczka silnika' })).toHaveAttribute(
      'src',
      '/api/storage/downloadFile?fileName=tabliczka.jpg&width=480',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Powiększ: tabliczka.jpg' }));
    const viewer = await screen.findByRole('dialog');
    expect(await within(viewer).findByRole('img')).toHaveAttribute(
      'src',
      '/api/storage/downloadFile?fileName=tabliczka.jpg',
    );
    employee.unmount();

    renderScreen(<NameplatesTab deviceId={7} />, { url: '/m', session: ANNA_ADMIN });
    card = await screen.findByRole('article', { name: 'tabliczka.jpg' });
    await userEvent.click(within(card).getByRole('button', { name: 'Usuń: tabliczka.jpg' }));
    expect(
      await screen.findByText('Czy na pewno chcesz usunąć tabliczkę znamionową „tabliczka.jpg”?'),
    ).toBeInTheDocument();
    expect(fake.callsTo('DELETE', '/api/file/delete/4')).toHaveLength(0);
  });
});

describe('NotesTab', () => {
  const note = (overrides: Partial<DeviceNote>): DeviceNote => ({
    id: 1,
    text: 'Wymieniono filtr.',
    device: { id: 7 },
    userCreated: { id: 5, firstName: 'Jan', lastName: 'Kowalski' },
    userUpdated: { id: 5, firstName: 'Jan', lastName: 'Kowalski' },
    createdAt: '2025-03-04T10:00:00.000Z',
    updatedAt: '2025-03-04T10:00:00.000Z',
    ...overrides,
  });

  it("shows the last editor, offers edit only on own notes, and says 'Błąd!' on other failures", async () => {
    const fake = fakeApi(
      {
        'GET /api/user/check-auth': { body: me },
        'GET /api/deviceNote/findByIdDevice/7': {
          body: [
            note({}),
            note({
              id: 2,
              text: 'Cudza notatka',
              userCreated: { id: 9, firstName: 'Piotr', lastName: 'Zieliński' },
              userUpdated: { id: 9, firstName: 'Piotr', lastName: 'Zieliński' },
            }),
          ],
        },
        'PUT /api/deviceNote/update': { status: 500, body: { message: 'x' } },
      },
      { otherwise: EMPTY_LIST },
    );
    renderScreen(<NotesTab deviceId={7} />, { url: '/m' });
    const own = await screen.findByRole('article', { name: 'Notatka 1' });
    const foreign = screen.getByRole('article', { name: 'Notatka 2' });
    expect(within(foreign).getByText(/Piotr Zieliński/)).toBeInTheDocument();
    expect(within(foreign).queryByRole('button', { name: 'Edytuj notatkę' })).toBeNull();

    await userEvent.click(within(own).getByRole('button', { name: 'Edytuj notatkę' }));
    const text = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Treść notatki' });
    expect(text).toHaveValue('Wymieniono filtr.');
    // Opened to be edited, the caret stands after the text, where the next words go. jsdom puts it
    // there as the value is set; Chromium left it before the text, as set here before the focus.
    await waitFor(() => expect(text).toHaveFocus());
    text.blur();
    text.setSelectionRange(0, 0);
    text.focus();
    expect([text.selectionStart, text.selectionEnd]).toEqual([17, 17]);
    await userEvent.clear(text);
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Wpisz treść notatki.')).toBeInTheDocument();
    await userEvent.type(text, 'Nowa treść');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Błąd!');
    expect(fake.callsTo('PUT', '/api/deviceNote/update')[0].body).toEqual({
      id: 1,
      device: { id: 7 },
      text: 'Nowa treść',
    });
  });

  it('says "Błąd połączenia z serwerem." when a note is saved without the server, not "Błąd!"', async () => {
    fakeApi(
      {
        'GET /api/user/check-auth': { body: me },
        'GET /api/deviceNote/findByIdDevice/7': { body: [] },
        'POST /api/deviceNote/insert': { network: true },
      },
      { otherwise: { network: true } },
    );
    renderScreen(<NotesTab deviceId={7} />, { url: '/m' });
    await userEvent.click(await screen.findByRole('button', { name: 'Dodaj notatkę' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Treść notatki' }), 'Luźny pasek');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG.connectionError);
    expect(within(dialog).getByRole('alert')).not.toHaveTextContent(MSG.error);
  });

  it('says "Błąd połączenia z serwerem." when the notes cannot be loaded without the server', async () => {
    fakeApi({ 'GET /api/user/check-auth': { body: me } }, { otherwise: { network: true } });
    renderScreen(<NotesTab deviceId={7} />, { url: '/m' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.connectionError);
    // Not "Brak danych": the notes could not be read, and can be asked for again.
    expect(screen.getByText(LIST_MSG.listLoadFailed)).toBeInTheDocument();
    expect(screen.queryByText(MSG.noData)).toBeNull();
    expect(screen.getByRole('button', { name: LIST_MSG.tryAgain })).toBeInTheDocument();
  });

  it('asks before Esc or "Anuluj" drop a typed note, and closes at once when nothing was typed', async () => {
    fakeApi(
      { 'GET /api/user/check-auth': { body: me }, 'GET /api/deviceNote/findByIdDevice/7': { body: [] } },
      { otherwise: EMPTY_LIST },
    );
    renderScreen(<NotesTab deviceId={7} />, { url: '/m' });
    await userEvent.click(await screen.findByRole('button', { name: 'Dodaj notatkę' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Dodaj notatkę' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Treść notatki' }), 'Luźny pasek');
    await userEvent.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: MSG.unsavedTitle });
    await userEvent.click(within(question).getByRole('button', { name: MSG.keepEditing }));
    const text = await screen.findByRole('textbox', { name: 'Treść notatki' });
    expect(text).toHaveValue('Luźny pasek');
    // Back to the typing, and once discarded back to the button the note was opened with. (jsdom's
    // timers return it there with or without confirmDiscard's own hand-back; the browser's did not,
    // which the accessibility-dialogs journey checks.)
    await waitFor(() => expect(text).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: MSG.unsavedTitle })).getByRole('button', {
        name: MSG.discardChanges,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dodaj notatkę' })).toHaveFocus());
  });

  it('shows the newest 20 notes, 20 more on each ask, and still adds and deletes', async () => {
    // 45 notes, newest first as the server sends them.
    let notes = Array.from({ length: 45 }, (_, i) => note({ id: 45 - i, text: `Notatka nr ${45 - i}` }));
    const fake = fakeApi(
      {
        'GET /api/user/check-auth': { body: me },
        'GET /api/deviceNote/findByIdDevice/7': () => ({ body: notes }),
        'POST /api/deviceNote/insert': () => {
          const added = note({ id: 46, text: 'Najnowsza' });
          notes = [added, ...notes];
          return { status: 201, body: added };
        },
        'DELETE /api/deviceNote/delete/45': () => {
          notes = notes.filter((n) => n.id !== 45);
          return { status: 200, body: {} };
        },
      },
      { otherwise: EMPTY_LIST },
    );
    renderScreen(<NotesTab deviceId={7} />, { url: '/m' });
    expect(await screen.findByRole('article', { name: 'Notatka 45' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(screen.getByRole('article', { name: 'Notatka 26' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Notatka 25' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Pokaż starsze notatki (25)' }));
    expect(screen.getAllByRole('article')).toHaveLength(40);
    await userEvent.click(screen.getByRole('button', { name: 'Pokaż starsze notatki (5)' }));
    expect(screen.getAllByRole('article')).toHaveLength(45);
    expect(screen.getByRole('article', { name: 'Notatka 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pokaż starsze notatki/ })).toBeNull();

    // A new note comes first, and the notes already shown stay shown.
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj notatkę' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Treść notatki' }), 'Najnowsza');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(46));
    expect(screen.getAllByRole('article')[0]).toHaveAccessibleName('Notatka 46');

    // By keyboard: the focus then goes on from the next note, not from the top of the page.
    const newest = screen.getByRole('article', { name: 'Notatka 45' });
    within(newest).getByRole('button', { name: 'Usuń notatkę' }).focus();
    await userEvent.keyboard('{Enter}');
    // The question names the note by its day and its start: a day may have several.
    expect(
      within(await screen.findByRole('dialog')).getByText(/Czy na pewno chcesz usunąć notatkę z dnia/),
    ).toHaveTextContent(/notatkę z dnia \d{4}-\d{2}-\d{2}: „Notatka nr 45”\?$/);
    (await confirmButton()).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Notatka 45' })).toBeNull());
    expect(screen.getAllByRole('article')).toHaveLength(45);
    const next = screen.getByRole('article', { name: 'Notatka 44' });
    await waitFor(() => expect(within(next).getByRole('button', { name: 'Edytuj notatkę' })).toHaveFocus());
    expect(fake.callsTo('DELETE', '/api/deviceNote/delete/45')).toHaveLength(1);
    // Said, as every other deletion (a machine, an event, a service's file) is.
    expect(await screen.findByText('Usunięto notatkę.')).toBeInTheDocument();
  });
});

describe('PartsTab', () => {
  it('adds a part through the modal, with the name required', async () => {
    const saved: Part = {
      id: 3,
      name: 'Pompa',
      serialNumber: 'P-1',
      producer: '',
      decsription: 'obieg',
      device: { id: 7 },
    };
    let parts: Part[] = [];
    const fake = fakeApi(
      {
        'GET /api/part/findByDevice/7': () => ({ body: parts }),
        'POST /api/part/save': () => {
          parts = [saved];
          return { status: 201, body: saved };
        },
      },
      { otherwise: EMPTY_LIST },
    );
    renderScreen(<PartsTab deviceId={7} />, { url: '/m' });
    expect(await screen.findByText('Brak danych')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj część' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Podaj nazwę części.')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /Nazwa/ }), 'Pompa');
    await userEvent.type(screen.getByRole('textbox', { name: 'Numer seryjny' }), 'P-1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Opis' }), 'obieg');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(fake.callsTo('POST', '/api/part/save')).toHaveLength(1));
    expect(fake.callsTo('POST', '/api/part/save')[0].body).toEqual({
      name: 'Pompa',
      serialNumber: 'P-1',
      producer: '',
      decsription: 'obieg',
      device: { id: 7 },
    });
    expect(await screen.findByRole('row', { name: 'Pompa' })).toBeInTheDocument();
  });

  it('cuts a long description as the service tables do, the whole of it in a tooltip', async () => {
    const long = `Zawór 4WE6, partia R9011. ${'Wymieniony po awarii układu hydraulicznego. '.repeat(40)}`;
    fakeApi(
      {
        'GET /api/part/findByDevice/7': {
          body: [
            {
              id: 1,
              name: 'Zawór',
              serialNumber: 'R9011',
              producer: '',
              decsription: long,
              device: { id: 7 },
            },
          ],
        },
      },
      { otherwise: EMPTY_LIST },
    );
    renderScreen(<PartsTab deviceId={7} />, { url: '/m' });
    const cut = await screen.findByText(/^Zawór 4WE6, partia R9011\. .+…$/);
    expect(cut.textContent).toHaveLength(81);
    await userEvent.hover(cut);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(long.trim());
  });

  it("after a delete by keyboard, puts the focus on the next part's delete, not on its row", async () => {
    const part = (id: number, name: string): Part => ({
      id,
      name,
      serialNumber: '',
      producer: '',
      decsription: '',
      device: { id: 7 },
    });
    let parts = [part(1, 'Filtr'), part(2, 'Pasek'), part(3, 'Zawór')];
    const fake = fakeApi(
      {
        'GET /api/part/findByDevice/7': () => ({ body: parts }),
        'DELETE /api/part/delete/2': () => {
          parts = parts.filter((p) => p.id !== 2);
          return { body: {} };
        },
        'DELETE /api/part/delete/3': () => {
          parts = parts.filter((p) => p.id !== 3);
          return { body: {} };
        },
        'DELETE /api/part/delete/1': () => {
          parts = [];
          return { body: {} };
        },
      },
      { otherwise: EMPTY_LIST },
    );
    renderScreen(<PartsTab deviceId={7} />, { url: '/m' });
    (await screen.findByRole('button', { name: 'Usuń część: Pasek' })).focus();
    await userEvent.keyboard('{Enter}');
    (await confirmButton()).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Pasek/ })).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Usuń część: Zawór' })).toHaveFocus());
    expect(fake.callsTo('DELETE', '/api/part/delete/2')).toHaveLength(1);

    // The last part: the focus goes to the part above it, not to the pager below.
    (await screen.findByRole('button', { name: 'Usuń część: Zawór' })).focus();
    await userEvent.keyboard('{Enter}');
    (await confirmButton()).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Zawór/ })).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Usuń część: Filtr' })).toHaveFocus());

    // None left: the focus goes to the tab's add button above the table, not to the pager below.
    await userEvent.keyboard('{Enter}');
    (await confirmButton()).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dodaj część' })).toHaveFocus());
  });
});
