import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  field,
  launchBrowser,
  loginAs,
  mainNavigation,
  newPage,
  stopAtFirstFailure,
} from '../support/browser';
import { pdfText as readPdfText } from '../../apps/server/test/pdf-reader';
import { pdfText } from '../support/protocol-kit';
import {
  apiCall,
  chooseOption,
  downloadedBytes,
  expectPath,
  machineFilterPanel,
  machineFilterToggle,
  openMachineFilters,
  pickDate,
  runTag,
} from '../support/register-kit';

/*
 * The machine list as staff use it every day: filters by status, province and handover dates, the
 * free-text search, a filter state that survives leaving the screen, the CSV export, and the same
 * list on a 768 px tablet. The machines are made through the API: this journey is about the list.
 */

const tag = runTag();
const customer = { shortName: `Huta Śląsk ${tag}`, fullName: 'Huta „Śląsk” S.A.' };
const category = `Prasy ${tag}`;

interface Seed {
  name: string;
  status: string;
  province: string;
  transferDate: string;
  city: string;
}

/** Four machines the filters tell apart, and nine more so that the list has a second page. */
const seeds: Seed[] = [
  {
    name: `Prasa Ł-1 ${tag}`,
    status: 'BROKEN',
    province: 'mazowieckie',
    transferDate: '2024-02-10',
    city: 'Warszawa',
  },
  {
    name: `Prasa Ł-2 ${tag}`,
    status: 'OK',
    province: 'śląskie',
    transferDate: '2024-06-20',
    city: 'Katowice',
  },
  {
    name: `Prasa Ł-3 ${tag}`,
    status: 'BROKEN',
    province: 'śląskie',
    transferDate: '2025-01-15',
    city: 'Gliwice',
  },
  {
    name: `Prasa Ł-4 ${tag}`,
    status: 'DANGER',
    province: 'mazowieckie',
    transferDate: '2025-05-05',
    city: 'Płock',
  },
  ...Array.from({ length: 9 }, (_, i) => ({
    name: `Prasa seria ${i + 1} ${tag}`,
    status: 'PRODUCTION',
    province: 'łódzkie',
    transferDate: `2023-0${i + 1}-01`,
    city: 'Łódź',
  })),
];

let browser: Browser;
let context: BrowserContext;
let page: Page;
let customerId = 0;
let categoryId = 0;
const machineIds: number[] = [];
const admin = { email: inject('adminEmail'), password: inject('adminPassword') };

/** The names of this journey's machines in the table, in display order. */
async function shownMachines() {
  const labels = await page
    .getByRole('row', { name: new RegExp(`\\(id \\d+\\), ${customer.shortName}$`) })
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/ \(id \d+\),.*$/, ''));
}

const names = (...numbers: number[]) => numbers.map((n) => seeds[n - 1].name);
const filterToggle = () => machineFilterToggle(page);
const filterPanel = () => machineFilterPanel(page);

/** Clears the panel, narrows it to this journey's customer, applies `more`, and presses Szukaj. */
async function filterBy(more: (panel: Locator) => Promise<void> = async () => {}) {
  const panel = await openMachineFilters(page);
  const clear = panel.getByRole('button', { name: 'Wyczyść filtry' });
  if (await clear.isEnabled()) await clear.click();
  await chooseOption(page, panel, 'Kontrahent', customer.shortName);
  await more(panel);
  await panel.getByRole('button', { name: 'Szukaj' }).click();
}

/** Exactly these machines show (ties of the status-weight order may come either way). */
async function expectShown(expected: string[]) {
  await expect
    .poll(async () => (await shownMachines()).sort(), { timeout: 10_000 })
    .toEqual([...expected].sort());
  await page.getByText(`Rekordów: ${expected.length}`, { exact: true }).waitFor();
}

