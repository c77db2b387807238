import type { ComboboxItem, OptionsFilter } from '@mantine/core';

/** A label as a search compares it: small letters without their marks ("Śląskie", "slaskie" alike). */
const fold = (text: string) =>
  text.toLocaleLowerCase('pl').normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l');

/**
 * The selects' search (none of them groups its options): the label typed in full first, then those
 * it starts, then a word of them, then any containing it, each in the list's own order; Polish
 * letters may be typed without their marks. "śląskie" offered "dolnośląskie" first and Enter took
 * it; "PPHU Jabłoński 200" took the newer "PPHU Jabłoński 200.".
 */
export const rankedOptionsFilter: OptionsFilter = ({ options, search, limit }) => {
  const term = fold(search.trim());
  const rankOf = (label: string, at = label.indexOf(term)) =>
    at < 0 ? 4 : label === term ? 0 : at ? (/[\s("„-]/.test(label[at - 1]!) ? 2 : 3) : 1;
  return (options as ComboboxItem[])
    .map((option) => ({ option, rank: rankOf(fold(option.label)) }))
    .filter(({ rank }) => rank < 4)
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
