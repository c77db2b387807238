import { z } from 'zod';
import { CSV_BOM, csvLine, keptAsText, type CsvValue } from '../rules/csv.js';
import { polishCount, polishPlural } from '../rules/numbers.js';
import { cutText } from '../rules/text-cut.js';
import { messageResponse } from './common.js';
import { CUSTOMER_TEXT_FIELDS } from './customers.js';
import { MACHINE_EXPORT_HEADERS } from './devices.js';
import { MSG } from '../messages.js';
import { MACHINE_STATUSES } from '../reference-data.js';

/** What an import brings in: customers, or the machines of one family. */
export const IMPORT_KINDS = ['customers', 'INTERNAL', 'EXTERNAL'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface ImportField {
  key: string;
  label: string;
  /** Other header names that mean this field (besides the label). */
  aliases: string[];
  required?: boolean;
  /**
   * Matched by its header only in the list's own export (the file's header line is the export's),
   * where it means this register; another file's column of that name may mean anything.
   */
  ownExportOnly?: boolean;
}

/** Machine columns: the list's and the CSV export's headers (devices.csv.ts), plus the form's names. */
export const MACHINE_IMPORT_FIELDS: ImportField[] = [
  { key: 'id', label: 'Id', aliases: [], ownExportOnly: true },
  { key: 'status', label: 'Status', aliases: [] },
  { key: 'name', label: 'Nazwa', aliases: ['Nazwa maszyny'], required: true },
  { key: 'customer', label: 'Kontrahent', aliases: ['Klient'], required: true },
  { key: 'category', label: 'Kategoria', aliases: [], required: true },
  {
    key: 'serialNumber',
    label: 'S/N',
    aliases: ['Numer seryjny', 'Nr seryjny', 'SN', 'Numer fabryczny', 'Nr fabryczny'],
  },
  { key: 'sourcePower', label: 'Moc', aliases: ['Moc źródła'] },
  { key: 'transferDate', label: 'Data', aliases: ['Data przekazania'] },
  { key: 'warranty', label: 'Gwarancja', aliases: ['Rodzaj gwarancji'] },
  {
    key: 'warrantyLength',
    label: 'Okres gwarancji',
    aliases: ['Okres gwarancji (mies.)', 'Długość gwarancji (miesiące)', 'Długość gwarancji'],
  },
  { key: 'streetAddress', label: 'Ulica', aliases: ['Adres'] },
  { key: 'zipCode', label: 'Kod pocztowy', aliases: ['Kod'] },
  { key: 'city', label: 'Miasto', aliases: ['Miejscowość'] },
  { key: 'province', label: 'Województwo', aliases: [] },
];

/** Customer columns: the customer list's headers. */
export const CUSTOMER_IMPORT_FIELDS: ImportField[] = [
  { key: 'shortName', label: 'Nazwa skrócona', aliases: ['Nazwa', 'Kontrahent'], required: true },
  { key: 'fullName', label: 'Nazwa pełna', aliases: ['Pełna nazwa'] },
  { key: 'streetAddress', label: 'Ulica', aliases: ['Adres'] },
  { key: 'zipCode', label: 'Kod pocztowy', aliases: ['Kod'] },
  { key: 'city', label: 'Miejscowość', aliases: ['Miasto'] },
  { key: 'province', label: 'Województwo', aliases: [] },
  { key: 'nip', label: 'NIP', aliases: [] },
  { key: 'regon', label: 'REGON', aliases: [] },
  { key: 'phoneNumber', label: 'Telefon', aliases: ['Numer telefonu', 'Nr telefonu', 'Nr tel.'] },
  { key: 'email', label: 'E-mail', aliases: ['Email', 'Adres e-mail'] },
];

/**
 * The customer list's export ("Pobierz CSV"): each text column of the list under the label the
 * import matches it by, so the file saved back from a spreadsheet updates the same customers (by
 * short name) and changes nothing else.
 */
export const CUSTOMER_EXPORT_COLUMNS = CUSTOMER_TEXT_FIELDS.map((key) => ({
  key,
  header: CUSTOMER_IMPORT_FIELDS.find((field) => field.key === key)!.label,
}));

export const CUSTOMER_CSV_FILE_NAME = 'kontrahenci.csv';

export const importFields = (kind: ImportKind) =>
  kind === 'customers' ? CUSTOMER_IMPORT_FIELDS : MACHINE_IMPORT_FIELDS;

/**
 * A field read from another's column when it has none of its own: the months of "24 mies. Pełna"
 * in the Gwarancja column.
 */
export const IMPORT_READ_FROM: Readonly<Record<string, string>> = { warrantyLength: 'warranty' };

/**
 * The fields a file gives values for: those its columns are mapped to, and those read from them
 * (`IMPORT_READ_FROM`). An update rewrites these and keeps the others.
 */
export function importGivenFields(mapping: (string | null)[]): Set<string> {
  const given = new Set(mapping.filter((key): key is string => key !== null));
  for (const [field, from] of Object.entries(IMPORT_READ_FROM)) if (given.has(from)) given.add(field);
  return given;
}

/** Labels of the fields an update leaves as they are, having no column in the file. */
export function importKeptFieldLabels(kind: ImportKind, mapping: (string | null)[]): string[] {
  const given = importGivenFields(mapping);
  return importFields(kind)
    .filter((field) => !field.ownExportOnly && !given.has(field.key))
    .map((field) => field.label);
}

/** The preview's warning of values an update would clear (`ImportPreview.cleared`), or null. */
export function importClearedText(
  kind: ImportKind,
  cleared: { field: string; records: number }[],
): string | null {
  if (!cleared.length) return null;
  const fields = importFields(kind);
  const label = (key: string) => fields.find((field) => field.key === key)?.label ?? key;
  return IMPORT_MSG.clearedFields(cleared.map((c) => ({ label: label(c.field), records: c.records })));
}

/** Lower case, no Polish letters, only letters and digits: "Województwo" → "wojewodztwo". */
export function normalizeHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/ł/g, 'l')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/g, '');
}

