import { describe, expect, it } from 'vitest';
import { rankedOptionsFilter } from './options-filter';

const options = (...labels: string[]) => labels.map((label, i) => ({ value: String(i), label }));
const found = (search: string, labels: string[], limit = Infinity) =>
  rankedOptionsFilter({ options: options(...labels), search, limit }).map((o) =>
    'label' in o ? o.label : '',
  );

describe('rankedOptionsFilter', () => {
  it('puts the label typed in full first, then those it starts, then a word of them, then the rest', () => {
    const provinces = ['dolnośląskie', 'kujawsko-pomorskie', 'pomorskie', 'śląskie', 'zachodniopomorskie'];
    expect(found('śląskie', provinces)).toEqual(['śląskie', 'dolnośląskie']);
    expect(found('pomorskie', provinces)).toEqual(['pomorskie', 'kujawsko-pomorskie', 'zachodniopomorskie']);
    const customers = ['PPHU Jabłoński 200.', 'Metalex 2', 'PPHU Jabłoński 200', 'Metalex'];
    expect(found('pphu jabłoński 200', customers)).toEqual(['PPHU Jabłoński 200', 'PPHU Jabłoński 200.']);
    expect(found('Metalex', customers)).toEqual(['Metalex', 'Metalex 2']);
    // A customer is listed as "short name (full name)": the short name typed in full comes first.
    const named = ['PPHU Jabłoński 200. (PPHU)', 'PPHU Jabłoński 200 (PPHU Jan Jabłoński)'];
    expect(found('PPHU Jabłoński 200', named)).toEqual([named[1], named[0]]);
    // A match ending where a word ends comes before one inside a longer word or number.
    const szymanski = ['Przetwórstwo Szymański 170 (S)', 'Przetwórstwo Szymański 1 (S)'];
    expect(found('Szymański 1', szymanski)).toEqual([szymanski[1], szymanski[0]]);
  });

  it('takes Polish letters typed without their marks, and keeps the list’s order within a rank', () => {
    expect(found('slaskie', ['Śląskie', 'dolnośląskie'])).toEqual(['Śląskie', 'dolnośląskie']);
    expect(found('lodz', ['Kraków', 'Łódź', 'Zakład Łódź-Bałuty'])).toEqual(['Łódź', 'Zakład Łódź-Bałuty']);
    expect(found('', ['b', 'a'])).toEqual(['b', 'a']);
    expect(found('a', ['ba', 'ca', 'ab'], 2)).toEqual(['ab', 'ba']);
  });
});
