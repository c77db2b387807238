import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, withCategoryIds, withCurrentCategories } from './machine-filters';

const options = [
  { id: 3, name: 'Lasery' },
  { id: 5, name: 'Prasy' },
];

describe('the machine filter of categories', () => {
  it('keeps the ids of the names applied', () => {
    expect(
      withCategoryIds({ ...EMPTY_FILTERS, categories: ['Prasy', 'Nieznana'] }, options).categoryIds,
    ).toEqual([5, -1]);
  });

  it('follows a rename by id, and names what is gone', () => {
    const applied = { ...EMPTY_FILTERS, categories: ['Lasery CO2', 'Giętarki'], categoryIds: [3, 9] };
    expect(withCurrentCategories(applied, options)).toEqual({
      filters: { ...applied, categories: ['Lasery'], categoryIds: [3] },
      gone: ['Giętarki'],
    });
  });

  it('finds a state kept without ids by name, and leaves a current one as it is', () => {
    const kept = { ...EMPTY_FILTERS, categories: ['Prasy', 'Stare'] };
    expect(withCurrentCategories(kept, options)).toEqual({
      filters: { ...kept, categories: ['Prasy'], categoryIds: [5] },
      gone: ['Stare'],
    });
    const current = withCategoryIds({ ...EMPTY_FILTERS, categories: ['Lasery'] }, options);
    expect(withCurrentCategories(current, options).filters).toBe(current);
  });
});
