import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APP_NAME } from '@serwis/domain';
import {
  accessibilityProblems,
  customerCardPath,
  loadAxe,
  machineCardPath,
  seedForAccessibility,
  type AccessibilitySeed,
} from '../support/accessibility';
import { launchBrowser, loginAs, newPage, stopAtFirstFailure } from '../support/browser';
import { apiCall, runTag } from '../support/register-kit';
import { eachTab, SCREENS_WITHOUT_ID, screenSettled } from '../support/screens';
import { endJourney } from '../support/service-kit';

/*
 * Accessibility of the screens (ui.md): axe-core checks every screen and every tab of the machine
 * card, the category, "Moje konto" and "Statystyki" against WCAG 2.1 AA: text readable on its
 * background (4.5:1), every field labelled, every button and icon named, tables and tabs as a
 * screen reader expects them; and each screen names the browser tab after itself. The dialogs,
 * messages and the keyboard: accessibility-dialogs.e2e.ts.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let seed: AccessibilitySeed | undefined;
const admin = { email: inject('adminEmail'), password: inject('adminPassword') };

/** The browser tab is named after the screen (WCAG 2.4.2): "<its heading> – Serwis". */
async function titleProblems(where: string): Promise<string[]> {
  const heading = (await page.getByRole('heading', { level: 2 }).first().textContent())?.trim();
  const title = await page.title();
  return title === `${heading} – ${APP_NAME}`
    ? []
    : [`${where}: the tab says "${title}", the screen "${heading}"`];
}

describe('accessibility journey: every screen and tab passes WCAG 2.1 AA', () => {
  stopAtFirstFailure(() => page);

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await loadAxe(context);
    await loginAs(page, admin.email, admin.password);
    seed = await seedForAccessibility(context, runTag());
  });

  afterAll(() => endJourney(browser, context, seed));

  it('checks every screen', async () => {
    const [employee] = await apiCall<{ id: number }[]>(context, 'GET', '/api/user/findAllFlatRoles');
    const found: string[] = [];
    for (const path of [
      ...SCREENS_WITHOUT_ID,
      customerCardPath(seed!),
      `/userEdit?id=${employee!.id}`,
      `/serviceProtocol?id=${seed!.serviceId}`,
    ]) {
      await page.goto(path);
      await screenSettled(page);
      found.push(...(await accessibilityProblems(page, path)), ...(await titleProblems(path)));
    }
    expect(found).toEqual([]);
    // The lists had rows to check: the seeded event is in the service list, and the tutorials
    // (under "Wszystko", each file's button named with its folder) the seeded file.
    await page.goto('/servicesList');
    await page.getByRole('cell', { name: seed!.customerName }).first().waitFor();
    await page.goto('/tutorials');
    await page
      .getByRole('button', { name: new RegExp(`^${seed!.tutorialFile} `) })
      .first()
      .waitFor();
  });

  it('checks each tab of the machine card, the category, "Moje konto" and "Statystyki"', async () => {
    const found: string[] = [];
    for (const path of [
      machineCardPath(seed!),
      `/categoryEdit?id=${seed!.category}`,
      '/myAccount',
      '/statistics',
    ]) {
      await page.goto(path);
      await screenSettled(page);
      found.push(...(await eachTab(page, (tab) => accessibilityProblems(page, `${path} / ${tab}`))));
    }
    expect(found).toEqual([]);
  });
});
