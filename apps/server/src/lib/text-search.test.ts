import { describe, expect, it } from 'vitest';
import { isShortTerm, likeContains, searchTerm, trimmedTerm, serialCharacters } from './text-search.js';

describe('the kind of a search term (searchTerm)', () => {
  it('matches by the start a term of one or two characters, or without three letters or digits in a row', () => {
    for (const term of ['a', 'Sz', '12', '1.5', '31-1', '50%', 'x-1', 'a b', 'ab-c', '---', '%%%', 'Ł.Ż']) {
      expect(isShortTerm(term)).toBe(true);
    }
    expect(searchTerm(' 1.5 ')).toEqual({ kind: 'short', term: '1.5' });
    expect(searchTerm('12')).toEqual({ kind: 'short', term: '12', id: 12 });
  });

  it('looks up "contains" through a trigram index once three letters or digits follow each other', () => {
    for (const term of ['abc', 'kxq-', '31-100', 'zer 50%_a', 'Łódź', '2024-0001', 'sp. zoo']) {
      expect(isShortTerm(term)).toBe(false);
    }
    expect(searchTerm('50%_abc')).toEqual({ kind: 'long', term: '50%_abc', contains: '%50\\%\\_abc%' });
    expect(searchTerm('123')).toEqual({ kind: 'long', term: '123', contains: '%123%', id: 123 });
    expect(searchTerm('  ')).toEqual({ kind: 'none' });
  });

  it('takes runs of spaces inside a term as one, as pasted text often has two', () => {
    expect(searchTerm(' tokarka  \u00a0cnc ')).toEqual({
      kind: 'long',
      term: 'tokarka cnc',
      contains: '%tokarka cnc%',
    });
    expect(searchTerm('a  b')).toEqual({ kind: 'short', term: 'a b' });
    expect(trimmedTerm('wyciek \t oleju')).toBe('wyciek oleju');
  });
});

describe('a "contains" pattern (likeContains)', () => {
  it('takes wildcards literally and any quotation mark or apostrophe for any other', () => {
    expect(likeContains('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
    expect(likeContains('„Stalmet”')).toBe('%_Stalmet_%');
    expect(likeContains('"Stalmet"')).toBe('%_Stalmet_%');
    expect(likeContains('O’Brien')).toBe('%O_Brien%');
    // Marks alone would be "any text": they are taken as typed.
    expect(likeContains('"')).toBe('%"%');
    expect(likeContains("' '")).toBe("%' '%");
  });
});

describe('a term that may be a serial number (serialCharacters)', () => {
  it('keeps its letters and digits when it has a digit, six of them at least, and only separators besides', () => {
    expect(serialCharacters('TO 2023 000921')).toBe('TO2023000921');
    expect(serialCharacters('to/2023/000921')).toBe('to2023000921');
    expect(serialCharacters('A.B-12_345')).toBe('AB12345');
    expect(serialCharacters('000123')).toBe('000123');
    expect(serialCharacters('GI–2023–000122')).toBe('GI2023000122');
    expect(serialCharacters('GI\\2023\\000122')).toBe('GI2023000122');
  });

  it('leaves out words, short numbers and other characters', () => {
    expect(serialCharacters('frezarka cnc')).toBeUndefined();
    expect(serialCharacters('TK-10')).toBeUndefined();
    expect(serialCharacters('Łódź 90-006')).toBeUndefined();
    expect(serialCharacters('50% 2023000')).toBeUndefined();
  });
});
