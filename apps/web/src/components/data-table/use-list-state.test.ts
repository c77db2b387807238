import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('useListState while a search is typed', () => {
  it('keeps the page it shows until the search is asked for, then goes to page 1 of the new one', () => {
    vi.useFakeTimers();
    try {
      keep({ ...START, page: 2, search: 'czujnik' });
      const { result } = renderHook(() => useListState(START, 'maszyny'));
      expect([result.current.state.page, result.current.debouncedSearch]).toEqual([2, 'czujnik']);
      act(() => result.current.setSearch('smarowania'));
      // Not page 1 of "czujnik": nothing new is asked for until the search is.
      expect([result.current.state.page, result.current.debouncedSearch]).toEqual([2, 'czujnik']);
      act(() => void vi.advanceTimersByTime(300));
      expect([result.current.state.page, result.current.debouncedSearch]).toEqual([1, 'smarowania']);
      expect(result.current.state.search).toBe('smarowania');
    } finally {
      vi.useRealTimers();
    }
  });
});
