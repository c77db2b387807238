import { describe, expect, it } from 'vitest';
import { fileBaseName, fileExtension, fileKind, previewContentType } from './file-kinds.js';

describe('fileKind', () => {
  it.each([
    ['instrukcja.pdf', 'pdf'],
    ['SKAN.PDF', 'pdf'],
    ['tabliczka.jpg', 'image'],
    ['tabliczka.JPEG', 'image'],
    ['a.bmp', 'image'],
    ['a.png', 'image'],
    ['a.gif', 'image'],
    ['film.mp4', 'video'],
    ['film.MKV', 'video'],
    ['arkusz.xlsx', 'other'],
    ['wektor.svg', 'other'],
    ['obraz.webp', 'other'],
    ['bez-rozszerzenia', 'other'],
    ['.pdf', 'other'],
    ['kropka.', 'other'],
    ['archiwum.pdf.zip', 'other'],
    ['katalog/plik.png', 'image'],
  ] as const)('%s → %s', (name, kind) => {
    expect(fileKind(name)).toBe(kind);
  });
});

describe('fileExtension and fileBaseName', () => {
  it('takes the last extension, lower-cased', () => {
    expect(fileExtension('Parametry.Maszyny.TXT')).toBe('txt');
    expect(fileExtension('README')).toBe('');
  });

  it('drops only the last extension for the parameter description', () => {
    expect(fileBaseName('Parametry pieca 2024.xlsx')).toBe('Parametry pieca 2024');
    expect(fileBaseName('wersja.1.2.pdf')).toBe('wersja.1.2');
    expect(fileBaseName('bez rozszerzenia')).toBe('bez rozszerzenia');
    expect(fileBaseName('.env')).toBe('.env');
    expect(fileBaseName('C:\\fakepath\\plik.pdf')).toBe('plik');
  });
});

describe('previewContentType', () => {
  it('names the canonical type of previewable files only', () => {
    expect(previewContentType('a.PDF')).toBe('application/pdf');
    expect(previewContentType('a.jpg')).toBe('image/jpeg');
    expect(previewContentType('a.mkv')).toBe('video/x-matroska');
    expect(previewContentType('a.html')).toBeUndefined();
  });
});
