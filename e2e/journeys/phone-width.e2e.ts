import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '@serwis/domain';
import { launchBrowser, loginAs, newPage, stopAtFirstFailure } from '../support/browser';
import { runTag } from '../support/register-kit';
import {
  addServiceThroughApi,
  cleanUp,
  seedCustomerWithMachines,
  todayInWarsaw,
  type SeededCustomer,
} from '../support/service-kit';

/*
 * A phone, 390 px wide (ui.md: every screen stays usable at 390 px): an administrator opens every
 * screen, every tab of a machine card and of "Moje konto", and a service protocol. Each fits the
 * screen's width: what is wider (a table) scrolls inside its own box, never the whole page sideways.
 * The lists hold rows (a customer, a machine, a service event), so their tables are as wide as
 * with data.
 */

const PHONE = { width: 390, height: 844 };
const tag = runTag();

let browser: Browser;
let context: BrowserContext;
let page: Page;
let seeded: SeededCustomer | undefined;
let serviceId: number;
const admin = { email: inject('adminEmail'), password: inject('adminPassword') };

/** How far the page reaches past the screen's right edge (0 when it fits). */
const overflow = () =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Waits until the screen's heading is shown and no list on it is still loading. */
async function settled() {
  await page.getByRole('heading', { level: 2 }).first().waitFor();
  await expect.poll(() => page.getByText(MSG.loading).count(), { timeout: 15_000 }).toBe(0);
}

/** Opens each tab of the screen in turn; answers the tabs that push the page wider, with how far. */
async function tabsThatOverflow(): Promise<string[]> {
  const wide: string[] = [];
  for (const name of await page.getByRole('tab').allTextContents()) {
    await page.getByRole('tab', { name, exact: true }).click();
    await page.getByRole('tabpanel').first().waitFor();
    await settled();
    const past = await overflow();
    if (past > 0) wide.push(`${name}: ${past} px`);
  }
  return wide;
}

describe('phone journey: every screen fits 390 px', () => {
  stopAtFirstFailure(() => page);

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await page.setViewportSize(PHONE);
    await loginAs(page, admin.email, admin.password);
    seeded = await seedCustomerWithMachines(
      context,
      {
        customer: { shortName: `Telefon ${tag}`, fullName: 'Odlewnia „Telefon” Sp. z o.o.' },
        category: `Wtryskarki ${tag}`,
        tag,
      },
      [{ name: `Wtryskarka pionowa ${tag}`, extra: { transferDate: '2024-03-01', warrantyLength: 24 } }],
    );
    ({ id: serviceId } = await addServiceThroughApi(context, {
      date: todayInWarsaw(),
      customerId: seeded.customer,
      deviceIds: seeded.machines,
      type: ['NAPRAWA'],
      faultDescription: 'Wyciek oleju z siłownika docisku formy, wymiana uszczelnień',
      isToSign: true,
    }));
  });

  afterAll(async () => {
    if (context) {
      if (seeded) await cleanUp(context, seeded);
      await context.close();
    }
    await browser?.close();
  });

  it('shows every list and form within the screen', async () => {
    const wide: string[] = [];
    for (const path of [
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
      '/statistics',
      '/logs',
      '/userList',
      '/userAdd',
      '/tutorials',
      '/map',
      `/serviceProtocol?id=${serviceId}`,
    ]) {
      await page.goto(path);
      await settled();
      const past = await overflow();
      if (past > 0) wide.push(`${path}: ${past} px`);
    }
    expect(wide).toEqual([]);
    // The lists did have rows to show (the table is as wide as with data).
    await page.goto('/servicesList');
    await page
      .getByRole('cell', { name: `Telefon ${tag}` })
      .first()
      .waitFor();
  });

  it("shows each tab of the machine card and of the customer's card within the screen", async () => {
    await page.goto(`/machineEdit?id=${seeded!.machines[0]}&prev=machineList`);
    await settled();
    expect(await tabsThatOverflow()).toEqual([]);
    await page.goto(
      `/customerEdit?id=${seeded!.customer}&shortName=${encodeURIComponent(`Telefon ${tag}`)}`,
    );
    await settled();
    await page.getByRole('cell', { name: `Wtryskarka pionowa ${tag}` }).waitFor();
    expect(await overflow()).toBe(0);
  });

  it('shows each tab of "Moje konto" within the screen, the tabs across the top', async () => {
    await page.goto('/myAccount');
    await settled();
    expect(await page.getByRole('tablist').getAttribute('aria-orientation')).toBe('horizontal');
    expect(await tabsThatOverflow()).toEqual([]);
  });
});
