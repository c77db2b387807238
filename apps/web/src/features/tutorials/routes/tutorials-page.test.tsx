import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIST_MSG, MSG, type TutorialFolder } from '@serwis/domain';
import { ANNA_ADMIN, JAN_USER, fakeApi, type FakeCall, type FakeReply } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { TutorialsPage } from './tutorials-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TREE: TutorialFolder[] = [
  {
    folder: { id: 'f-laser', name: 'Obsługa lasera' },
    googleFiles: [
      { id: 'g-png', name: 'Głowica lasera.png' },
      { id: 'g-docx', name: 'Schemat SZKOLENIA.docx' },
    ],
  },
  { folder: { id: 'f-empty', name: 'Pusty' }, googleFiles: [] },
  {
    folder: { id: 'f-bhp', name: 'Szkolenia BHP' },
    googleFiles: [
      { id: 'g-mp4', name: 'Wprowadzenie do szkolenia.mp4' },
      { id: 'g-pdf', name: 'Instrukcja.pdf' },
    ],
  },
];

function server(
  options: {
    tree?: FakeReply | ((call: FakeCall) => FakeReply);
    source?: { source: string; writable: boolean };
    folder?: FakeReply;
    download?: FakeReply;
  } = {},
) {
  return fakeApi({
    'GET /api/google-drive/getTree': options.tree ?? { body: TREE },
    'GET /api/google-drive/source': { body: options.source ?? { source: 'local', writable: true } },
    'POST /api/google-drive/createFolder': options.folder ?? {
      status: 201,
      body: { id: 'f-new', name: 'Nowy' },
    },
    'POST /api/google-drive/uploadFile': { status: 201, body: { id: 'g-new', name: 'film.mp4' } },
    // A file's first byte: still there.
    'GET /api/google-drive/downloadFile': options.download ?? { status: 206, body: 'x' },
  });
}

const open = (session: unknown = JAN_USER) => renderScreen(<TutorialsPage />, { url: '/tutorials', session });
const folders = () => screen.getByRole('navigation', { name: 'Foldery' });
const files = () => screen.getByRole('list', { name: 'Pliki' });
const fileNames = () =>
  within(files())
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

