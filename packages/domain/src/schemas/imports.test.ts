import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_EXPORT_COLUMNS,
  IMPORT_KINDS,
  IMPORT_MSG,
  IMPORT_TEMPLATE_FILE_NAMES,
  detectMapping,
  importFields,
  importFileHint,
  importKeptFieldLabels,
  importMissingText,
  importTemplateCsv,
  repeatedFieldColumns,
  spreadsheetColumn,
} from './imports.js';
import { MACHINE_EXPORT_HEADERS } from './devices.js';
import { MSG } from '../messages.js';

describe('importTemplateCsv', () => {
  it('is one header line for Excel naming every field of the kind', () => {
    expect(importTemplateCsv('customers')).toBe(
      '\uFEFFNazwa skrócona;Nazwa pełna;Ulica;Kod pocztowy;Miejscowość;Województwo;NIP;REGON;Telefon;E-mail\r\n',
    );
    expect(importTemplateCsv('EXTERNAL')).toBe(importTemplateCsv('INTERNAL'));
  });

  it.each(IMPORT_KINDS)('has headers that the matching takes, each to its own field (%s)', (kind) => {
    const headers = importTemplateCsv(kind).slice(1).trimEnd().split(';');
    const fields = importFields(kind).filter((field) => !field.ownExportOnly);
    expect(detectMapping(kind, headers)).toEqual(fields.map((field) => field.key));
    // No id column: the template is for machines that are not in the register yet.
    expect(headers).not.toContain('Id');
  });

  it('has a file name of its own for each kind', () => {
    const names = Object.values(IMPORT_TEMPLATE_FILE_NAMES);
    expect(new Set(names).size).toBe(IMPORT_KINDS.length);
    for (const name of names) expect(name).toMatch(/^wzor-importu-[a-z-]+\.csv$/);
  });
});

describe('the customer list’s export', () => {
  it('names every column of the list so that the import maps each back to its own field', () => {
    const headers = CUSTOMER_EXPORT_COLUMNS.map((column) => column.header);
    expect(headers).toEqual(importTemplateCsv('customers').slice(1).trimEnd().split(';'));
    expect(detectMapping('customers', headers)).toEqual(CUSTOMER_EXPORT_COLUMNS.map((column) => column.key));
  });
});

describe('importFileHint', () => {
  it('names the required columns, and for machines the dates and the list export', () => {
    expect(importFileHint('customers')).toBe(
      'Pierwszy wiersz pliku to nagłówki kolumn, dopasowywane do pól po nazwie. Wymagane kolumny: Nazwa skrócona.',
    );
    expect(importFileHint('INTERNAL')).toBe(
      'Pierwszy wiersz pliku to nagłówki kolumn, dopasowywane do pól po nazwie. Wymagane kolumny: Nazwa, Kontrahent, Kategoria. Daty jako RRRR-MM-DD albo DD.MM.RRRR. Pasuje też plik z „Pobierz CSV” listy maszyn.',
    );
  });
});

describe('importMissingText', () => {
  const names = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);

  it('lists the customers and categories the register lacks, or nothing when it lacks none', () => {
    expect(importMissingText([], [])).toBeNull();
    expect(importMissingText(['Metalex'], [])).toBe('Brak w rejestrze — kontrahenci: Metalex.');
    expect(importMissingText(['Metalex', 'Stalbud'], ['Lasery'])).toBe(
      'Brak w rejestrze — kontrahenci: Metalex, Stalbud; kategorie: Lasery.',
    );
  });

  it('shows ten names of a long list and counts the rest', () => {
    expect(importMissingText(names(10, 'K'), [])).toBe(
      `Brak w rejestrze — kontrahenci: ${names(10, 'K').join(', ')}.`,
    );
    expect(importMissingText(names(11, 'K'), names(12, 'Kat'))).toBe(
      `Brak w rejestrze — kontrahenci: ${names(10, 'K').join(', ')} i jeszcze 1; ` +
        `kategorie: ${names(10, 'Kat').join(', ')} i jeszcze 2.`,
    );
    expect(importMissingText(names(507, 'K'), [])).toBe(
      `Brak w rejestrze — kontrahenci: ${names(10, 'K').join(', ')} i jeszcze 497.`,
    );
  });
});

