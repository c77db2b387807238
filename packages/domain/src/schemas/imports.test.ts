import { describe, expect, it } from 'vitest';
import {
  IMPORT_KINDS,
  IMPORT_TEMPLATE_FILE_NAMES,
  detectMapping,
  importFields,
  importFileHint,
  importTemplateCsv,
} from './imports.js';

describe('importTemplateCsv', () => {
  it('is one header line for Excel naming every field of the kind', () => {
    expect(importTemplateCsv('customers')).toBe(
      '\uFEFFNazwa skrócona;Nazwa pełna;Ulica;Kod pocztowy;Miejscowość;Województwo;NIP;REGON;Telefon;E-mail\r\n',
    );
    expect(importTemplateCsv('EXTERNAL')).toBe(importTemplateCsv('INTERNAL'));
  });

  it.each(IMPORT_KINDS)('has headers that the matching takes, each to its own field (%s)', (kind) => {
    const headers = importTemplateCsv(kind).slice(1).trimEnd().split(';');
    expect(detectMapping(kind, headers)).toEqual(importFields(kind).map((field) => field.key));
  });

  it('has a file name of its own for each kind', () => {
    const names = Object.values(IMPORT_TEMPLATE_FILE_NAMES);
    expect(new Set(names).size).toBe(IMPORT_KINDS.length);
    for (const name of names) expect(name).toMatch(/^wzor-importu-[a-z-]+\.csv$/);
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