/** The file's header line is the machine lists' CSV export's (names compared as the matching does). */
export function isMachineExport(headers: string[]): boolean {
  return (
    headers.length === MACHINE_EXPORT_HEADERS.length &&
    headers.every((header, i) => normalizeHeader(header) === normalizeHeader(MACHINE_EXPORT_HEADERS[i]!))
  );
}

/**
 * The field of each column (null: not imported), matched by header name. A field goes to the
 * first column that names it. The "Id" column is matched only in the list's own export, whose ids
 * are this register's; elsewhere it is left out.
 */
export function detectMapping(kind: ImportKind, headers: string[]): (string | null)[] {
  const taken = new Set<string>();
  return fieldsNamed(kind, headers).map((key) => {
    if (!key || taken.has(key)) return null;
    taken.add(key);
    return key;
  });
}

/** The field each header names (its label or an alias), whether or not an earlier column names it too. */
function fieldsNamed(kind: ImportKind, headers: string[]): (string | undefined)[] {
  const byName = new Map<string, string>();
  const ownExport = kind !== 'customers' && isMachineExport(headers);
  for (const field of importFields(kind)) {
    if (field.ownExportOnly && !ownExport) continue;
    for (const name of [field.label, ...field.aliases]) {
      if (!byName.has(normalizeHeader(name))) byName.set(normalizeHeader(name), field.key);
    }
  }
  return headers.map((header) => byName.get(normalizeHeader(header)));
}

/**
 * Columns left out because another column takes the field their header names (two "Miasto", or
 * "S/N" and "Numer seryjny"): the preview tells them, since only their choosers showed it.
 */
export function repeatedFieldColumns(
  kind: ImportKind,
  headers: string[],
  mapping: (string | null)[],
): { header: string; column: string; takenBy: string }[] {
  return fieldsNamed(kind, headers).flatMap((key, i) => {
    const takenBy = key && !mapping[i] ? mapping.indexOf(key) : -1;
    return takenBy >= 0
      ? [{ header: headers[i]!, column: spreadsheetColumn(i), takenBy: spreadsheetColumn(takenBy) }]
      : [];
  });
}

