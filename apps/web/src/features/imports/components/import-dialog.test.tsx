import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MSG,
  importFileHint,
  importTemplateCsv,
  type ImportFailure,
  type ImportPreview,
} from '@serwis/domain';
import { ANNA_ADMIN, JAN_USER, NO_SESSION, fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { SessionEndedModal } from '../../auth/components/session-ended-modal';
import { RequireSession } from '../../auth/components/require-session';
import { ImportButton } from './import-button';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const FIELDS = [
  { key: 'name', label: 'Nazwa', required: true },
  { key: 'customer', label: 'Kontrahent', required: true },
  { key: 'category', label: 'Kategoria', required: true },
  { key: 'serialNumber', label: 'S/N', required: false },
];

function previewOf(mapping: (string | null)[], problems: ImportPreview['problems'] = []): ImportPreview {
  return {
    fileName: 'maszyny.csv',
    headers: ['Nazwa', 'Kontrahent', 'Kategoria', 'Numer'],
    mapping,
    fields: FIELDS,
    missingFields: [],
    sheetName: null,
    unheaded: null,
    rows: [['Laser', 'Metalex', 'Lasery', 'L-1']],
    rowNumbers: [2],
    rowTargets: [null],
    rowUnchanged: [false],
    total: 1,
    added: 1,
    updated: 0,
    unchanged: 0,
    cleared: [],
    missingCustomers: [],
    missingCategories: ['Lasery'],
    problems,
    problemCount: problems.length,
    badRows: problems.length ? 1 : 0,
  };
}

const csv = () =>
  new File(['Nazwa;Kontrahent;Kategoria;Numer\nLaser;Metalex;Lasery;L-1\n'], 'maszyny.csv', {
    type: 'text/csv',
  });

async function chooseFile(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Importuj z CSV' }));
  await screen.findByText('Import maszyn z pliku CSV lub XLSX');
  await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, csv());
}

/** A blob's bytes as UTF-8 text, a BOM kept (jsdom's Blob has no arrayBuffer()). */
const bytesOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer).toString('utf8'));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

/** A preview cell marked as wrong. */
const tinted = (cell: HTMLElement) => cell.style.background.includes('red');

const optionsOf = (body: unknown) => JSON.parse(String((body as FormData).get('optionsJson')));

/** The server's streamed answer (`?progress=ndjson`), all lines at once. */
const ndjson = (...lines: object[]) => ({
  body: lines.map((line) => JSON.stringify(line)).join('\n') + '\n',
  headers: { 'Content-Type': 'application/x-ndjson' },
});

