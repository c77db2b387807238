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
  });

  it('takes Polish letters typed without their marks, and keeps the list’s order within a rank', () => {
    expect(found('slaskie', ['Śląskie', 'dolnośląskie'])).toEqual(['Śląskie', 'dolnośląskie']);
    expect(found('lodz', ['Kraków', 'Łódź', 'Zakład Łódź-Bałuty'])).toEqual(['Łódź', 'Zakład Łódź-Bałuty']);
    expect(found('', ['b', 'a'])).toEqual(['b', 'a']);
    expect(found('a', ['ba', 'ca', 'ab'], 2)).toEqual(['ab', 'ba']);
  });
});