describe('register journey: the machine list', () => {
  stopAtFirstFailure(() => page);

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await loginAs(page, admin.email, admin.password);
    customerId = (await apiCall<{ id: number }>(context, 'POST', '/api/customer/insert', customer)).id;
    categoryId = (await apiCall<{ id: number }>(context, 'POST', '/api/category/insert', { name: category }))
      .id;
    for (const seed of seeds) {
      const saved = await apiCall<{ id: number }>(context, 'POST', '/api/device/insert', {
        ...seed,
        category: { id: categoryId },
        customer: { id: customerId },
        serialNumber: `SN-${seed.name.replace(/\W+/g, '')}`,
        sourcePower: '250 kN',
        warrantyLength: 24,
        warranty: 'pełna',
        streetAddress: 'ul. Żelazna 7',
        zipCode: '00-001',
        type: 'INTERNAL',
      });
      machineIds.push(saved.id);
    }
  });

  afterAll(async () => {
    // Leave the shared server as we found it, whatever step stopped the journey.
    if (context) {
      for (const id of machineIds)
        await apiCall(context, 'DELETE', `/api/device/delete/${id}`).catch(() => {});
      if (customerId) await apiCall(context, 'DELETE', `/api/customer/delete/${customerId}`).catch(() => {});
      if (categoryId) await apiCall(context, 'DELETE', `/api/category/delete/${categoryId}`).catch(() => {});
      await context.close();
    }
    await browser?.close();
  });

  it('narrows the list to one customer and shows that filters are in force', async () => {
    await mainNavigation(page).getByRole('button', { name: 'Maszyny', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Lista maszyn' }).click();
    await expectPath(page, '/machineList');
    await page.getByTestId('filters-chevron').waitFor();
    await expect(filterToggle().textContent()).resolves.not.toContain('aktywne');

    await filterBy();
    await page.getByText('Rekordów: 13', { exact: true }).waitFor();
    // Sorted by status weight: the nine in production (1) lead, then Ok (4); page 2 holds the failures.
    const firstPage = await shownMachines();
    expect(firstPage.slice(0, 9).sort()).toEqual(names(5, 6, 7, 8, 9, 10, 11, 12, 13).sort());
    expect(firstPage[9]).toBe(seeds[1].name);
    await expect(filterToggle().textContent()).resolves.toContain('(aktywne)');
    const chevron = page.getByTestId('filters-chevron-active');
    const look = await chevron.evaluate((svg) => ({
      double: svg.getAttribute('class') ?? '',
      stroke: getComputedStyle(svg).stroke,
      red: getComputedStyle(document.body).getPropertyValue('--mantine-color-red-7').trim(),
    }));
    expect(look.double).toMatch(/tabler-icon-chevrons-(up|down)/);
    expect(look.red).toBe('#f03e3e');
    expect(look.stroke).toBe('rgb(240, 62, 62)');
  });

  it('filters by status, by province and by a range of handover dates', async () => {
    await filterBy((panel) => chooseOption(page, panel, 'Status', 'Awaria'));
    await expectShown(names(1, 3));
    // The badge's word carries the status, so it must be readable in full, not cut to "AWA…".
    const badges = page.getByRole('cell').getByText('Awaria', { exact: true });
    await expect(badges.count()).resolves.toBe(2);
    const clipped = await badges.evaluateAll((labels) => labels.map((l) => l.scrollWidth > l.clientWidth));
    expect(clipped).toEqual([false, false]);

    await filterBy((panel) => chooseOption(page, panel, 'Województwo', 'mazowieckie'));
    await expectShown(names(1, 4));

    await filterBy(async (panel) => {
      await pickDate(page, panel, 'Data od', '2024-01-01');
      await pickDate(page, panel, 'Data do', '2024-12-31');
    });
    await expectShown(names(1, 2));
    for (const seed of seeds.slice(0, 2)) {
      const row = page.getByRole('row', { name: new RegExp(`^${seed.name} \\(id \\d+\\)`) });
      await expect(row.textContent()).resolves.toContain(seed.transferDate);
    }
  });

  it('searches the filtered list with the search box', async () => {
    await filterBy();
    await page.getByText('Rekordów: 13', { exact: true }).waitFor();
    // Three letters or digits in a row look inside the texts ("ł-3" alone would match their start).
    await field(page, 'Szukaj').fill(`ł-3 ${tag.toLowerCase()}`);
    await expectShown(names(3));
    await field(page, 'Szukaj').fill('Katowice');
    await expectShown(names(2));
    await field(page, 'Szukaj').fill('');
    await page.getByText('Rekordów: 13', { exact: true }).waitFor();
  });

  it('keeps the filters and the page after leaving the list and coming back', async () => {
    await page.getByRole('button', { name: 'Strona 2' }).click();
    await expect.poll(async () => (await shownMachines()).sort()).toEqual(names(1, 3, 4).sort());
    const secondPage = await shownMachines();
    await expect(page.getByRole('button', { name: 'Strona 2' }).getAttribute('aria-current')).resolves.toBe(
      'page',
    );

    await mainNavigation(page).getByRole('link', { name: 'Serwis' }).click();
    await expectPath(page, '/home');
    await mainNavigation(page).getByRole('button', { name: 'Maszyny', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Lista maszyn' }).click();
    await expectPath(page, '/machineList');

    await expect.poll(shownMachines, { timeout: 10_000 }).toEqual(secondPage);
    await expect(page.getByRole('button', { name: 'Strona 2' }).getAttribute('aria-current')).resolves.toBe(
      'page',
    );
    await page.getByText('Rekordów: 13', { exact: true }).waitFor();
    await page.getByTestId('filters-chevron-active').waitFor();
    const panel = await openMachineFilters(page);
    await expect(panel.getByRole('combobox', { name: 'Kontrahent' }).inputValue()).resolves.toBe(
      customer.shortName,
    );
  });

  it('comes back where the list was scrolled after a reload, once its rows are back', async () => {
    const short = await newPage(browser);
    try {
      const { page: tab } = short;
      await tab.setViewportSize({ width: 1280, height: 420 });
      await loginAs(tab, admin.email, admin.password);
      await tab.goto('/machineList');
      await tab
        .getByRole('row', { name: /\(id \d+\), / })
        .first()
        .waitFor();
      const pager = tab.getByRole('button', { name: 'Strona 2' });
      await pager.scrollIntoViewIfNeeded();
      const scrolled = await tab.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(200);

      await tab.reload();
      await tab
        .getByRole('row', { name: /\(id \d+\), / })
        .first()
        .waitFor();
      await expect.poll(() => tab.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(scrolled);
      await expect(pager.isVisible()).resolves.toBe(true);
    } finally {
      await short.context.close();
    }
  });

  it('downloads maszyny.csv in UTF-8 with a BOM, semicolons and Polish letters intact', async () => {
    const download = page.waitForEvent('download');
    await filterPanel().getByRole('button', { name: 'Pobierz CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('maszyny.csv');
    const bytes = await downloadedBytes(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'Id;Status;Nazwa;Kontrahent;Kategoria;S/N;Moc;Data;Gwarancja;Ulica;Kod pocztowy;Miasto;Województwo',
    );
    expect(lines).toHaveLength(1 + seeds.length);
    const first = lines.find((line) => line.includes(seeds[0].name))!.split(';');
    expect(first.slice(1, 5)).toEqual(['Awaria', seeds[0].name, customer.shortName, category]);
    expect(first.slice(7)).toEqual([
      '2024-02-10',
      '24 mies. pełna',
      'ul. Żelazna 7',
      '00-001',
      'Warszawa',
      'mazowieckie',
    ]);
    expect(lines.some((line) => line.endsWith(';Łódź;łódzkie'))).toBe(true);
  });

  it('prints the list across an A4 page with every column, without the bars and the controls', async () => {
    const shown = await shownMachines();
    expect(shown.length).toBeGreaterThan(0);
    // As Ctrl+P lays the page out (the app's print rules, app/print.css).
    await page.emulateMedia({ media: 'print' });
    try {
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      const text = pdfText(pdf);
      // A long name wraps inside its cell: compared without the line breaks and spaces.
      const flat = text.replace(/\s+/g, '');
      // The table's last columns too: they were cut at the page's right edge.
      for (const heading of ['Kontrahent', 'Kategoria', 'Gwarancja', 'Miasto', 'Województwo']) {
        expect(text).toContain(heading);
      }
      for (const name of shown) expect(flat).toContain(name.replace(/\s+/g, ''));
      // The top bar, the footer, the pager and the search box stay on the screen.
      for (const control of ['Wyloguj', 'Polityka prywatności', 'Na stronie', 'Szukaj', 'Strona 2']) {
        expect(text).not.toContain(control);
      }
      // Every page across (A4 landscape): no portrait page left blank after the table (a part of
      // the page named otherwise started one).
      const pages = [...pdf.toString('latin1').matchAll(/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)];
      expect(pages.length).toBeGreaterThan(0);
      for (const [, width, height] of pages) {
        expect([Math.round(Number(width)), Math.round(Number(height))]).toEqual([842, 595]);
      }
      // The table starts under the open filter panel and its headings head every page it goes on
      // to ("Nazwa" is no filter's label); here the rows take two pages.
      expect(readPdfText(pdf, 'layout').match(/\bNazwa\b/g)).toHaveLength(pages.length);
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });

  it('on the narrowest desktop with the whole bar (1200 px), keeps every menu on one line', async () => {
    await page.setViewportSize({ width: 1200, height: 900 });
    try {
      const navigation = mainNavigation(page);
      await navigation.getByRole('button', { name: 'Maszyny zewnętrzne' }).waitFor();
      const bar = await navigation.evaluate((element) => {
        const header = element.closest('header') ?? element;
        const controls = [...header.querySelectorAll<HTMLElement>('button, a')].filter(
          (control) => control.getBoundingClientRect().width > 0,
        );
        return {
          overflow: header.scrollWidth - header.clientWidth,
          tallest: Math.max(...controls.map((control) => control.getBoundingClientRect().height)),
          bottom: Math.max(...controls.map((control) => control.getBoundingClientRect().bottom)),
          height: header.getBoundingClientRect().height,
        };
      });
      expect(bar.overflow).toBe(0);
      // One line of text each: "Maszyny zewnętrzne" broke in two, 61 px high in a 60 px bar.
      expect(bar.tallest).toBeLessThan(48);
      expect(bar.bottom).toBeLessThanOrEqual(bar.height + 0.5);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('on a 768 px tablet, folds the navigation into the menu button and scrolls only the table', async () => {
    const tablet = await newPage(browser);
    try {
      const { page: small } = tablet;
      await small.setViewportSize({ width: 768, height: 1024 });
      await loginAs(small, admin.email, admin.password);
      await small.goto('/machineList');
      const machineRow = small.getByRole('row', { name: /\(id \d+\), / }).first();
      await machineRow.waitFor();

      const navigation = mainNavigation(small);
      await expect(
        navigation.getByRole('button', { name: 'Maszyny', exact: true }).isVisible(),
      ).resolves.toBe(false);
      await navigation.getByRole('button', { name: 'Menu' }).click();
      const drawer = small.getByRole('dialog', { name: 'Serwis' });
      await drawer.getByRole('link', { name: 'Lista kontrahentów', exact: true }).click();
      await drawer.waitFor({ state: 'hidden' });
      await expectPath(small, '/customerList');
      await navigation.getByRole('button', { name: 'Menu' }).click();
      await drawer.getByRole('link', { name: 'Lista maszyn', exact: true }).click();
      await drawer.waitFor({ state: 'hidden' });
      await expectPath(small, '/machineList');
      await machineRow.waitFor();

      const sizes = await small
        .getByRole('table')
        .first()
        .evaluate((table) => {
          const viewport = table.closest('.mantine-ScrollArea-viewport') as HTMLElement;
          const before = viewport.scrollLeft;
          viewport.scrollLeft = 400;
          return {
            page: {
              scroll: document.documentElement.scrollWidth,
              client: document.documentElement.clientWidth,
            },
            table: {
              scroll: viewport.scrollWidth,
              client: viewport.clientWidth,
              moved: viewport.scrollLeft - before,
            },
          };
        });
      expect(sizes.page.scroll).toBeLessThanOrEqual(sizes.page.client);
      expect(sizes.table.scroll).toBeGreaterThan(sizes.table.client);
      expect(sizes.table.moved).toBeGreaterThan(0);
    } finally {
      await tablet.context.close();
    }
  });
});
