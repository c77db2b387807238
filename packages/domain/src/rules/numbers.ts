/** A count as Polish writes it: digits grouped by a no-break space from five digits on (60 000, 5000). */
export const polishCount = (n: number): string => n.toLocaleString('pl-PL');
