import type { ComboboxItem, OptionsFilter } from '@mantine/core';

/** A label as a search compares it: small letters without their marks ("Śląskie", "slaskie" alike). */
const fold = (text: string) =>
  text.toLocaleLowerCase('pl').normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l');

/**
 * The selects' search (none of them groups its options). Best first: the label typed in full (or a
 * customer's short name before its full one in brackets), then labels it starts, then a word of
 * them, then any containing it; at each, a match ending where a word ends first ("Szymański 1"
 * before "Szymański 170"); else the list's own order. Polish letters may be typed without their
 * marks. "śląskie" offered "dolnośląskie" first and Enter took it.
 */
export const rankedOptionsFilter: OptionsFilter = ({ options, search, limit }) => {
  const term = fold(search.trim());
  if (!term) return options.slice(0, limit);
  const rankOf = (label: string) => {
    const at = label.indexOf(term);
    if (at < 0) return -1;
    if (label === term || (at === 0 && label.startsWith(' (', term.length))) return 0;
    const start = at === 0 ? 1 : /[\s("„-]/.test(label[at - 1]!) ? 3 : 5;
    return start + (/[\p{L}\p{N}]/u.test(label[at + term.length] ?? '') ? 1 : 0);
  };
  return (options as ComboboxItem[])
    .map((option) => ({ option, rank: rankOf(fold(option.label)) }))
    .filter(({ rank }) => rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map(({ option }) => option);
};

/**
 * Enter while a select's list is open never sends the form: with an option highlighted it takes it
 * (Mantine), with none (nothing found) it does nothing. A search typed over the chosen value and
 * Enter saved the old value.
 */
export function keepEnterInOpenList(event: React.KeyboardEvent<HTMLInputElement>) {
  if (event.key === 'Enter' && event.currentTarget.getAttribute('aria-expanded') === 'true') {
    event.preventDefault();
  }
}
