import { Group, Pagination } from '@mantine/core';
import { usePhone } from '../../lib/use-phone';

/**
 * Page numbers shown around the current one: up to two either side (spec §2), never more; `reach`
 * one on a phone, where nine 40 px buttons in a row ran past a 390 px screen's edge.
 */
export function pagerWindow(current: number, pageCount: number, reach = 2): number[] {
  const from = Math.max(1, current - reach);
  const to = Math.min(pageCount, current + reach);
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

/**
 * First, previous, two pages either side of the current one, next and last (spec §2). `endKnown`
 * false (an estimated total): the last page is not known, so "Ostatnia strona" is off; it would go
 * to the estimate's last page, which a low estimate puts short of the end, one page further on
 * each click.
 */
export function Pager({
  page,
  pageCount,
  onChange,
  endKnown = true,
}: {
  page: number;
  pageCount: number;
  onChange: (p: number) => void;
  endKnown?: boolean;
}) {
  const total = Math.max(1, pageCount);
  const current = Math.min(Math.max(1, page), total);
  const phone = usePhone();
  return (
    <Pagination.Root total={total} value={current} onChange={onChange} size="md">
      {/* Wraps rather than widen the page, should the buttons still not fit (a 5-digit page). */}
      <Group gap={phone ? 4 : 8} wrap="wrap" justify="flex-end">
        <Pagination.First aria-label="Pierwsza strona" />
        <Pagination.Previous aria-label="Poprzednia strona" />
        {pagerWindow(current, total, phone ? 1 : 2).map((p) => (
          <Pagination.Control
            key={p}
            active={p === current}
            onClick={() => onChange(p)}
            aria-label={`Strona ${p}`}
            // Mantine marks the current page only with a colour; screen readers need aria-current.
            aria-current={p === current ? 'page' : undefined}
          >
            {p}
          </Pagination.Control>
        ))}
        <Pagination.Next aria-label="Następna strona" />
        <Pagination.Last aria-label="Ostatnia strona" {...(endKnown ? {} : { disabled: true })} />
      </Group>
    </Pagination.Root>
  );
}
