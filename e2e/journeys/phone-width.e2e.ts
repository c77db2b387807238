import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { field, launchBrowser, loginAs, newPage, stopAtFirstFailure } from '../support/browser';
import { openMachineFilters, runTag } from '../support/register-kit';
import { eachTab, SCREENS_WITHOUT_ID, screenSettled } from '../support/screens';
import {
  addServiceThroughApi,
  endJourney,
  seedMachineWithRepair,
  companyToday,
  type SeededRepair,
} from '../support/service-kit';

/*
 * A phone, 390 px wide with a touch screen (ui.md: every screen stays usable at 390 px, touch
 * targets of at least 40 px): an administrator opens every screen, every tab of a machine card and
 * of "Moje konto", and a service protocol. Each fits the screen's width: what is wider (a table)
 * scrolls inside its own box, never the whole page sideways. Every button, tab and page number is at
 * least 40 px each way, a checkbox or a radio at least 24 px (its label takes a tap too), and a
 * sortable column's whole header is its sort button. The lists hold rows (a customer, a machine, a
 * service event), so their tables are as wide as with data.
 */

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };
/** The least a finger's target measures, in CSS px: controls, and boxes with a label beside them. */
const CONTROL_PX = 40;
const BOX_PX = 24;
const tag = runTag();

let browser: Browser;
let context: BrowserContext;
let page: Page;
let seeded: SeededRepair | undefined;
const admin = { email: inject('adminEmail'), password: inject('adminPassword') };

/** How far the page reaches past the screen's right edge (0 when it fits). */
const overflow = () =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The visible controls smaller than a finger's target: buttons (the table headers' sort buttons
 * among them), tabs and page numbers under 40 px, checkboxes and radios under 24 px.
 */
const smallTargets = () =>
  page.evaluate(
    ({ control, box }) => {
      const small: string[] = [];
      const measure = (selector: string, least: number) => {
        for (const element of document.querySelectorAll<HTMLElement>(selector)) {
          const { width, height } = element.getBoundingClientRect();
          if (width === 0 || height === 0 || Math.min(width, height) >= least - 0.5) continue;
          const name = element.getAttribute('aria-label') || element.textContent?.trim() || selector;
          small.push(`${name.slice(0, 40)} ${Math.round(width)}×${Math.round(height)}`);
        }
      };
      measure('button, [role="tab"], [role="menuitem"], [role="option"]', control);
      measure('input[type="checkbox"], input[type="radio"]', box);
      // A sortable header sorts on a tap anywhere in it (ui.md): its button is the whole cell.
      for (const cell of document.querySelectorAll<HTMLElement>('th:has(.data-table-sort)')) {
        const th = cell.getBoundingClientRect();
        const button = cell.querySelector('.data-table-sort')!.getBoundingClientRect();
        if (th.width === 0) continue;
        if (Math.abs(th.width - button.width) > 1.5 || Math.abs(th.height - button.height) > 1.5)
          small.push(
            `header ${cell.textContent} ${Math.round(button.width)}×${Math.round(button.height)} in ${Math.round(th.width)}×${Math.round(th.height)}`,
          );
      }
      return small;
    },
    { control: CONTROL_PX, box: BOX_PX },
  );

/** What does not fit a phone on the screen shown: the page's overflow and the small targets. */
async function misfits(where: string): Promise<string[]> {
  const past = await overflow();
  return [
    ...(past > 0 ? [`${where}: ${past} px too wide`] : []),
    ...(await smallTargets()).map((t) => `${where}: ${t}`),
  ];
}

