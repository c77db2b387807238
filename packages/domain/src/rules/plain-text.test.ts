import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text.js';

describe('plainText', () => {
  it('composes accents typed as two characters', () => {
    expect(plainText('Lo\u0301dz\u0301')).toBe('Lódź');
  });

  it('makes non-breaking and other look-alike spaces plain', () => {
    expect(plainText('ul.\u00a0Łąkowa\u202f7\u2009b\u3000c')).toBe('ul. Łąkowa 7 b c');
  });

  it('leaves out zero-width spaces, word joiners, a BOM and soft hyphens', () => {
    expect(plainText('ZW\u200b-1')).toBe('ZW-1');
    expect(plainText('\u200b\u200b\u200b')).toBe('');
    expect(plainText('\ufeffNazwa\u2060\u00adx')).toBe('Nazwax');
  });

  it('leaves out the marks of writing direction and the fillers that draw nothing', () => {
    expect(plainText('Tokarki\u200e')).toBe('Tokarki');
    expect(plainText('fakt\u202efdp.exe')).toBe('faktfdp.exe');
    expect(plainText('\u2066Kuźnia\u2069 \u200f\u061c')).toBe('Kuźnia ');
    for (const blank of ['\u034f', '\u115f', '\u1160', '\u180e', '\u2062', '\u3164', '\uffa0']) {
      expect(plainText(`${blank}${blank}${blank}`), blank).toBe('');
    }
    expect(plainText('a\u2800b')).toBe('a b');
  });

  it('keeps at most three combining marks in a row, composed letters untouched', () => {
    expect(plainText(`a${'\u0308'.repeat(252)}b`)).toBe('\u00e4\u0308\u0308\u0308b');
    expect(plainText('Zażółć gęślą jaźń')).toBe('Zażółć gęślą jaźń');
    expect(plainText('Vie\u0323\u0302t')).toBe('Việt');
  });

  it('keeps the joiners that draw emoji and scripts, line breaks and tabs', () => {
    const family = '👨\u200d👩\u200d👧';
    expect(plainText(family)).toBe(family);
    expect(plainText('a\u200cb')).toBe('a\u200cb');
    expect(plainText('a\tb\nc')).toBe('a\tb\nc');
  });
});
