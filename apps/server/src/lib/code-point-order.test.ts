import { describe, expect, it } from 'vitest';
import { lowerStartRanges } from './code-point-order.js';

const within = (text: string, ranges: { from: string; to: string }[]) =>
  ranges.some((range) => text >= range.from && text < range.to);

describe('lowerStartRanges', () => {
  it('gives each case of the term its range, in code-point order', () => {
    expect(lowerStartRanges('Sz')).toEqual([
      { from: 'SZ', to: 'S[' },
      { from: 'Sz', to: 'S{' },
      { from: 'sZ', to: 's[' },
      { from: 'sz', to: 's{' },
    ]);
    expect(lowerStartRanges('1.')).toEqual([{ from: '1.', to: '1/' }]);
    expect(lowerStartRanges('ł')).toEqual([
      { from: 'Ł', to: 'ł' }, // U+0141, U+0142
      { from: 'ł', to: 'Ń' },
    ]);
    // The Kelvin sign lower-cases to "k" (PostgreSQL's lower() too, under C.UTF-8).
    expect(lowerStartRanges('k')!.map((r) => r.from)).toEqual(['K', 'k', '\u212a']);
  });

  it('holds exactly the texts whose lower-cased form starts with the term', () => {
    const texts = [
      'Szlifierka',
      'SZLIF',
      'sZ',
      'sz',
      's',
      'Sa',
      'Sź',
      'Śz',
      'tz',
      'S{',
      'Kocioł',
      '\u212aelvin',
      'İnce',
      'ilość',
      'Łożysko',
      'łożysko',
      'Łza',
      'Lożysko',
    ];
    for (const term of ['sz', 's', 'k', 'i', 'ł', 'łz', 'SZL']) {
      const ranges = lowerStartRanges(term)!;
      for (const text of texts) {
        expect(within(text, ranges), `${term} / ${text}`).toBe(
          text.toLowerCase().startsWith(term.toLowerCase()),
        );
      }
    }
  });

  it('knows every character whose lower case starts with a Latin letter, a digit or a Polish letter', () => {
    const known = new Set([...'abcdefghijklmnopqrstuvwxyz0123456789ąćęłńóśźż']);
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const character = String.fromCodePoint(cp);
      const first = String.fromCodePoint(character.toLowerCase().codePointAt(0)!);
      if (!known.has(first) || character === first) continue;
      expect(
        lowerStartRanges(first)!.map((r) => r.from),
        character,
      ).toContain(character);
    }
  });

  it('leaves out other characters and terms of too many cases', () => {
    expect(lowerStartRanges('é')).toBeUndefined();
    expect(lowerStartRanges('жа')).toBeUndefined();
    expect(lowerStartRanges('abcde')).toBeUndefined(); // 32 cases
    expect(lowerStartRanges('')).toBeUndefined();
  });
});
