import type { SortingState } from '@tanstack/react-table';
import { compareFullNumbers, type Service } from '@serwis/domain';
import { localPage } from '../../components/data-table';

const ACCESSORS: Record<string, (s: Service) => unknown> = {
  date: (s) => s.date,
  paymentType: (s) => s.paymentType,
  faultDescription: (s) => s.faultDescription,
  user: (s) => s.user,
  state: (s) => s.state,
};

/**
 * One page of a machine's events, sorted in the browser: by full number with the shared comparator
 * (year, month, number, letter; the id settles unnumbered events of one month), else by a column.
 */
export function pageOfServices(
  rows: readonly Service[],
  state: { sorting: SortingState; page: number; size: number },
) {
  const sort = state.sorting[0];
  if (!sort || sort.id === 'fullNumber') {
    const direction = sort && !sort.desc ? 1 : -1;
    const sorted = [...rows].sort((a, b) => (compareFullNumbers(a, b) || a.id - b.id) * direction);
    return localPage(sorted, { ...state, sorting: [] }, { accessors: {} });
  }
  return localPage(rows, state, { accessors: ACCESSORS });
}