describe('Importuj z CSV', () => {
  it('is not offered to an employee who is not an administrator', () => {
    fakeApi({});
    renderScreen(<ImportButton kind="INTERNAL" />, { session: JAN_USER });
    expect(screen.queryByRole('button', { name: 'Importuj z CSV' })).toBeNull();
  });

  it('gives the focus back to its button when the dialog closes, for a keyboard to go on from there', async () => {
    const user = userEvent.setup();
    fakeApi({});
    renderScreen(<ImportButton kind="INTERNAL" />, { session: ANNA_ADMIN });
    const button = screen.getByRole('button', { name: 'Importuj z CSV' });
    await user.click(button);
    await screen.findByRole('dialog', { name: 'Import maszyn z pliku CSV lub XLSX' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('asks to log in again when the session has ended before the file is sent, the dialog kept', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/user/check-auth': { body: ANNA_ADMIN },
      'POST /api/device/import/preview': NO_SESSION,
    });
    renderScreen(
      <RequireSession>
        <ImportButton kind="INTERNAL" />
        <SessionEndedModal />
      </RequireSession>,
      { url: '/machineList', session: ANNA_ADMIN, routes: { '/login': <h1>Logowanie</h1> } },
    );
    await chooseFile(user);
    await screen.findByRole('dialog', { name: 'Sesja wygasła' });
    expect(screen.getByTestId('location').textContent).toBe('/machineList');
    // Under the session's dialog, the import's stays open with the chosen file, to be sent again.
    expect(
      screen.getByRole('dialog', { name: 'Import maszyn z pliku CSV lub XLSX', hidden: true }),
    ).toBeInTheDocument();
  });

  it('tells what a file needs and offers an empty one with the headers, until a file is chosen', async () => {
    const user = userEvent.setup();
    const made = vi.spyOn(URL, 'createObjectURL');
    fakeApi({
      'POST /api/device/import/preview': ndjson({
        preview: previewOf(['name', 'customer', 'category', null]),
      }),
    });
    renderScreen(<ImportButton kind="INTERNAL" />, { session: ANNA_ADMIN });
    await user.click(screen.getByRole('button', { name: 'Importuj z CSV' }));
    expect(await screen.findByText(importFileHint('INTERNAL'))).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Pobierz wzór pliku (CSV)' });
    expect(link.getAttribute('download')).toBe('wzor-importu-maszyn.csv');
    const template = made.mock.calls.map(([blob]) => blob as Blob).at(-1)!;
    expect(link.getAttribute('href')).toBe(made.mock.results.at(-1)!.value);
    expect(await bytesOf(template)).toBe(importTemplateCsv('INTERNAL'));
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, csv());
    await screen.findByRole('table', { name: 'Podgląd pliku' });
    expect(screen.queryByRole('link', { name: 'Pobierz wzór pliku (CSV)' })).toBeNull();
    expect(screen.queryByText(importFileHint('INTERNAL'))).toBeNull();
  });

  it('downloads the template as a workbook from the server, and tells when it cannot', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const server = fakeApi({ 'GET /api/device-external/import/template': { body: 'PK' } });
    renderScreen(<ImportButton kind="EXTERNAL" />, { session: ANNA_ADMIN });
    await user.click(screen.getByRole('button', { name: 'Importuj z CSV' }));
    await user.click(await screen.findByRole('button', { name: 'Pobierz wzór pliku (XLSX)' }));
    await waitFor(() => expect(saved).toEqual(['wzor-importu-maszyn-zewnetrznych.xlsx']));
    expect(server.callsTo('GET', '/api/device-external/import/template')).toHaveLength(1);

    fakeApi({
      'GET /api/device-external/import/template': { status: 403, body: { message: 'Brak uprawnień.' } },
    });
    await user.click(screen.getByRole('button', { name: 'Pobierz wzór pliku (XLSX)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Brak uprawnień.');
    expect(saved).toHaveLength(1);
  });

  it('previews the mapping, lets a column be remapped, and imports', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'POST /api/device/import/preview': (call) => {
        const { mapping, createMissing } = optionsOf(call.body);
        const problems = createMissing
          ? []
          : [{ row: 2, column: 'Kategoria', value: 'Lasery', message: 'Nie ma kategorii „Lasery”.' }];
        return ndjson(
          { progress: { phase: 'reading', done: 0, total: 0 } },
          { preview: previewOf(mapping ?? ['name', 'customer', 'category', null], problems) },
        );
      },
      'POST /api/device/import': ndjson(
        { progress: { phase: 'writing', done: 1, total: 1 } },
        {
          result: {
            message: 'Zaimportowano: dodano 1, zaktualizowano 0.',
            fileName: 'maszyny.csv',
            total: 1,
            added: 1,
            updated: 0,
            unchanged: 0,
            createdCustomers: 0,
            createdCategories: 1,
          },
        },
      ),
    });
    renderScreen(<ImportButton kind="INTERNAL" />, { session: ANNA_ADMIN });
    await chooseFile(user);

    const table = await screen.findByRole('table', { name: 'Podgląd pliku' });
    expect(within(table).getByRole('cell', { name: 'L-1' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Pole kolumny Nazwa' })).toHaveProperty('value', 'Nazwa *');
    expect(screen.getByRole('combobox', { name: 'Pole kolumny Numer' })).toHaveProperty(
      'value',
      '(pomiń kolumnę)',
    );
    // The row's problem under the value it is about, and in the list of problems.
    const cell = within(table).getByText('Nie ma kategorii „Lasery”.').closest('td')!;
    const cells = within(cell.closest('tr')!).getAllByRole('cell');
    expect(cells.map((c) => c.firstChild?.textContent)).toEqual(['2', 'Laser', 'Metalex', 'Lasery', 'L-1']);
    expect(cells.indexOf(cell)).toBe(3);
    // Its number and the cell tinted red, the others not.
    expect(cells.map(tinted)).toEqual([true, false, false, true, false]);
    expect(within(cells[0]!).getByRole('img', { name: 'Wiersz z błędem' })).toBeTruthy();
    // A column named by the file's header alone, not joined with its select's value.
    for (const header of ['Wiersz', 'Nazwa', 'Kontrahent', 'Kategoria', 'Numer']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeTruthy();
    }
    const listed = screen.getByRole('table', { name: 'Błędy w wierszach' });
    expect(within(listed).getByText('Nie ma kategorii „Lasery”.')).toBeTruthy();
    expect(screen.getByText('Błędy w 1 wierszu (1)')).toBeTruthy();
    expect(screen.getByText('Brak w rejestrze — kategorie: Lasery.')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Pole kolumny Numer' }));
    await user.click(await screen.findByRole('option', { name: 'S/N' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/device/import/preview')).toHaveLength(2));
    expect(optionsOf(api.callsTo('POST', '/api/device/import/preview')[1]!.body).mapping).toEqual([
      'name',
      'customer',
      'category',
      'serialNumber',
    ]);

    await user.click(screen.getByRole('checkbox', { name: 'Utwórz brakujących kontrahentów i kategorie' }));
    expect(await screen.findByText('Wszystkie wiersze są poprawne.')).toBeTruthy();
    const fixed = screen.getByRole('table', { name: 'Podgląd pliku' });
    expect(within(fixed).getAllByRole('cell').map(tinted)).toEqual([false, false, false, false, false]);
    expect(within(fixed).queryByRole('img', { name: 'Wiersz z błędem' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Importuj' }));
    expect(await screen.findByText('Import zakończony')).toBeTruthy();
    expect(screen.getByText(/Zaimportowano: dodano 1, zaktualizowano 0\./)).toBeTruthy();
    const sent = api.callsTo('POST', '/api/device/import')[0]!;
    expect(sent.query.get('progress')).toBe('ndjson');
    expect(optionsOf(sent.body)).toEqual({
      mapping: ['name', 'customer', 'category', 'serialNumber'],
      createMissing: true,
    });
    expect(((sent.body as FormData).get('file') as File).name).toBe('maszyny.csv');
  });

  it('shows the rows that stopped the import and offers the report', async () => {
    const user = userEvent.setup();
    const failure: ImportFailure = {
      message: 'Import przerwany: błędy w 1 wierszu. Nie zapisano żadnego wiersza.',
      code: 'IMPORT_INVALID',
      problems: [
        { row: 2, column: 'Kontrahent', value: 'Metalex', message: 'Nie ma kontrahenta „Metalex”.' },
      ],
      problemCount: 1,
      badRows: 1,
      total: 1,
    };
    fakeApi({
      'POST /api/device/import/preview': ndjson({
        preview: previewOf(['name', 'customer', 'category', null]),
      }),
      'POST /api/device/import': ndjson({ failure }),
    });
    renderScreen(<ImportButton kind="INTERNAL" />, { session: ANNA_ADMIN });
    await chooseFile(user);
    await user.click(await screen.findByRole('button', { name: 'Importuj' }));
    expect(await screen.findByText(failure.message)).toBeTruthy();
    const report = screen.getByRole('table', { name: 'Błędy w wierszach' });
    expect(within(report).getByText('Nie ma kontrahenta „Metalex”.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Pobierz raport błędów (CSV)' });
    expect(link.getAttribute('download')).toBe('raport-importu.csv');
    expect(link.getAttribute('href')).toMatch(/^blob:/);
    // "Importuj" is gone: the outcome takes the focus, inside the dialog, not the page behind it.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Nie zaimportowano');
    // After "Wybierz inny plik", the file field has it.
    await user.click(screen.getByRole('button', { name: 'Wybierz inny plik' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Plik CSV lub XLSX' })).toHaveFocus());
  });

  it('shows each step of the import with its count while the server works', async () => {
    const user = userEvent.setup();
    let server!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void (server = controller) });
    const tell = (line: object) => server.enqueue(new TextEncoder().encode(`${JSON.stringify(line)}\n`));
    fakeApi({
      'POST /api/device/import/preview': ndjson({
        preview: previewOf(['name', 'customer', 'category', null]),
      }),
      'POST /api/device/import': { body, headers: { 'Content-Type': 'application/x-ndjson' } },
    });
    renderScreen(<ImportButton kind="INTERNAL" />, { session: ANNA_ADMIN });
    await chooseFile(user);
    await user.click(await screen.findByRole('button', { name: 'Importuj' }));
    expect(screen.getByText(/^Importowanie 1 wiersza…/)).toBeTruthy();
    // Before the server's first line: the file is on its way.
    expect(await screen.findByText('Wysyłanie pliku…')).toBeTruthy();
    // Nothing counted yet: a bar without a value, not "100%".
    const uncounted = screen.getByRole('progressbar', { name: 'Postęp importu' });
    expect(uncounted.getAttribute('aria-valuenow')).toBeNull();
    expect(uncounted.getAttribute('aria-valuetext')).toBe('Wysyłanie pliku…');

    // Another import is writing: this one waits for it, with no count to show.
    tell({ progress: { phase: 'waiting', done: 0, total: 0 } });
    expect(await screen.findByText('Oczekiwanie na zakończenie innego importu…')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Postęp importu' }).getAttribute('aria-valuenow'),
    ).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Postęp importu' }).getAttribute('aria-valuetext')).toBe(
      'Oczekiwanie na zakończenie innego importu…',
    );

    tell({ progress: { phase: 'checking', done: 12_000, total: 12_000 } });
    tell({ progress: { phase: 'writing', done: 5_000, total: 12_000 } });
    // Testing Library reads the screen's no-break spaces (Polish thousands) as spaces.
    expect(await screen.findByText('Zapisywanie wierszy: 5000 z 12 000')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Postęp importu' });
    expect(bar.getAttribute('aria-valuenow')).toBe('41');
    // The import cannot be stopped: the dialog stays open for its outcome.
    const dialog = screen.getByRole('dialog', { name: 'Import maszyn z pliku CSV lub XLSX' });
    expect(within(dialog).queryByRole('button', { name: 'Zamknij okno' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Import maszyn z pliku CSV lub XLSX' })).toBeTruthy();

    tell({ progress: { phase: 'summaries', done: 12_000, total: 12_000 } });
    expect(await screen.findByText('Obliczanie terminów przeglądów: 12 000 z 12 000')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Postęp importu' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );

    tell({
      result: {
        message: 'Zaimportowano: dodano 12000, zaktualizowano 0.',
        fileName: 'maszyny.csv',
        total: 12_000,
        added: 12_000,
        updated: 0,
        unchanged: 0,
        createdCustomers: 0,
        createdCategories: 0,
      },
    });
    server.close();
    expect(await screen.findByText('Import zakończony')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Postęp importu' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Zamknij okno' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Import maszyn z pliku CSV lub XLSX' })).toBeNull(),
    );
  });

  it('shows the message of a failure the server tells after the progress began, and keeps the preview', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /api/device/import/preview': ndjson({
        preview: previewOf(['name', 'customer', 'category', null]),
      }),
      'POST /api/device/import': ndjson(
        { progress: { phase: 'checking', done: 1, total: 1 } },
        {
          error: {
            status: 409,
            message: 'Rejestr zmienił się w trakcie importu. Nic nie zapisano, spróbuj ponownie.',
            code: 'IMPORT_CONFLICT',
          },
        },
      ),
    });
    renderScreen(<ImportButton kind="INTERNAL" />, { session: ANNA_ADMIN });
    await chooseFile(user);
    await user.click(await screen.findByRole('button', { name: 'Importuj' }));
    expect(
      await screen.findByText('Rejestr zmienił się w trakcie importu. Nic nie zapisano, spróbuj ponownie.'),
    ).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Podgląd pliku' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Importuj' })).toBeTruthy();
  });

  it('says the connection was lost when the answer ends without an outcome', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /api/device/import/preview': ndjson({ progress: { phase: 'checking', done: 1, total: 40 } }),
    });
    renderScreen(<ImportButton kind="INTERNAL" />, { session: ANNA_ADMIN });
    await chooseFile(user);
    expect(await screen.findByText(MSG.connectionError)).toBeTruthy();
  });

  it('asks for the columns of required fields the headers do not name, and imports only once they are chosen', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'POST /api/device/import/preview': (call) => {
        const mapping: (string | null)[] = optionsOf(call.body).mapping ?? [null, null, 'category', null];
        const missingFields = ['name', 'customer'].filter((key) => !mapping.includes(key));
        return ndjson({
          preview: { ...previewOf(mapping), missingFields, added: missingFields.length ? 0 : 1 },
        });
      },
    });
    renderScreen(<ImportButton kind="INTERNAL" />, { session: ANNA_ADMIN });
    await chooseFile(user);
    expect(
      await screen.findByText(
        'Wybierz kolumnę dla pól: „Nazwa”, „Kontrahent”. Pole kolumny wybierasz nad nią, w nagłówku podglądu.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Plik maszyny.csv: wierszy 1.')).toBeTruthy();
    expect(screen.queryByText('Wszystkie wiersze są poprawne.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Importuj' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('combobox', { name: 'Pole kolumny Nazwa' }));
    await user.click(await screen.findByRole('option', { name: 'Nazwa *' }));
    expect(await screen.findByText(/Wybierz kolumnę dla pola: „Kontrahent”\./)).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Pole kolumny Kontrahent' }));
    await user.click(await screen.findByRole('option', { name: 'Kontrahent *' }));
    expect(await screen.findByText('Wszystkie wiersze są poprawne.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Importuj' })).toHaveProperty('disabled', false);
    expect(optionsOf(api.callsTo('POST', '/api/device/import/preview').at(-1)!.body).mapping).toEqual([
      'name',
      'customer',
      'category',
      null,
    ]);
  });

  it('names the tab read, the record each row updates, the fields an update keeps and values without a header', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /api/device/import/preview': ndjson({
        preview: {
          ...previewOf(['name', 'customer', 'category', null]),
          sheetName: 'Dane',
          unheaded: { rows: 3, firstRow: 5, column: 'E' },
          added: 0,
          updated: 1,
          rowTargets: [99],
          cleared: [
            { field: 'serialNumber', records: 1 },
            { field: 'city', records: 5 },
          ],
        },
      }),
    });
    renderScreen(<ImportButton kind="INTERNAL" />, { session: ANNA_ADMIN });
    await chooseFile(user);
    expect(
      await screen.findByText(
        'Plik maszyny.csv: wierszy 1, do dodania 0, do aktualizacji 1. Wczytano arkusz „Dane”.',
      ),
    ).toBeTruthy();
    const row = within(screen.getByRole('table', { name: 'Podgląd pliku' })).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell')[0]!.textContent).toBe('2aktualizuje Id 99');
    expect(
      screen.getByText(
        'Pola, których nie ma w pliku (Status, S/N, Moc, Data, Gwarancja, Okres gwarancji, Ulica, Kod pocztowy, Miasto, Województwo), zostaną w aktualizowanych rekordach bez zmian.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Wartości w kolumnach bez nagłówka (od kolumny E) zostaną pominięte: są w 3 wierszach, pierwsza w wierszu 5. Dopisz nagłówek, aby je zaimportować.',
      ),
    ).toBeTruthy();
    // Stored values the file's empty cells would clear are named before the import.
    expect(
      screen.getByText(
        'Puste komórki w pliku wyczyszczą zapisane wartości: S/N (1 rekord), Miasto (5 rekordów). Jeśli mają zostać, uzupełnij te komórki albo usuń tę kolumnę z pliku: pola bez kolumny zostają bez zmian.',
      ),
    ).toBeTruthy();
  });

  it('says "bez zmian" under a row that finds its record as it already is', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /api/device/import/preview': ndjson({
        preview: {
          ...previewOf(['name', 'customer', 'category', null]),
          added: 0,
          unchanged: 1,
          rowTargets: [99],
          rowUnchanged: [true],
        },
      }),
    });
    renderScreen(<ImportButton kind="INTERNAL" />, { session: ANNA_ADMIN });
    await chooseFile(user);
    const table = await screen.findByRole('table', { name: 'Podgląd pliku' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell')[0]!.textContent).toBe('2bez zmian, Id 99');
  });

  it('tells a column left out because another one takes its field', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /api/device/import/preview': ndjson({
        preview: {
          ...previewOf(['name', 'customer', 'category', null]),
          headers: ['Nazwa', 'Kontrahent', 'Kategoria', 'Nazwa maszyny'],
        },
      }),
    });
    renderScreen(<ImportButton kind="INTERNAL" />, { session: ANNA_ADMIN });
    await chooseFile(user);
    expect(
      await screen.findByText(
        'Kolumna D („Nazwa maszyny”) nie zostanie wczytana: to pole ma już kolumna A. Aby wczytać D, wybierz dla niej pole nad tabelą.',
      ),
    ).toBeTruthy();
  });

  it('says how many problems it shows of how many', async () => {
    const user = userEvent.setup();
    const problems = Array.from({ length: 250 }, (_, i) => ({
      row: i + 2,
      column: 'Nazwa',
      value: 'X',
      message: 'Nazwa musi mieć co najmniej 3 znaki.',
    }));
    fakeApi({
      'POST /api/device/import/preview': ndjson({
        preview: { ...previewOf(['name', 'customer', 'category', null], problems), problemCount: 1200 },
      }),
    });
    renderScreen(<ImportButton kind="INTERNAL" />, { session: ANNA_ADMIN });
    await chooseFile(user);
    expect(await screen.findByText('Pokazano pierwszych 200 z 1200 błędów.')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Błędy w wierszach' })).getAllByRole('row')).toHaveLength(
      201,
    );
  });

  it('drops the preview of the file before when another file is chosen', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'POST /api/device/import/preview': (call) =>
        ((call.body as FormData).get('file') as File).name === 'maszyny.csv'
          ? ndjson({ preview: previewOf(['name', 'customer', 'category', null]) })
          : { status: 400, body: { message: 'Nie można odczytać pliku. Wybierz plik CSV lub XLSX.' } },
      'POST /api/device/import': ndjson({}),
    });
    renderScreen(<ImportButton kind="INTERNAL" />, { session: ANNA_ADMIN });
    await chooseFile(user);
    await screen.findByRole('table', { name: 'Podgląd pliku' });
    const other = new File(['x'], 'inne.csv', { type: 'text/csv' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, other);
    expect(await screen.findByText('Nie można odczytać pliku. Wybierz plik CSV lub XLSX.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Podgląd pliku' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Importuj' })).toBeNull();
    expect(api.callsTo('POST', '/api/device/import')).toHaveLength(0);
  });

  it('shows the server message for a file it cannot read', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /api/device/import/preview': {
        status: 400,
        body: { message: 'Nie można odczytać pliku. Wybierz plik CSV lub XLSX.' },
      },
    });
    renderScreen(<ImportButton kind="INTERNAL" />, { session: ANNA_ADMIN });
    await chooseFile(user);
    expect(await screen.findByText('Nie można odczytać pliku. Wybierz plik CSV lub XLSX.')).toBeTruthy();
  });
});
