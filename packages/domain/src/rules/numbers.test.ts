import { describe, expect, it } from 'vitest';
import { decimalFromText, dueInText, polishCount, polishDays, polishPlural } from './numbers.js';

const others = { one: 'inny', few: 'inne', many: 'innych' };

describe('polishPlural', () => {
  it('takes the form Polish gives each count', () => {
    const forms = [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 24, 25, 101, 102, 112, 1000].map(
      (n) => `${n} ${polishPlural(n, others)}`,
    );
    expect(forms).toEqual([
      '0 innych',
      '1 inny',
      '2 inne',
      '4 inne',
      '5 innych',
      '11 innych',
      '12 innych',
      '14 innych',
      '21 innych',
      '22 inne',
      '24 inne',
      '25 innych',
      '101 innych',
      '102 inne',
      '112 innych',
      '1000 innych',
    ]);
  });
});

describe('polishCount', () => {
  it('groups the digits from five on, with a no-break space', () => {
    expect([5000, 60000, 1234567].map(polishCount)).toEqual(['5000', '60\u00a0000', '1\u00a0234\u00a0567']);
  });
});

describe('polishDays and dueInText', () => {
  it('says "dzień" for one day only', () => {
    expect([0, 1, 2, 5, 21, 22, 101].map(polishDays)).toEqual([
      '0 dni',
      '1 dzień',
      '2 dni',
      '5 dni',
      '21 dni',
      '22 dni',
      '101 dni',
    ]);
  });

  it('tells a due date from today in words', () => {
    expect([0, 1, 2, 30, -1, -3].map(dueInText)).toEqual([
      'dzisiaj',
      'jutro',
      'za 2 dni',
      'za 30 dni',
      '1 dzień po terminie',
      '3 dni po terminie',
    ]);
  });
});

describe('decimalFromText', () => {
  it('reads digits with a comma or a dot and a sign, as typed', () => {
    expect(decimalFromText('12')).toBe(12);
    expect(decimalFromText(' 51,5 ')).toBe(51.5);
    expect(decimalFromText('-3')).toBe(-3);
    expect(decimalFromText('51.')).toBe(51);
  });

  it('is no number for what Number would read otherwise', () => {
    for (const text of ['0x10', '1e3', ' ', '', 'Infinity', '1 000', '12a']) {
      expect(decimalFromText(text), text).toBeNaN();
    }
  });
});
