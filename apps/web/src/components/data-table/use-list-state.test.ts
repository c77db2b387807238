import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useListState, type ListState } from './use-list-state';

type Filters = { statuses: string[]; category: string | null; city: string };

const START: ListState<Filters> = {
  page: 1,
  size: 50,
  sorting: [{ id: 'statusWeight', desc: false }],
  search: '',
  filters: { statuses: [], category: null, city: '' },
};

const keep = (value: unknown) => sessionStorage.setItem('list:maszyny', JSON.stringify(value));
const stateAfter = () => renderHook(() => useListState(START, 'maszyny')).result.current.state;

afterEach(() => sessionStorage.clear());

describe('useListState with a kept state', () => {
  it('comes back as it was left', () => {
    const left = {
      page: 3,
      size: 20,
      sorting: [{ id: 'name', desc: true }],
      search: 'prasa',
      filters: { statuses: ['OK'], category: '4', city: 'Łódź' },
    };
    keep(left);
    expect(stateAfter()).toEqual(left);
  });

  it('takes only the parts in the shape the list uses now (a state kept by an older build)', () => {
    keep({
      page: 'trzy',
      size: -5,
      sorting: [{ column: 'name' }],
      search: 42,
      filters: { statuses: 'OK', category: '4', city: ['Łódź'], removed: true },
    });
    expect(stateAfter()).toEqual({ ...START, filters: { ...START.filters, category: '4' } });
  });

  it('starts afresh from something that is no state at all', () => {
    for (const kept of [null, [], 'tekst', 7]) {
      keep(kept);
      expect(stateAfter()).toEqual(START);
    }
    sessionStorage.setItem('list:maszyny', '{nie json');
    expect(stateAfter()).toEqual(START);
  });
});
