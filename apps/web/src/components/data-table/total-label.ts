import { polishCount } from '@serwis/domain';

/** Rounded to two significant digits (1 234 567 → 1 200 000; with `Math.floor`, 5 290 → 5 200). */
const roughly = (n: number, round: (x: number) => number = Math.round) => {
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, n))) - 1);
  return round(n / magnitude) * magnitude;
};

/**
 * The pager's total, grouped as Polish writes a count (11 554 with a no-break space, as the import
 * dialog's counts; four digits stay together), exact or as an estimate (the server stops counting past its
 * bound and answers the planner's figure, at least bound + 1) as "ponad 10 000" when it is just
 * past a round bound, else "ok. 1 200 000". A lower bound (a search's: at least `total` match) is
 * "ponad" what it is sure of, rounded down: 5 211 → "ponad 5 200".
 */
export function totalLabel(
  total: number,
  { estimated = false, lowerBound = false }: { estimated?: boolean; lowerBound?: boolean } = {},
): string {
  if (!estimated) return polishCount(total);
  if (lowerBound) return `ponad ${polishCount(roughly(Math.max(0, total - 1), Math.floor))}`;
  if (total > 1 && roughly(total - 1) === total - 1) return `ponad ${polishCount(total - 1)}`;
  return `ok. ${polishCount(roughly(total))}`;
}