/** A column's name as a spreadsheet shows it, from its index (0 → "A", 26 → "AA"). */
export function spreadsheetColumn(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** Excel's last column (XFD): a mapping may name a field for any column a workbook can have. */
export const IMPORT_MAX_COLUMNS = 16_384;

/** The options part of an import request (`optionsJson`). */
export const importOptionsSchema = z.object({
  /** The field of each column of the file, in order; null or '' leaves the column out. */
  mapping: z.array(z.string().max(40).nullable()).max(IMPORT_MAX_COLUMNS).nullish(),
  /** Machines: create customers and categories the file names but the register lacks. */
  createMissing: z.boolean().nullish(),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

export const importProblemSchema = z.object({
  /** The row's number in a spreadsheet (the header is 1; empty rows are counted, as Excel does). */
  row: z.number().int(),
  /** The column's header, '' when the problem is the whole row. */
  column: z.string(),
  value: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importPreviewSchema = z.object({
  fileName: z.string(),
  headers: z.array(z.string()),
  mapping: z.array(z.string().nullable()),
  fields: z.array(z.object({ key: z.string(), label: z.string(), required: z.boolean() })),
  /**
   * Required fields no column is mapped to yet (their keys): the rows are not checked until the user
   * picks their columns, and the import would be refused.
   */
  missingFields: z.array(z.string()),
  /** The workbook's tab that was read, when it has several visible ones; else null. */
  sheetName: z.string().nullable(),
  /**
   * Values to the right of the header's last named column, which no field can take: how many rows
   * have them, the first of those rows and the leftmost such column ("D"); null when there are none.
   */
  unheaded: z.object({ rows: z.number().int(), firstRow: z.number().int(), column: z.string() }).nullable(),
  /** The first rows of the file, as text. */
  rows: z.array(z.array(z.string())),
  /** The spreadsheet number of each of `rows` (as a problem's `row`). */
  rowNumbers: z.array(z.number().int()),
  /** The id of the record each of `rows` would update; null when it adds one (or cannot be imported). */
  rowTargets: z.array(z.number().int().nullable()),
  /** Whether each of `rows` finds its record as it already is (nothing to write: "bez zmian"). */
  rowUnchanged: z.array(z.boolean()),
  total: z.number().int(),
  /** Rows that would be added / would change an existing record / find one as it already is. */
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /**
   * Fields whose stored value an update would empty (its cell in the file is empty, the record's
   * value is not), with how many records each: a cleared value is what the file says, but the
   * preview names it so that it is not done by mistake.
   */
  cleared: z.array(z.object({ field: z.string(), records: z.number().int() })),
  /** Customers and categories the file names that do not exist yet. */
  missingCustomers: z.array(z.string()),
  missingCategories: z.array(z.string()),
  /** The problems (at most IMPORT_PROBLEMS_SHOWN); `problemCount` tells how many there are. */
  problems: z.array(importProblemSchema),
  problemCount: z.number().int(),
  badRows: z.number().int(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  message: z.string(),
  fileName: z.string(),
  total: z.number().int(),
  added: z.number().int(),
  /** Records the file changed. */
  updated: z.number().int(),
  /** Rows that matched a record and gave every mapped field as it already was: nothing written. */
  unchanged: z.number().int(),
  createdCustomers: z.number().int(),
  createdCategories: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** The 422 answer of an import that wrote nothing. */
export const importFailureSchema = z.object({
  message: z.string(),
  code: z.string(),
  /** Every problem of the file (the preview shows only the first ones). */
  problems: z.array(importProblemSchema),
  problemCount: z.number().int(),
  badRows: z.number().int(),
  total: z.number().int(),
});
export type ImportFailure = z.infer<typeof importFailureSchema>;

export const IMPORT_PROBLEMS_SHOWN = 1000;
export const IMPORT_PREVIEW_ROWS = 20;

/** How much of a cell the preview and the problems repeat: the longest field takes 255 characters. */
export const IMPORT_CELL_SHOWN = 300;

/** A cell as the preview and the problems repeat it: past IMPORT_CELL_SHOWN characters, cut with "…". */
export const shownCell = (text: string) =>
  text.length > IMPORT_CELL_SHOWN ? `${cutText(text, IMPORT_CELL_SHOWN)}…` : text;
export const IMPORT_MAX_ROWS = 200_000;
/**
 * Cells (data rows × the header's columns) a file may have: every one is held in memory while the
 * file is checked. The limit's rows fit with 100 columns; a stray value far right in the header
 * (column XFD) makes 16,384 columns of every row.
 */
export const IMPORT_MAX_CELLS = 20_000_000;
export const IMPORT_REPORT_FILE_NAME = 'raport-importu.csv';

/** "w 1 wierszu", "w 3 wierszach", "w 100 000 wierszach". */
const inRows = (rows: number) => `${polishCount(rows)} ${rows === 1 ? 'wierszu' : 'wierszach'}`;

/** The import dialog's option for names a machine file gives that the register does not have. */
export const IMPORT_CREATE_MISSING_LABEL = 'Utwórz brakujących kontrahentów i kategorie';

const CELL_HINTS: Record<string, string> = {
  [MSG.unknownMachineStatus]: `${MSG.unknownMachineStatus} Wpisz jeden z: ${MACHINE_STATUSES.map((s) => s.label).join(', ')}.`,
  [MSG.invalidDate]: `${MSG.invalidDate} Wpisz datę jako RRRR-MM-DD albo DD.MM.RRRR.`,
  [MSG.unknownProvince]: 'Nieznane województwo: wpisz nazwę jednego z 16 województw, np. mazowieckie.',
};

export const IMPORT_MSG = {
  /**
   * A cell's problem as a form's field says it, with what the cell may hold: a form offers its
   * choices and a date picker, a file's cell does not ("Nieprawidłowy status maszyny." told no fix).
   */
  cellMessage: (message: string): string => CELL_HINTS[message] ?? message,
  unreadable: 'Nie można odczytać pliku. Wybierz plik CSV lub XLSX.',
  /** A workbook's text run longer than any cell of Excel's (32,767 characters): a crafted file. */
  cellTooLong:
    'Nie można odczytać pliku: zapisano w nim tekst dłuższy niż mieści komórka Excela (32 767 znaków).',
  empty: 'Plik nie zawiera żadnych wierszy danych.',
  tooManyRows: `Plik ma za dużo wierszy (maks. ${polishCount(IMPORT_MAX_ROWS)}).`,
  /** The header's columns times the data rows over IMPORT_MAX_CELLS; `lastColumn` as Excel names it. */
  tooManyCells: (columns: number, rows: number, lastColumn: string) =>
    `Plik ma za dużo komórek: ${polishCount(columns)} ${polishPlural(columns, { one: 'kolumna', few: 'kolumny', many: 'kolumn' })} × ${polishCount(rows)} ${polishPlural(rows, { one: 'wiersz', few: 'wiersze', many: 'wierszy' })} (maks. ${polishCount(IMPORT_MAX_CELLS)} komórek). Nagłówek kończy się w kolumnie ${lastColumn}: usuń z pliku kolumny, których import nie potrzebuje.`,
  noFile: 'Wybierz plik do importu.',
  /** Import files are read into memory, two at a time per server; a third waits, then is refused. */
  busy: 'Serwer wczytuje teraz inne pliki importu. Spróbuj ponownie za chwilę: nic nie zapisano.',
  /** A CSV field opening with a quote it does not close: the row (as a spreadsheet numbers it). */
  badQuotes: (row: number) =>
    `Nie można odczytać pliku: w wierszu ${row} pole zaczyna się cudzysłowem, którego nic nie zamyka. Ujmij w cudzysłów całe pole (cudzysłów w środku podwój) albo usuń ten cudzysłów.`,
  /** The workbook template's lists (status, province), when a value is typed that is not on them. */
  chooseFromList: 'Wybierz wartość z listy.',
  /** The workbook template's customer and category lists, when a name is typed that is not on them. */
  customerNotListed: `Tego kontrahenta nie ma w rejestrze. Import doda go, gdy zaznaczysz „${IMPORT_CREATE_MISSING_LABEL}”; inaczej wybierz nazwę z listy.`,
  categoryNotListed: `Tej kategorii nie ma w rejestrze. Import doda ją, gdy zaznaczysz „${IMPORT_CREATE_MISSING_LABEL}”; inaczej wybierz nazwę z listy.`,
  unknownField: 'Nieznane pole w przypisaniu kolumn.',
  duplicateField: (label: string) => `Pole „${label}” jest przypisane do więcej niż jednej kolumny.`,
  missingColumn: (label: string) => `Brak kolumny dla pola „${label}”.`,
  /** The preview's line when required fields have no column yet: the user picks them above. */
  mapRequired: (labels: string[]) =>
    `Wybierz kolumnę dla ${labels.length === 1 ? 'pola' : 'pól'}: ${labels.map((l) => `„${l}”`).join(', ')}. Pole kolumny wybierasz nad nią, w nagłówku podglądu.`,
  /** Fields an update leaves as they are, having no column in the file. */
  keptFields: (labels: string[]) =>
    `Pola, których nie ma w pliku (${labels.join(', ')}), zostaną w aktualizowanych rekordach bez zmian.`,
  /** The preview's warning of stored values the file's empty cells would clear ("Ulica: 3 rekordy"). */
  clearedFields: (fields: { label: string; records: number }[]) =>
    `Puste komórki w pliku wyczyszczą zapisane wartości: ${fields.map((f) => `${f.label} (${polishCount(f.records)} ${polishPlural(f.records, { one: 'rekord', few: 'rekordy', many: 'rekordów' })})`).join(', ')}. Jeśli mają zostać, uzupełnij te komórki albo usuń tę kolumnę z pliku: pola bez kolumny zostają bez zmian.`,
  failed: (rows: number) => `Import przerwany: błędy w ${inRows(rows)}. Nie zapisano żadnego wiersza.`,
  /** The preview's first line: the file, its rows, and what the import would do with them. */
  previewSummary: (fileName: string, total: number, added: number, updated: number, unchanged = 0) =>
    `Plik ${fileName}: wierszy ${polishCount(total)}, do dodania ${polishCount(added)}, do aktualizacji ${polishCount(updated)}${unchanged ? `, bez zmian ${polishCount(unchanged)}` : ''}.`,
  /** The preview's first line while required fields have no column: the rows are not checked yet. */
  previewRows: (fileName: string, total: number) => `Plik ${fileName}: wierszy ${polishCount(total)}.`,
  /** The workbook's tab the preview shows, when it has several. */
  sheetRead: (name: string) => `Wczytano arkusz „${name}”.`,
  /** Under a preview row's number: the record the row would rewrite. */
  rowUpdates: (id: number) => `aktualizuje Id ${id}`,
  /** Under a preview row's number: the record the row finds as it already is. */
  rowUnchanged: (id: number) => `bez zmian, Id ${id}`,
  /** Under a list of problems cut short: how many it shows of how many. */
  problemsShown: (shown: number, total: number) =>
    `Pokazano pierwszych ${polishCount(shown)} z ${polishCount(total)} błędów.`,
  /** While an import writes: how many rows, all in one transaction. */
  importing: (rows: number) =>
    `Importowanie ${polishCount(rows)} ${polishPlural(rows, { one: 'wiersza', few: 'wierszy', many: 'wierszy' })}… Wszystkie wiersze zapisują się naraz, w jednej transakcji.`,
  repeatedColumn: (header: string, column: string, takenBy: string) =>
    `Kolumna ${column} („${header}”) nie zostanie wczytana: to pole ma już kolumna ${takenBy}. Aby wczytać ${column}, wybierz dla niej pole nad tabelą.`,
  unheadedValues: (rows: number, firstRow: number, column: string) =>
    `Wartości w kolumnach bez nagłówka (od kolumny ${column}) zostaną pominięte: są w ${inRows(rows)}, pierwsza w wierszu ${firstRow}. Dopisz nagłówek, aby je zaimportować.`,
  /** The preview's heading over the problems: rows with problems, and how many problems. */
  problemsTitle: (rows: number, problems: number) => `Błędy w ${inRows(rows)} (${polishCount(problems)})`,
  /** An import's result; rows that matched a record and gave it as it was are "bez zmian". */
  done: (added: number, updated: number, unchanged = 0) =>
    `Zaimportowano: dodano ${polishCount(added)}, zaktualizowano ${polishCount(updated)}${unchanged ? `, bez zmian ${polishCount(unchanged)}` : ''}.`,
  customerMissing: (name: string) =>
    `Nie ma kontrahenta „${name}”. Zaznacz „${IMPORT_CREATE_MISSING_LABEL}” albo popraw nazwę.`,
  categoryMissing: (name: string) =>
    `Nie ma kategorii „${name}”. Zaznacz „${IMPORT_CREATE_MISSING_LABEL}” albo popraw nazwę.`,
  customerAmbiguous: (name: string) =>
    `Pełną nazwę „${name}” ma kilku kontrahentów. Wpisz w pliku nazwę skróconą kontrahenta.`,
  badId: 'Id maszyny to liczba z eksportu listy albo puste pole.',
  unknownId: (id: number) =>
    `Na tej liście nie ma maszyny o Id ${id} (usunięta albo z innej listy). Wyczyść komórkę Id, aby dodać wiersz jako nową maszynę.`,
  sameMachine: (row: number) => `Ta maszyna jest już w wierszu ${row} pliku.`,
  duplicateSerial: (row: number) => `Numer seryjny powtarza się w pliku (wiersz ${row}).`,
  changedMeanwhile: 'Rejestr zmienił się w trakcie importu. Nic nie zapisano, spróbuj ponownie.',
  machineExportAsCustomers:
    'To plik listy maszyn, nie kontrahentów. Zaimportuj go przyciskiem „Importuj z CSV” na liście maszyn.',
  /** The server's log only: the client is gone when it is told. */
  abandoned: 'Połączenie przerwane przed końcem importu. Nic nie zapisano.',
  duplicateShortName: (row: number) => `Nazwa skrócona powtarza się w pliku (wiersz ${row}).`,
  /** A "?" in a CSV read as Windows-1250: what Excel writes for a letter that code page lacks. */
  lostLetters:
    'Znak „?” w pliku zapisanym w kodowaniu Windows-1250: tak Excel zapisuje litery, których to kodowanie nie ma (np. cyrylicę, litewskie ų, ė). Zapisz plik jako „CSV UTF-8 (rozdzielany przecinkami)” albo XLSX i zaimportuj go ponownie.',
  // moved here from the browser (the audit of Polish typed outside the domain)
  /** The import dialog's title for each kind of file. */
  titles: {
    customers: 'Import kontrahentów z pliku CSV lub XLSX',
    INTERNAL: 'Import maszyn z pliku CSV lub XLSX',
    EXTERNAL: 'Import maszyn zewnętrznych z pliku CSV lub XLSX',
  } satisfies Record<ImportKind, string>,
  /** Before the server counts the rows: the file is still on its way. */
  uploading: 'Wysyłanie pliku…',
  fixProblems: 'Popraw plik albo przypisanie kolumn; import zapisuje wszystkie wiersze albo żaden.',
  allRowsValid: 'Wszystkie wiersze są poprawne.',
  doneTitle: 'Import zakończony',
  /** After the result: the customers and categories the import added ("Utwórz brakujących…"). */
  createdCustomers: (count: number) => `Nowi kontrahenci: ${count}.`,
  createdCategories: (count: number) => `Nowe kategorie: ${count}.`,
} as const;

/** The templates' file names: an empty file of each kind, with its header line. */
export const IMPORT_TEMPLATE_FILE_NAMES: Record<ImportKind, string> = {
  customers: 'wzor-importu-kontrahentow.csv',
  INTERNAL: 'wzor-importu-maszyn.csv',
  EXTERNAL: 'wzor-importu-maszyn-zewnetrznych.csv',
};

/** The same templates as Excel workbooks (GET …/import/template): lists and text columns kept. */
export const IMPORT_TEMPLATE_XLSX_FILE_NAMES = Object.fromEntries(
  Object.entries(IMPORT_TEMPLATE_FILE_NAMES).map(([kind, name]) => [kind, name.replace(/\.csv$/, '.xlsx')]),
) as Record<ImportKind, string>;

/** An Excel workbook's media type: the template's answer, the file chooser's filter. */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A file to fill in: the header line of the kind's columns, each named by its field's label (which
 * the header matching takes), written for Excel as the report and the machine export are.
 */
export function importTemplateCsv(kind: ImportKind): string {
  const fields = importFields(kind).filter((field) => !field.ownExportOnly);
  return CSV_BOM + csvLine(fields.map((field) => field.label));
}

/** What a file needs, told before one is chosen. */
export function importFileHint(kind: ImportKind): string {
  const required = importFields(kind)
    .filter((field) => field.required)
    .map((field) => field.label);
  const machines =
    kind === 'customers'
      ? ''
      : ' Daty jako RRRR-MM-DD albo DD.MM.RRRR. Pasuje też plik z „Pobierz CSV” listy maszyn.';
  return `Pierwszy wiersz pliku to nagłówki kolumn, dopasowywane do pól po nazwie. Wymagane kolumny: ${required.join(', ')}.${machines}`;
}

/** Names the preview shows of those the register lacks; the rest are counted. */
export const IMPORT_MISSING_SHOWN = 10;

/** Some names, then how many more: "A, B, C i jeszcze 497" (right for customers and categories alike). */
function someNames(names: string[]): string {
  const rest = names.length - IMPORT_MISSING_SHOWN;
  const shown = names.slice(0, IMPORT_MISSING_SHOWN).join(', ');
  if (rest <= 0) return shown;
  return `${shown} i jeszcze ${polishCount(rest)}`;
}

/** The preview's line about customers and categories the file names and the register lacks; null if none. */
export function importMissingText(customers: string[], categories: string[]): string | null {
  const parts = [
    customers.length ? `kontrahenci: ${someNames(customers)}` : '',
    categories.length ? `kategorie: ${someNames(categories)}` : '',
  ].filter(Boolean);
  return parts.length ? `Brak w rejestrze — ${parts.join('; ')}.` : null;
}

/**
 * The report of failed rows as a CSV for Excel (rules/csv.ts: BOM, semicolons, CRLF, formulas kept
 * text); a value is shown as the file had it ("000123" keeps its zeros).
 */
export function importReportCsv(problems: ImportProblem[]): string {
  const lines: CsvValue[][] = [
    ['Wiersz', 'Kolumna', 'Wartość', 'Błąd'],
    ...problems.map((p) => [p.row, p.column, keptAsText(p.value), p.message]),
  ];
  return CSV_BOM + lines.map(csvLine).join('');
}

/**
 * The steps of an import (and of its preview, which stops after checking) as the server reports
 * them with `?progress=ndjson`: reading has no count, nor has waiting for another import to end
 * (imports run one at a time); the others count rows, or machines for the inspection dates.
 */
export const IMPORT_PHASES = ['reading', 'waiting', 'checking', 'writing', 'summaries'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

export const IMPORT_PHASE_LABELS: Record<ImportPhase, string> = {
  reading: 'Odczytywanie pliku',
  waiting: 'Oczekiwanie na zakończenie innego importu',
  checking: 'Sprawdzanie wierszy',
  writing: 'Zapisywanie wierszy',
  summaries: 'Obliczanie terminów przeglądów',
};

export const importProgressSchema = z.object({
  phase: z.enum(IMPORT_PHASES),
  /** Rows (machines) done so far, of `total`; reading: the rows read of a workbook, `total` 0. */
  done: z.number().int(),
  total: z.number().int(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

/** An error that ended a streamed answer: the body a plain call answers (`messageResponse`), and its status. */
export const importStreamErrorSchema = messageResponse.extend({ status: z.number().int() });

/**
 * One line of a streamed import or preview (`?progress=ndjson`, `application/x-ndjson`): progress
 * lines, then exactly one of the others, which ends the answer.
 */
export const importStreamLineSchema = z.union([
  z.object({ progress: importProgressSchema }),
  z.object({ result: importResultSchema }),
  z.object({ failure: importFailureSchema }),
  z.object({ preview: importPreviewSchema }),
  z.object({ error: importStreamErrorSchema }),
]);
export type ImportStreamLine = z.infer<typeof importStreamLineSchema>;

/**
 * "Zapisywanie wierszy: 35 000 z 100 000"; a step whose total is not known yet (reading a workbook)
 * "Odczytywanie pliku (wiersz 40 000)…", or its label alone.
 */
export function importProgressText({ phase, done, total }: ImportProgress): string {
  const label = IMPORT_PHASE_LABELS[phase];
  if (!total) return done ? `${label} (wiersz ${polishCount(done)})…` : `${label}…`;
  return `${label}: ${polishCount(done)} z ${polishCount(total)}`;
}