describe('/tutorials', () => {
  it('shows "Ładowanie danych", then "Wszystko" and one entry per folder with every file', async () => {
    server();
    open();
    expect(screen.getByRole('heading', { name: 'Tutoriale' })).toBeInTheDocument();
    expect(screen.getByText(MSG.loading)).toBeInTheDocument();
    await screen.findByRole('navigation', { name: 'Foldery' });
    expect(screen.queryByText(MSG.loading)).toBeNull();
    const entries = within(folders())
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(entries).toEqual(['Wszystko', 'Obsługa lasera2 pliki', 'Pusty0 plików', 'Szkolenia BHP2 pliki']);
    // "Wszystko": every file with its folder beside it.
    expect(fileNames()).toEqual([
      'Głowica lasera.png Obsługa lasera: pokaż',
      'Schemat SZKOLENIA.docx Obsługa lasera: pobierz',
      'Wprowadzenie do szkolenia.mp4 Szkolenia BHP: odtwórz',
      'Instrukcja.pdf Szkolenia BHP: otwórz',
    ]);
    // A user gets no admin tools.
    expect(screen.queryByRole('button', { name: 'Nowy folder' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Odśwież' })).toBeNull();
  });

  it('shows one folder’s files, and "Brak plików" for an empty one', async () => {
    server();
    open();
    await userEvent.click(
      await within(await screen.findByRole('navigation', { name: 'Foldery' })).findByText('Szkolenia BHP'),
    );
    expect(fileNames()).toEqual(['Wprowadzenie do szkolenia.mp4: odtwórz', 'Instrukcja.pdf: otwórz']);
    await userEvent.click(within(folders()).getByText('Pusty'));
    expect(screen.getByText(MSG.tutorialsEmpty)).toBeInTheDocument();
    await userEvent.click(within(folders()).getByText('Wszystko'));
    expect(fileNames()).toHaveLength(4);
  });

  it('searches file names case-insensitively across all folders, naming each hit’s folder', async () => {
    server();
    open();
    await userEvent.click(
      await within(await screen.findByRole('navigation', { name: 'Foldery' })).findByText('Pusty'),
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Szukaj pliku' }), 'szkoLENIA');
    expect(fileNames()).toEqual([
      'Schemat SZKOLENIA.docx Obsługa lasera: pobierz',
      'Wprowadzenie do szkolenia.mp4 Szkolenia BHP: odtwórz',
    ]);
    expect(within(files()).getByText('Obsługa lasera')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Szukaj pliku' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Szukaj pliku' }), 'nic takiego');
    expect(screen.getByText(MSG.tutorialsEmpty)).toBeInTheDocument();
  });

  it('plays a video in the 440 px player, shows images and PDFs full-screen, downloads the rest', async () => {
    server();
    open();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(await screen.findByRole('button', { name: /^Wprowadzenie do szkolenia\.mp4/ }));
    const video = await screen.findByLabelText('Film: Wprowadzenie do szkolenia.mp4');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('height', '440');
    expect(video).toHaveAttribute('src', '/api/google-drive/downloadFile?fileId=g-mp4');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByLabelText(/^Film:/)).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: /^Głowica lasera\.png/ }));
    expect(await screen.findByRole('img', { name: 'Głowica lasera.png' })).toHaveAttribute(
      'src',
      '/api/google-drive/downloadFile?fileId=g-png',
    );
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: /^Instrukcja\.pdf/ }));
    expect(await screen.findByTitle('Podgląd: Instrukcja.pdf')).toHaveAttribute(
      'src',
      '/api/google-drive/downloadFile?fileId=g-pdf',
    );
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: /^Schemat SZKOLENIA\.docx/ }));
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/api/google-drive/downloadFile?fileId=g-docx');
    expect(link.download).toBe('Schemat SZKOLENIA.docx');
  });

  it('shows the server’s 502 message when the drive cannot be reached', async () => {
    server({ tree: { status: 502, body: { message: MSG.tutorialsDriveError } } });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Błąd połączenia z dyskiem Google');
    expect(screen.queryByRole('navigation', { name: 'Foldery' })).toBeNull();
  });

  it('lets an employee try the drive again after "Błąd połączenia z dyskiem Google"', async () => {
    let down = true;
    const api = server({
      tree: () => (down ? { status: 502, body: { message: MSG.tutorialsDriveError } } : { body: TREE }),
    });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.tutorialsDriveError);
    down = false;
    await userEvent.click(screen.getByRole('button', { name: LIST_MSG.tryAgain }));
    expect(await screen.findByRole('navigation', { name: 'Foldery' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: LIST_MSG.tryAgain })).toBeNull();
    expect(api.callsTo('GET', '/api/google-drive/getTree')).toHaveLength(2);
  });

  it('shows a failed refresh of a tree that already failed once, not twice', async () => {
    let down = true;
    const api = server({
      source: { source: 'google-drive', writable: false },
      tree: () => (down ? { status: 502, body: { message: MSG.tutorialsDriveError } } : { body: TREE }),
    });
    open(ANNA_ADMIN);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.tutorialsDriveError);
    await userEvent.click(screen.getByRole('button', { name: 'Odśwież' }));
    await waitFor(() => expect(api.calls.filter((c) => c.query.get('refresh') === 'true')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Odśwież' })).not.toHaveAttribute('data-loading'),
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    // Drive back: the tree read again, and the refresh's old failure does not come back.
    down = false;
    await userEvent.click(screen.getByRole('button', { name: LIST_MSG.tryAgain }));
    await screen.findByRole('navigation', { name: 'Foldery' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the server’s message instead of starting a download Drive cannot serve (502 at the first byte)', async () => {
    server({
      download: { status: 502, body: { message: MSG.tutorialsDriveError, code: 'SOURCE_UNAVAILABLE' } },
    });
    open();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(await screen.findByRole('button', { name: /^Schemat SZKOLENIA\.docx/ }));
    expect(await screen.findByText(MSG.tutorialsDriveError)).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });

  it('lets an admin refresh, create a folder and upload into the chosen folder of a local source', async () => {
    const api = server();
    open(ANNA_ADMIN);
    await screen.findByRole('navigation', { name: 'Foldery' });
    const add = await screen.findByRole('button', { name: 'Dodaj plik' });
    expect(add).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Odśwież' }));
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.path === '/api/google-drive/getTree' && c.query.get('refresh') === 'true'),
      ).toBe(true),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Nowy folder' }));
    const modal = await screen.findByRole('dialog', { name: 'Nowy folder' });
    await userEvent.type(within(modal).getByRole('textbox', { name: /Nazwa folderu/ }), '../x');
    await userEvent.click(within(modal).getByRole('button', { name: 'Utwórz' }));
    expect(within(modal).getByText(MSG.tutorialFolderNameInvalid)).toBeInTheDocument();
    await userEvent.clear(within(modal).getByRole('textbox', { name: /Nazwa folderu/ }));
    await userEvent.type(within(modal).getByRole('textbox', { name: /Nazwa folderu/ }), ' Nowy ');
    await userEvent.click(within(modal).getByRole('button', { name: 'Utwórz' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/google-drive/createFolder')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/google-drive/createFolder')[0].body).toEqual({ name: 'Nowy' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nowy folder' })).toBeNull());

    await userEvent.click(within(folders()).getByText('Szkolenia BHP'));
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj plik' }));
    const upload = await screen.findByRole('dialog', { name: 'Dodaj plik do folderu Szkolenia BHP' });
    await userEvent.click(within(upload).getByRole('button', { name: 'Dodaj' }));
    expect(within(upload).getByText(MSG.noFileSelected)).toBeInTheDocument();
    const input = upload.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['wideo'], 'film.mp4', { type: 'video/mp4' }));
    await userEvent.click(within(upload).getByRole('button', { name: 'Dodaj' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/google-drive/uploadFile')).toHaveLength(1));
    const call = api.callsTo('POST', '/api/google-drive/uploadFile')[0];
    expect(call.query.get('folderId')).toBe('f-bhp');
    expect(((call.body as FormData).get('file') as File).name).toBe('film.mp4');
  });

  it('refuses a file over the limit before sending it, and stops an upload on "Anuluj"', async () => {
    server();
    // The upload stays on its way until it is stopped; everything else answers as before.
    const answer = globalThis.fetch;
    let upload: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        if (!String(input).includes('/api/google-drive/uploadFile')) return answer(input, init);
        upload = init?.signal ?? undefined;
        return new Promise(() => {});
      }),
    );
    renderScreen(<TutorialsPage />, { url: '/tutorials', session: ANNA_ADMIN, maxUploadMb: 1 });
    await userEvent.click(
      within(await screen.findByRole('navigation', { name: 'Foldery' })).getByText('Pusty'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj plik' }));
    const modal = await screen.findByRole('dialog', { name: 'Dodaj plik do folderu Pusty' });
    const input = modal.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File([new Uint8Array(1024 * 1024 + 1)], 'film.mp4'));
    await userEvent.click(within(modal).getByRole('button', { name: 'Dodaj' }));
    expect(await within(modal).findByText('Plik jest za duży (maks. 1 MB).')).toBeInTheDocument();
    expect(upload).toBeUndefined();

    await userEvent.upload(input, new File(['wideo'], 'film.mp4'));
    await userEvent.click(within(modal).getByRole('button', { name: 'Dodaj' }));
    await waitFor(() => expect(upload).toBeDefined());
    expect(upload!.aborted).toBe(false);
    await userEvent.click(within(modal).getByRole('button', { name: 'Anuluj' }));
    expect(upload!.aborted).toBe(true);
  });

  it('shows a Drive source read-only: refresh only, no folder or upload buttons', async () => {
    server({ source: { source: 'google-drive', writable: false } });
    open(ANNA_ADMIN);
    await screen.findByRole('navigation', { name: 'Foldery' });
    expect(await screen.findByRole('button', { name: 'Odśwież' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nowy folder' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dodaj plik' })).toBeNull();
  });

  it('shows a refused folder name in the modal', async () => {
    server({ folder: { status: 409, body: { message: MSG.tutorialFolderExists } } });
    open(ANNA_ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: 'Nowy folder' }));
    const modal = await screen.findByRole('dialog', { name: 'Nowy folder' });
    await userEvent.type(within(modal).getByRole('textbox', { name: /Nazwa folderu/ }), 'Pusty');
    await userEvent.click(within(modal).getByRole('button', { name: 'Utwórz' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(MSG.tutorialFolderExists);
  });
});