describe('the preview’s first line', () => {
  it('names the file and groups long counts', () => {
    expect(IMPORT_MSG.previewSummary('maszyny.csv', 100_000, 99_000, 1000)).toBe(
      'Plik maszyny.csv: wierszy 100\u00a0000, do dodania 99\u00a0000, do aktualizacji 1000.',
    );
  });
});

describe('the counts of rows with problems', () => {
  it('say "wierszu" for one row and group long counts', () => {
    expect(IMPORT_MSG.problemsTitle(1, 2)).toBe('Błędy w 1 wierszu (2)');
    expect(IMPORT_MSG.problemsTitle(3, 3)).toBe('Błędy w 3 wierszach (3)');
    expect(IMPORT_MSG.failed(100_000)).toBe(
      'Import przerwany: błędy w 100\u00a0000 wierszach. Nie zapisano żadnego wiersza.',
    );
    expect(IMPORT_MSG.failed(1)).toBe('Import przerwany: błędy w 1 wierszu. Nie zapisano żadnego wiersza.');
    expect(IMPORT_MSG.done(100_000, 2500)).toBe('Zaimportowano: dodano 100\u00a0000, zaktualizowano 2500.');
    expect(IMPORT_MSG.done(0, 3, 12_000)).toBe(
      'Zaimportowano: dodano 0, zaktualizowano 3, bez zmian 12\u00a0000.',
    );
    expect(IMPORT_MSG.previewSummary('m.csv', 1000, 0, 1, 999)).toBe(
      'Plik m.csv: wierszy 1000, do dodania 0, do aktualizacji 1, bez zmian 999.',
    );
    expect(IMPORT_MSG.previewSummary('m.csv', 2, 2, 0)).toBe(
      'Plik m.csv: wierszy 2, do dodania 2, do aktualizacji 0.',
    );
  });
});

describe('a file with too many cells', () => {
  it('names its columns and rows in Polish forms and the column its header ends in', () => {
    expect(IMPORT_MSG.tooManyCells(16_384, 1_500, 'XFD')).toBe(
      'Plik ma za dużo komórek: 16\u00a0384 kolumny × 1500 wierszy (maks. 20\u00a0000\u00a0000 komórek). ' +
        'Nagłówek kończy się w kolumnie XFD: usuń z pliku kolumny, których import nie potrzebuje.',
    );
    expect(IMPORT_MSG.tooManyCells(1_000, 20_001, 'ALL')).toMatch(
      /^Plik ma za dużo komórek: 1000 kolumn × 20\u00a0001 wierszy/,
    );
    expect(IMPORT_MSG.tooManyCells(201, 100_000, 'GS')).toMatch(/201 kolumn × 100\u00a0000 wierszy/);
  });
});

describe('the rows an import writes', () => {
  it('say "wiersza" for one row and "wierszy" for more', () => {
    expect(IMPORT_MSG.importing(1)).toBe(
      'Importowanie 1 wiersza… Wszystkie wiersze zapisują się naraz, w jednej transakcji.',
    );
    expect(IMPORT_MSG.importing(3)).toMatch(/^Importowanie 3 wierszy…/);
    expect(IMPORT_MSG.importing(12_000)).toMatch(/^Importowanie 12\u00a0000 wierszy…/);
  });
});

describe('importKeptFieldLabels', () => {
  it('names the fields without a column, the months with the Gwarancja column counted as theirs', () => {
    expect(importKeptFieldLabels('customers', ['shortName', 'phoneNumber', null])).toEqual([
      'Nazwa pełna',
      'Ulica',
      'Kod pocztowy',
      'Miejscowość',
      'Województwo',
      'NIP',
      'REGON',
      'E-mail',
    ]);
    const machine = ['name', 'customer', 'category', 'serialNumber', 'warranty'];
    expect(importKeptFieldLabels('INTERNAL', machine)).toEqual([
      'Status',
      'Moc',
      'Data',
      'Ulica',
      'Kod pocztowy',
      'Miasto',
      'Województwo',
    ]);
    expect(importKeptFieldLabels('INTERNAL', [...machine.slice(0, 4), 'warrantyLength'])).toContain(
      'Gwarancja',
    );
  });
});

