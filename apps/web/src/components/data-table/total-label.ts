import { polishCount } from '@serwis/domain';

/** Rounded to two significant digits (1 234 567 → 1 200 000; with `Math.floor`, 5 290 → 5 200). */
const roughly = (n: number, round: (x: number) => number = Math.round) => {
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, n))) - 1);
  return round(n / magnitude) * magnitude;
};

/**
 * The pager's total, grouped as Polish writes a count (11 554 with a no-break space, as the import
 * dialog's counts; four digits stay together), exact, or as an estimate (the server stops counting past its
 * bound and answers the planner's figure): "ok. 1 200 000". A lower bound (at least `total` match:
 * the count's bound + 1 when the planner expects no more, or a search's matches seen) is "ponad"
 * what is sure, rounded down: 10 001 → "ponad 10 000", 5 211 → "ponad 5 200".
 */
export function totalLabel(
  total: number,
  { estimated = false, lowerBound = false }: { estimated?: boolean; lowerBound?: boolean } = {},
): string {
  if (!estimated) return polishCount(total);
  if (lowerBound) return `ponad ${polishCount(roughly(Math.max(0, total - 1), Math.floor))}`;
  return `ok. ${polishCount(roughly(total))}`;
}
