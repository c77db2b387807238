import { describe, expect, it } from 'vitest';
import { contentDisposition, parseRange, presentation } from './files.download.js';

describe('parseRange', () => {
  it.each([
    [undefined, { kind: 'none' }],
    ['items=0-5', { kind: 'none' }],
    ['bytes=0-1,5-6', { kind: 'none' }],
    ['bytes=0-0', { kind: 'range', range: { start: 0, end: 0 } }],
    ['bytes=10-', { kind: 'range', range: { start: 10, end: 99 } }],
    ['bytes=-10', { kind: 'range', range: { start: 90, end: 99 } }],
    ['bytes=-500', { kind: 'range', range: { start: 0, end: 99 } }],
    ['bytes=50-1000', { kind: 'range', range: { start: 50, end: 99 } }],
    ['bytes=100-', { kind: 'invalid' }],
    ['bytes=5-4', { kind: 'invalid' }],
    ['bytes=-', { kind: 'invalid' }],
    ['bytes=x-1', { kind: 'invalid' }],
  ] as const)('%s of 100 bytes', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });

  it('has no satisfiable range in an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'invalid' });
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'invalid' });
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Łąka "nr 1"; ść.xlsx')).toBe(
      `attachment; filename="Laka _nr 1__ sc.xlsx"; filename*=UTF-8''%C5%81%C4%85ka%20%22nr%201%22%3B%20%C5%9B%C4%87.xlsx`,
    );
    expect(contentDisposition('inline', 'Müller Großhandel Øresund.pdf')).toMatch(
      /^inline; filename="Muller Grosshandel Oresund.pdf"; /,
    );
    expect(contentDisposition('inline', "it's (1).pdf")).toBe(
      `inline; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`,
    );
  });
});

describe('presentation', () => {
  it('shows only previewable kinds inline, with the type their extension names', () => {
    expect(presentation({ filename: 'a.pdf', contentType: 'text/html' })).toEqual({
      disposition: 'inline',
      contentType: 'application/pdf',
    });
    expect(presentation({ filename: 'a.svg', contentType: 'image/svg+xml' })).toEqual({
      disposition: 'attachment',
      contentType: 'image/svg+xml',
    });
    expect(presentation({ filename: 'a.mkv', contentType: 'application/octet-stream' }).disposition).toBe(
      'inline',
    );
  });

  it('sends an upload of a code type as bytes, and keeps any other type it came with', () => {
    const typeOf = (filename: string, contentType: string) =>
      presentation({ filename, contentType }).contentType;
    for (const [filename, contentType] of [
      ['a.js', 'text/javascript'],
      ['a.mjs', 'application/javascript; charset=utf-8'],
      ['a.js', 'application/x-javascript'],
      ['a.es', 'text/ecmascript'],
      ['a.css', 'text/css'],
      ['a.css', 'TEXT/CSS; charset=utf-8'],
      ['a.wasm', 'application/wasm'],
    ]) {
      expect(typeOf(filename!, contentType!), contentType).toBe('application/octet-stream');
    }
    expect(typeOf('a.txt', 'text/plain')).toBe('text/plain');
    expect(typeOf('a.csv', 'text/csv')).toBe('text/csv');
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    expect(typeOf('umowa.docx', docx)).toBe(docx);
  });
});
