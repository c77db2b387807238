import { describe, expect, it } from 'vitest';
import { polishCount, polishPlural } from './numbers.js';

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
