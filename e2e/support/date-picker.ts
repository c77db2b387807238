import type { Locator, Page } from 'playwright-core';
import { field } from './browser';

const MONTHS_SHORT = ['sty', 'lut', 'mar', 'kwi', 'maj', 'cze', 'lip', 'sie', 'wrz', 'paź', 'lis', 'gru'];
const MONTHS_GENITIVE = [
  'stycznia',
  'lutego',
  'marca',
  'kwietnia',
  'maja',
  'czerwca',
  'lipca',
  'sierpnia',
  'września',
  'października',
  'listopada',
  'grudnia',
];

/**
 * Picks `YYYY-MM-DD` in the Mantine date picker labelled `label`, as a person would: the header
 * climbs from the month to the decade ("Wybierz miesiąc", "Wybierz rok"), the decade arrows move to
 * the right years, then the year, the month and the day are clicked.
 */
export async function pickDate(page: Page, scope: Page | Locator, label: string, iso: string) {
  const [year, month, day] = iso.split('-').map(Number);
  await field(scope, label).click();
  const picker = page.locator('[role="dialog"][data-dates-dropdown]').last();
  await picker.getByRole('button', { name: 'Wybierz miesiąc' }).click();
  await picker.getByRole('button', { name: 'Wybierz rok' }).click();
  const decade = picker.getByText(/^\d{4} – \d{4}$/);
  for (let step = 0; step < 20; step++) {
    const [from, to] = ((await decade.textContent()) ?? '').split(' – ').map(Number);
    if (year >= from && year <= to) break;
    await picker.getByRole('button', { name: year < from ? 'Poprzednia dekada' : 'Następna dekada' }).click();
  }
  await picker.getByRole('button', { name: String(year), exact: true }).click();
  await picker.getByRole('button', { name: MONTHS_SHORT[month - 1], exact: true }).click();
  await picker
    .getByRole('button', { name: `${day} ${MONTHS_GENITIVE[month - 1]} ${year}`, exact: true })
    .click();
  await picker.waitFor({ state: 'hidden' });
}
