import { describe, expect, it } from 'vitest';
import { cutText, cutWithEllipsis, shortenText, wellFormedText } from './text-cut.js';

const EMOJI = '😀'; // two UTF-16 units

describe('cutting text without splitting a character', () => {
  it('keeps short text whole and cuts plain text at the length', () => {
    expect(cutText('abc', 5)).toBe('abc');
    expect(cutText('abcdef', 4)).toBe('abcd');
    expect(cutText('żółć', 2)).toBe('żó');
  });

  it('leaves out a character whose second half would fall past the cut', () => {
    const text = `ab${EMOJI}cd`;
    expect(cutText(text, 3)).toBe('ab');
    expect(cutText(text, 4)).toBe(`ab${EMOJI}`);
    expect(cutText(text, 2)).toBe('ab');
    expect(wellFormedText(cutText(text, 3))).toBe(cutText(text, 3));
  });

  it('shortens with "…" inside the length', () => {
    expect(shortenText('abcdef', 6)).toBe('abcdef');
    expect(shortenText('abcdefg', 6)).toBe('abcde…');
    expect(shortenText(`abcd${EMOJI}x`, 6)).toBe('abcd…');
    expect(shortenText(`abcd${EMOJI}x`, 6).length).toBeLessThanOrEqual(6);
  });

  it('replaces the halves of split characters as the database stores them', () => {
    expect(wellFormedText(`a\uD83Db`)).toBe('a\uFFFDb');
    expect(wellFormedText(`a\uDE00b`)).toBe('a\uFFFDb');
    expect(wellFormedText(`a${EMOJI}b`)).toBe(`a${EMOJI}b`);
  });
});

describe('cutWithEllipsis', () => {
  it('cuts a fault description at 80 units with an ellipsis, never through an emoji', () => {
    expect(cutWithEllipsis('x'.repeat(80))).toEqual({ short: 'x'.repeat(80), cut: false });
    expect(cutWithEllipsis('y'.repeat(81))).toEqual({ short: `${'y'.repeat(80)}…`, cut: true });
    expect(cutWithEllipsis(`${'c'.repeat(79)}🔧 ogon`)).toEqual({ short: `${'c'.repeat(79)}…`, cut: true });
  });
});
