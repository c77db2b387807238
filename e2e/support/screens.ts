import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { MSG } from '@serwis/domain';

/**
 * The screens a journey that looks over the whole app opens without an id: the lists, the empty
 * forms and the others. Screens of one record (a card, a protocol) each journey adds with its ids.
 */
export const SCREENS_WITHOUT_ID = [
  '/home',
  '/machineList',
  '/machineAdd',
  '/machineExternalList',
  '/customerList',
  '/customerAdd',
  '/categoryList',
  '/categoryAdd',
  '/servicesList',
  '/servicesExternalList',
  '/machinePeriodicInspection',
  '/machineTodo',
  '/logs',
  '/userList',
  '/userAdd',
  '/tutorials',
  '/map',
];

/**
 * Waits until the screen's heading is shown and nothing on it is still loading: no list saying so,
 * no spinner named so (a card's or a tab's).
 */
export async function screenSettled(page: Page) {
  await page.getByRole('heading', { level: 2 }).first().waitFor();
  const loading = page.getByText(MSG.loading).or(page.getByLabel(MSG.loading));
  await expect.poll(() => loading.count(), { timeout: 15_000 }).toBe(0);
}

/** Selects a tab of the screen and waits for its content. */
export async function openScreenTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
  await screenSettled(page);
}

/** Opens each tab of the screen in turn; answers what `check` finds on each, named by the tab. */
export async function eachTab(page: Page, check: (tab: string) => Promise<string[]>): Promise<string[]> {
  const found: string[] = [];
  for (const name of await page.getByRole('tab').allTextContents()) {
    await openScreenTab(page, name);
    found.push(...(await check(name)));
  }
  return found;
}
