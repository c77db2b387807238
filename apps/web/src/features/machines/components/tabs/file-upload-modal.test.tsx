import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, UPLOAD_MSG } from '@serwis/domain';
import { fakeApi, jsonPartOf, type FakeReply } from '../../../../../test/fake-api';
import { renderScreen } from '../../../../../test/render-screen';
import { FileUploadModal } from './file-upload-modal';

/** The upload answers `answer`; returns every request sent. */
const fakeFetch = (answer: FakeReply) => fakeApi({ 'POST /api/file/add': answer }).calls;

afterEach(() => vi.unstubAllGlobals());

/** An upload's answer that comes only when `answer()` is called: the file is still on its way. */
function heldAnswer() {
  let answer: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      answer = () => {
        controller.enqueue(new TextEncoder().encode('{"id":1}'));
        controller.close();
      };
    },
  });
  return { body, answer: () => answer() };
}

function renderModal(
  fileType: 'MACHINE_FILE' | 'MACHINE_PARAMETER' | 'MACHINE_NAMEPLATE',
  onClose = vi.fn(),
  maxUploadMb = 200,
) {
  renderScreen(
    <FileUploadModal opened onClose={onClose} deviceId={7} fileType={fileType} title="Dodawanie pliku" />,
    { url: '/machineEdit', maxUploadMb },
  );
  return onClose;
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const description = () => screen.getByRole('textbox', { name: 'Opis' });

describe('FileUploadModal', () => {
  it('asks for a file before sending anything', async () => {
    const sent = fakeFetch({ status: 201, body: {} });
    renderModal('MACHINE_FILE');
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj' }));
    expect(await screen.findByText('Nie wybrano pliku!')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('fills a parameter description with the file name without extension, until the user types one', async () => {
    fakeFetch({ status: 201, body: {} });
    renderModal('MACHINE_PARAMETER');
    const user = userEvent.setup();
    await user.upload(fileInput(), new File(['a;b'], 'Parametry pieca 2024.xlsx'));
    expect(description()).toHaveValue('Parametry pieca 2024');

    await user.upload(fileInput(), new File(['a;b'], 'nastawy.v2.csv'));
    expect(description()).toHaveValue('nastawy.v2');

    await user.clear(description());
    await user.type(description(), 'Moje nastawy');
    await user.upload(fileInput(), new File(['a;b'], 'inne.csv'));
    expect(description()).toHaveValue('Moje nastawy');
  });

  it('leaves the description of a machine file empty', async () => {
    fakeFetch({ status: 201, body: {} });
    renderModal('MACHINE_FILE');
    await userEvent.setup().upload(fileInput(), new File(['%PDF'], 'instrukcja.pdf'));
    expect(description()).toHaveValue('');
  });

  it('refuses a nameplate that is not a photo', async () => {
    const sent = fakeFetch({ status: 201, body: {} });
    renderModal('MACHINE_NAMEPLATE');
    expect(fileInput()).toHaveAttribute('accept', 'image/*');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(), new File(['x'], 'notatki.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    expect(
      await screen.findByText('Tabliczka znamionowa musi być zdjęciem (jpg, jpeg, png, gif lub bmp).'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the file and fileJson as multipart, then closes', async () => {
    const sent = fakeFetch({ status: 201, body: { id: 1 } });
    const onClose = renderModal('MACHINE_PARAMETER');
    const user = userEvent.setup();
    await user.upload(fileInput(), new File(['a;b'], 'Parametry.xlsx'));
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    const upload = sent.find((r) => r.url === '/api/file/add')!;
    expect(upload.method).toBe('POST');
    const form = upload.body as FormData;
    expect((form.get('file') as File).name).toBe('Parametry.xlsx');
    const json = await jsonPartOf(form, 'fileJson');
    expect(json).toEqual({
      device: { id: 7 },
      type: 'MACHINE_PARAMETER',
      filename: 'Parametry.xlsx',
      description: 'Parametry',
    });
  });

  it('refuses an empty file and one over the server limit before sending anything', async () => {
    const sent = fakeFetch({ status: 201, body: {} });
    renderModal('MACHINE_NAMEPLATE', vi.fn(), 1);
    const user = userEvent.setup();
    await user.upload(fileInput(), new File([], 'pusty.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    expect(await screen.findByText('Wybrany plik jest pusty (0 bajtów).')).toBeInTheDocument();
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'zdjecie.jpg', { type: 'image/jpeg' });
    await user.upload(fileInput(), big);
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    expect(await screen.findByText('Plik jest za duży (maks. 1 MB).')).toBeInTheDocument();
    expect(sent).toEqual([]);
    // Exactly the limit goes.
    await user.upload(
      fileInput(),
      new File([new Uint8Array(1024 * 1024)], 'zdjecie.jpg', { type: 'image/jpeg' }),
    );
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    await waitFor(() => expect(sent.map((c) => c.path)).toEqual(['/api/file/add']));
  });

  it('"Anuluj" while the file is on its way stops the sending', async () => {
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            signal = init.signal ?? undefined;
            signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const onClose = renderModal('MACHINE_FILE');
    const user = userEvent.setup();
    await user.upload(fileInput(), new File(['%PDF'], 'instrukcja.pdf'));
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    await waitFor(() => expect(signal).toBeDefined());
    expect(signal!.aborted).toBe(false);
    // The chosen file would be dropped: asked first, and kept going on "Wróć do formularza".
    await user.click(screen.getByRole('button', { name: 'Anuluj' }));
    const question = await screen.findByRole('dialog', { name: MSG.unsavedTitle });
    await user.click(within(question).getByRole('button', { name: MSG.keepEditing }));
    expect(signal!.aborted).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Anuluj' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: MSG.unsavedTitle })).getByRole('button', {
        name: MSG.discardChanges,
      }),
    );
    expect(signal!.aborted).toBe(true);
    expect(onClose).toHaveBeenCalled();
  });

  it('asks before Esc drops a chosen file, and closes at once when none was chosen', async () => {
    const onClose = renderModal('MACHINE_FILE');
    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    onClose.mockClear();
    await user.upload(fileInput(), new File(['%PDF'], 'instrukcja.pdf'));
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: MSG.unsavedTitle })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a second "Dodaj" before the first is answered sends nothing more and cancels nothing', async () => {
    const signals: AbortSignal[] = [];
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        signals.push(init.signal!);
        return new Promise<Response>((resolve) => (answer = resolve));
      }),
    );
    const onClose = renderModal('MACHINE_FILE');
    const user = userEvent.setup();
    await user.upload(fileInput(), new File(['%PDF'], 'instrukcja.pdf'));
    const form = screen.getByRole('button', { name: 'Dodaj' }).closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0].aborted).toBe(false);
    // The first upload is answered only now: a second one, had it been sent, was sent before this.
    answer(new Response('{}', { status: 201, headers: { 'Content-Type': 'application/json' } }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(signals).toHaveLength(1);
  });

  it('shows how much of the file has gone while it is sent, and drops the bar once it is stored', async () => {
    const { body, answer } = heldAnswer();
    fakeFetch({ status: 201, body });
    const onClose = renderModal('MACHINE_FILE');
    const user = userEvent.setup();
    await user.upload(fileInput(), new File([new Uint8Array(3 * 1024 * 1024)], 'instrukcja.pdf'));
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    // The fake sends half the body before the answer is asked for (test/fake-xhr.ts).
    const bar = await screen.findByRole('progressbar', { name: UPLOAD_MSG.progressLabel });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText(/^Wysłano 1,5 MB z 3 MB \(50%\)$/)).toBeInTheDocument();
    answer();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('withdraws the question about dropping the file when the upload finishes behind it', async () => {
    const { body, answer } = heldAnswer();
    fakeFetch({ status: 201, body });
    const onClose = renderModal('MACHINE_FILE');
    const user = userEvent.setup();
    await user.upload(fileInput(), new File(['%PDF'], 'instrukcja.pdf'));
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    await screen.findByRole('progressbar', { name: UPLOAD_MSG.progressLabel });
    await user.click(screen.getByRole('button', { name: 'Anuluj' }));
    await screen.findByRole('dialog', { name: MSG.unsavedTitle });
    // Stored while the question waits: the dialog closes, and the question with it.
    answer();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MSG.unsavedTitle })).toBeNull());
  });

  it('shows the server refusal and keeps the modal open', async () => {
    fakeFetch({ status: 413, body: { message: 'Plik jest za duży (maks. 200 MB).' } });
    const onClose = renderModal('MACHINE_FILE');
    const user = userEvent.setup();
    await user.upload(fileInput(), new File(['x'], 'film.mp4'));
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Plik jest za duży (maks. 200 MB).');
    expect(onClose).not.toHaveBeenCalled();
  });
});
