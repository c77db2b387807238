import { Pagination } from '@mantine/core';

/** First, previous, two pages either side of the current one, next and last (spec §2). */
export function Pager({
  page,
  pageCount,
  onChange,
}: {
  page: number;
  pageCount: number;
  onChange: (p: number) => void;
}) {
  const current = Math.min(Math.max(1, page), pageCount);
  return (
    <Pagination
      total={pageCount}
      value={current}
      onChange={onChange}
      siblings={2}
      boundaries={0}
      withEdges
      size="md"
      getControlProps={(control) => ({
        'aria-label':
          control === 'first'
            ? 'Pierwsza strona'
            : control === 'previous'
              ? 'Poprzednia strona'
              : control === 'next'
                ? 'Następna strona'
                : 'Ostatnia strona',
      })}
      // Mantine marks the current page only with a colour; screen readers need aria-current.
      getItemProps={(p) => ({
        'aria-label': `Strona ${p}`,
        'aria-current': p === current ? 'page' : undefined,
      })}
    />
  );
}