describe('phone journey: every screen fits 390 px', () => {
  stopAtFirstFailure(() => page);

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, PHONE));
    await loginAs(page, admin.email, admin.password);
    seeded = await seedMachineWithRepair(
      context,
      {
        customer: `Telefon ${tag}`,
        fullName: 'Odlewnia „Telefon” Sp. z o.o.',
        category: `Wtryskarki ${tag}`,
        machine: `Wtryskarka pionowa ${tag}`,
      },
      tag,
    );
  });

  afterAll(() => endJourney(browser, context, seeded));

  it('shows every list and form within the screen, with controls a finger can hit', async () => {
    const found: string[] = [];
    for (const path of [...SCREENS_WITHOUT_ID, '/statistics', `/serviceProtocol?id=${seeded!.serviceId}`]) {
      await page.goto(path);
      await screenSettled(page);
      found.push(...(await misfits(path)));
    }
    expect(found).toEqual([]);
    // The lists did have rows to show (the table is as wide as with data).
    await page.goto('/servicesList');
    await page
      .getByRole('cell', { name: `Telefon ${tag}` })
      .first()
      .waitFor();
  });

  it("shows each tab of the machine card and of the customer's card within the screen", async () => {
    await page.goto(`/machineEdit?id=${seeded!.machines[0]}&prev=machineList`);
    await screenSettled(page);
    expect(await eachTab(page, misfits)).toEqual([]);
    await page.goto(`/customerEdit?id=${seeded!.customer}&shortName=${encodeURIComponent(`Telefon ${tag}`)}`);
    await screenSettled(page);
    await page.getByRole('cell', { name: `Wtryskarka pionowa ${tag}` }).waitFor();
    expect(await misfits('/customerEdit')).toEqual([]);
  });

  it("keeps a service event's buttons on the screen while its table is wider than the phone", async () => {
    await page.goto(`/machineEdit?id=${seeded!.machines[0]}&prev=machineList&activeTab=service`);
    await screenSettled(page);
    const actions = page.getByRole('button', { name: /^Akcje: zdarzenie / });
    await actions.waitFor();
    const table = await page.getByRole('table').boundingBox();
    const scrolled = await page
      .getByRole('table')
      .evaluate(
        (element) =>
          element.scrollWidth > (element.closest('.mantine-ScrollArea-viewport')?.clientWidth ?? 0),
      );
    expect(scrolled).toBe(true);
    // Not scrolled: the button stands inside the screen, over the row's other columns.
    const button = (await actions.boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(PHONE.viewport.width);
    expect(button.x).toBeGreaterThan(table!.x);
    // Its column stands flush with the table's box: no strip of the scrolled cells beside it.
    const gaps = await page.getByRole('table').evaluate((element) => {
      const box = element.closest('.mantine-ScrollArea-viewport')!.getBoundingClientRect();
      return [...element.querySelectorAll('.data-table-sticky-end')].map((cell) =>
        Math.round(box.right - cell.getBoundingClientRect().right),
      );
    });
    expect(gaps.length).toBeGreaterThan(1);
    expect(new Set(gaps)).toEqual(new Set([0]));
    // Its menu's choices are a finger's targets too.
    await actions.click();
    await page.getByRole('menuitem').first().waitFor();
    expect(await misfits('menu')).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it("leaves the customer's signature pad uncovered wherever it is scrolled to", async () => {
    const { id: unsigned } = await addServiceThroughApi(context, {
      date: companyToday(),
      customerId: seeded!.customer,
      deviceIds: seeded!.machines,
      type: ['NAPRAWA'],
      faultDescription: 'Do podpisania na miejscu',
      isToSign: false,
    });
    await page.goto(`/serviceProtocol?id=${unsigned}`);
    await screenSettled(page);
    const pad = page.getByRole('img', { name: 'Podpis klienta' });
    await pad.waitFor();
    // Scrolled until the pad's foot meets the screen's, as a finger brings it up; then every
    // point of it the finger may touch is the pad itself, not a bar over it.
    const covered = await pad.evaluate((canvas) => {
      const box = canvas.getBoundingClientRect();
      window.scrollBy(0, box.bottom - window.innerHeight + 48);
      const now = canvas.getBoundingClientRect();
      const points: string[] = [];
      for (const y of [0.1, 0.5, 0.9])
        for (const x of [0.1, 0.5, 0.9]) {
          const at = document.elementFromPoint(now.left + now.width * x, now.top + now.height * y);
          if (at !== canvas) points.push(`${x},${y}: ${at?.tagName}.${at?.className}`);
        }
      return points;
    });
    expect(covered).toEqual([]);
  });

  it("opens a select's options a finger can hit", async () => {
    await page.goto('/machineList');
    await screenSettled(page);
    // Unfolded whole first: a field clipped by the unfolding panel hides the list opened on it.
    await openMachineFilters(page);
    // The field (its list of options is labelled by the same words).
    await field(page, 'Kategoria').first().click();
    await page.getByRole('option').first().waitFor();
    expect(await page.getByRole('option').count()).toBeGreaterThan(0);
    expect(await misfits('options')).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it("opens a date picker's calendar with days, arrows, months and years a finger can hit", async () => {
    await page.goto('/machineList');
    await screenSettled(page);
    // Unfolded whole first: a field clipped by the unfolding panel hides the list opened on it.
    await openMachineFilters(page);
    await field(page, 'Data od').click();
    const picker = page.locator('[role="dialog"][data-dates-dropdown]').last();
    await picker.getByRole('button', { name: 'Wybierz miesiąc' }).waitFor();
    // The month's days, its arrows and its level, measured.
    expect(await picker.getByRole('button').count()).toBeGreaterThan(30);
    const found = await misfits('days');
    await picker.getByRole('button', { name: 'Wybierz miesiąc' }).click();
    await picker.getByRole('button', { name: 'Wybierz rok' }).waitFor();
    found.push(...(await misfits('months')));
    await picker.getByRole('button', { name: 'Wybierz rok' }).click();
    await picker.getByText(/^\d{4} – \d{4}$/).waitFor();
    found.push(...(await misfits('years')));
    expect(found).toEqual([]);
  });

  it('shows each tab of "Moje konto" within the screen, the tabs across the top', async () => {
    await page.goto('/myAccount');
    await screenSettled(page);
    expect(await page.getByRole('tablist').getAttribute('aria-orientation')).toBe('horizontal');
    expect(await eachTab(page, misfits)).toEqual([]);
  });
});
