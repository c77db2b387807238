/** A count as Polish writes it: digits grouped by a no-break space from five digits on (60 000, 5000). */
export const polishCount = (n: number): string => n.toLocaleString('pl-PL');

const pluralRules = new Intl.PluralRules('pl-PL');

/** The word for a count in Polish: 1 inny, 2–4 (22–24…) inne, else innych. */
export const polishPlural = (n: number, forms: { one: string; few: string; many: string }): string => {
  const form = pluralRules.select(n);
  return form === 'one' ? forms.one : form === 'few' ? forms.few : forms.many;
};