describe('detectMapping and the id column', () => {
  it('takes the id only from the machine list’s own export, in any case of its headers', () => {
    expect(detectMapping('INTERNAL', [...MACHINE_EXPORT_HEADERS])).toEqual([
      'id',
      'status',
      'name',
      'customer',
      'category',
      'serialNumber',
      'sourcePower',
      'transferDate',
      'warranty',
      'streetAddress',
      'zipCode',
      'city',
      'province',
    ]);
    expect(
      detectMapping(
        'EXTERNAL',
        MACHINE_EXPORT_HEADERS.map((h) => h.toUpperCase()),
      )[0],
    ).toBe('id');
  });

  it('leaves out an Id column of any other file, whose ids may mean anything', () => {
    expect(detectMapping('INTERNAL', ['Id', 'Nazwa', 'Kontrahent', 'Kategoria'])).toEqual([
      null,
      'name',
      'customer',
      'category',
    ]);
    expect(detectMapping('INTERNAL', [...MACHINE_EXPORT_HEADERS.slice(0, -1)])[0]).toBeNull();
    expect(detectMapping('customers', ['Id', 'Nazwa skrócona'])).toEqual([null, 'shortName']);
  });
});

describe('spreadsheet columns', () => {
  it('are named as Excel names them', () => {
    expect([0, 3, 25, 26, 27, 51, 52, 701, 702, 16_383].map(spreadsheetColumn)).toEqual([
      'A',
      'D',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
      'XFD',
    ]);
  });
});

describe('columns left out for a field another column takes', () => {
  it('are told with their letters, and no longer once chosen', () => {
    const headers = ['Nazwa', 'Miasto', 'S/N', 'Kontrahent', 'Miasto', 'Numer seryjny', 'Uwagi'];
    const mapping = detectMapping('INTERNAL', headers);
    expect(mapping).toEqual(['name', 'city', 'serialNumber', 'customer', null, null, null]);
    expect(repeatedFieldColumns('INTERNAL', headers, mapping)).toEqual([
      { header: 'Miasto', column: 'E', takenBy: 'B' },
      { header: 'Numer seryjny', column: 'F', takenBy: 'C' },
    ]);
    // The user takes the city from E instead: B is then the one left out.
    const chosen = ['name', null, 'serialNumber', 'customer', 'city', null, null];
    expect(repeatedFieldColumns('INTERNAL', headers, chosen)).toEqual([
      { header: 'Miasto', column: 'B', takenBy: 'E' },
      { header: 'Numer seryjny', column: 'F', takenBy: 'C' },
    ]);
    expect(IMPORT_MSG.repeatedColumn('Miasto', 'E', 'B')).toBe(
      'Kolumna E („Miasto”) nie zostanie wczytana: to pole ma już kolumna B. Aby wczytać E, wybierz dla niej pole nad tabelą.',
    );
  });
});

describe('detectMapping and the names staff write', () => {
  it('matches the machine form’s own labels and the common short forms', () => {
    expect(
      detectMapping('INTERNAL', ['Nazwa', 'Nr fabryczny', 'Długość gwarancji (miesiące)', 'Kontrahent']),
    ).toEqual(['name', 'serialNumber', 'warrantyLength', 'customer']);
    expect(detectMapping('customers', ['Nazwa skrócona', 'Nr telefonu'])).toEqual([
      'shortName',
      'phoneNumber',
    ]);
  });
});

describe("an import cell's problem", () => {
  it('says what the cell may hold where a form would offer a choice or a picker', () => {
    expect(IMPORT_MSG.cellMessage(MSG.unknownMachineStatus)).toBe(
      'Nieprawidłowy status maszyny. Wpisz jeden z: Produkcja, Transport, Instalacja, Ok, W naprawie, Usterka, Awaria, Pilna awaria.',
    );
    expect(IMPORT_MSG.cellMessage(MSG.machineNameTooShort)).toBe(MSG.machineNameTooShort);
  });
});
