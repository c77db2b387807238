/** A decimal as a form's field holds it: "51.1", "51,1", "-51", "51." (typed so far). */
const DECIMAL_TEXT = /^\s*[-+]?\d+(?:[.,]\d*)?\s*$/;

/**
 * A number typed as text: digits, a comma or a dot, a sign. NaN for anything else: `Number` read
 * "0x10" as 16, "1e3" as 1000 and " " as 0 (a warranty of 16 months from a hex typo).
 */
export const decimalFromText = (text: string): number =>
  DECIMAL_TEXT.test(text) ? Number(text.trim().replace(',', '.')) : Number.NaN;

/** A count as Polish writes it: digits grouped by a no-break space from five digits on (60 000, 5000). */
export const polishCount = (n: number): string => n.toLocaleString('pl-PL');

const pluralRules = new Intl.PluralRules('pl-PL');

/** The word for a count in Polish: 1 inny, 2–4 (22–24…) inne, else innych. */
export const polishPlural = (n: number, forms: { one: string; few: string; many: string }): string => {
  const form = pluralRules.select(n);
  return form === 'one' ? forms.one : form === 'few' ? forms.few : forms.many;
};

/** A number of days: "1 dzień", else "N dni" (2, 5, 22 dni alike). */
export const polishDays = (n: number): string =>
  `${polishCount(n)} ${polishPlural(n, { one: 'dzień', few: 'dni', many: 'dni' })}`;

/** How far a due date is from today: "dzisiaj", "jutro", "za 5 dni", "1 dzień po terminie". */
export function dueInText(days: number): string {
  if (days === 0) return 'dzisiaj';
  if (days === 1) return 'jutro';
  return days > 0 ? `za ${polishDays(days)}` : `${polishDays(-days)} po terminie`;
}
