import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { field, launchBrowser, loginAs, newPage, stopAtFirstFailure } from '../support/browser';
import {
  apiCall,
  chooseFile,
  chooseOption,
  downloadedBytes,
  expectAlert,
  expectInlinePdfPreview,
  expectPath,
  itemTexts,
  makePdf,
  makePng,
  openMachineFilters,
  pickDate,
  runTag,
} from '../support/register-kit';
import { openNavigationMenu as openMenuItem } from '../support/service-kit';

/*
 * The register from end to end, as a new member of staff would build it: a customer, a category
 * with its service operations, an own and an external machine, and the own machine's card with
 * nameplate, files, parameters, a note and a part. Refusals and deletes are in register-deletes.e2e.ts.
 */

const tag = runTag();
const records = {
  customer: {
    shortName: `Łódź Stal ${tag}`,
    fullName: 'Zakłady Stalowe „Łódź” Sp. z o.o.',
    streetAddress: 'ul. Piotrkowska 120',
    zipCode: '90-006',
    city: 'Łódź',
    province: 'łódzkie',
    nip: '7251234567',
    regon: '471234567',
    phoneNumber: '+48 42 600 70 80',
    email: `biuro.${tag.toLowerCase()}@stal-lodz.pl`,
  },
  category: `Zgrzewarki ${tag}`,
  ownMachine: `Zgrzewarka ZX-${tag}`,
  ownSerial: `SN-${tag}-01`,
  externalMachine: `Kompresor obcy ${tag}`,
  png: { name: `tabliczka-${tag}.png`, mimeType: 'image/png', buffer: makePng() },
  pdf: { name: `instrukcja-${tag}.pdf`, mimeType: 'application/pdf', buffer: makePdf('Instrukcja obslugi') },
  parameter: {
    name: `nastawy-łuku-${tag}.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from('L1=230 V\nL2=231 V\n', 'utf8'),
  },
  ownMachineUrl: '',
  customerId: 0,
  categoryId: 0,
};

let browser: Browser;
let context: BrowserContext;
let page: Page;
const admin = { email: inject('adminEmail'), password: inject('adminPassword') };

const openNavigationMenu = (menu: string, item: string) => openMenuItem(page, menu, item);

async function fillCustomer(values: typeof records.customer) {
  await field(page, 'Nazwa skrócona').fill(values.shortName);
  await field(page, 'Nazwa pełna').fill(values.fullName);
  await field(page, 'Ulica').fill(values.streetAddress);
  await field(page, 'Kod pocztowy').fill(values.zipCode);
  await field(page, 'Miejscowość').fill(values.city);
  await chooseOption(page, page, 'Województwo', values.province);
  await field(page, 'NIP').fill(values.nip);
  await field(page, 'REGON').fill(values.regon);
  await field(page, 'Telefon').fill(values.phoneNumber);
  await field(page, 'E-mail').fill(values.email);
}

/** The machine form of /machineAdd and /machineExternalAdd with a newly typed name. */
async function fillMachine(name: string, extra: { serial: string; date?: string; months?: string }) {
  await page.getByRole('button', { name: 'Wpisz nową nazwę' }).click();
  await field(page, 'Nazwa (nowa)').fill(name);
  await chooseOption(page, page, 'Kategoria', records.category);
  await chooseOption(
    page,
    page,
    'Kontrahent',
    `${records.customer.shortName} (${records.customer.fullName})`,
  );
  await field(page, 'Numer seryjny').fill(extra.serial);
  await field(page, 'Moc źródła').fill('400 A');
  if (extra.date) await pickDate(page, page, 'Data przekazania', extra.date);
  if (extra.months) await field(page, 'Długość gwarancji (miesiące)').fill(extra.months);
  await field(page, 'Rodzaj gwarancji').fill('pełna');
  await field(page, 'Ulica').fill('ul. Hutnicza 5');
  await field(page, 'Kod pocztowy').fill('44-100');
  await field(page, 'Miasto').fill('Gliwice');
  await chooseOption(page, page, 'Województwo', 'śląskie');
}

async function searchList(text: string) {
  await field(page, 'Szukaj').fill(text);
}

const tabPanel = () => page.getByRole('tabpanel');

async function openTab(name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
}

async function uploadThroughModal(
  addButton: string,
  modalTitle: string,
  fileLabel: string,
  file: { name: string; mimeType: string; buffer: Buffer },
  check?: (modal: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.getByRole('button', { name: addButton }).click();
  const modal = page.getByRole('dialog', { name: modalTitle });
  await chooseFile(page, field(modal, fileLabel), file);
  await check?.(modal);
  await modal.getByRole('button', { name: 'Dodaj', exact: true }).click();
  await modal.waitFor({ state: 'hidden' });
}

describe('register journey: customer, category, machines and the machine card', () => {
  stopAtFirstFailure(() => page);

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
  });

  afterAll(async () => {
    // Leave the shared server as we found it, whatever step stopped the journey.
    if (context && records.customerId) {
      const machines = await apiCall<{ id: number }[]>(
        context,
        'GET',
        `/api/device/findByCustomer/${records.customerId}`,
      ).catch(() => []);
      for (const { id } of machines)
        await apiCall(context, 'DELETE', `/api/device/delete/${id}`).catch(() => {});
      await apiCall(context, 'DELETE', `/api/customer/delete/${records.customerId}`).catch(() => {});
    }
    if (context && records.categoryId) {
      await apiCall(context, 'DELETE', `/api/category/delete/${records.categoryId}`).catch(() => {});
    }
    await context?.close();
    await browser?.close();
  });

  it('adds a customer, refusing a two-letter short name and a second customer of the same name', async () => {
    await loginAs(page, admin.email, admin.password);
    await openNavigationMenu('Kontrahenci', 'Dodaj kontrahenta');
    await expectPath(page, '/customerAdd');

    await field(page, 'Nazwa skrócona').fill('AB');
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await page.getByText('Nazwa skrócona musi mieć minimum 3 znaki').waitFor();
    const shortName = field(page, 'Nazwa skrócona');
    await expect(shortName.getAttribute('aria-invalid')).resolves.toBe('true');
    // The message belongs to its field: the input is described by it.
    const describedBy = (await shortName.getAttribute('aria-describedby')) ?? '';
    const descriptions = await page.evaluate(
      (ids) => ids.map((id) => document.getElementById(id)?.textContent ?? ''),
      describedBy.split(' ').filter(Boolean),
    );
    expect(descriptions).toContain('Nazwa skrócona musi mieć minimum 3 znaki');
    expect(new URL(page.url()).pathname).toBe('/customerAdd');

    await fillCustomer(records.customer);
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await expectPath(page, '/customerList');
    await expectAlert(page, 'Dodano kontrahenta.');

    await page.getByRole('button', { name: 'Dodaj kontrahenta' }).click();
    await expectPath(page, '/customerAdd');
    await fillCustomer({ ...records.customer, fullName: 'Inna firma o tej samej nazwie' });
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await expectAlert(page, 'Kontrahent z podaną nazwą już istnieje.');
    expect(new URL(page.url()).pathname).toBe('/customerAdd');
  });

  it('finds the customer in the list through the search box', async () => {
    // The refused customer is still typed in the form: the back arrow asks before dropping it.
    await page.getByRole('button', { name: 'Wstecz' }).click();
    await page
      .getByRole('dialog', { name: 'Niezapisane zmiany' })
      .getByRole('button', { name: 'Odrzuć zmiany' })
      .click();
    await expectPath(page, '/customerList');
    await searchList(records.customer.shortName);
    const row = page.getByRole('row', {
      name: new RegExp(`^Kontrahent ${records.customer.shortName} \\(id \\d+\\)$`),
    });
    await row.waitFor();
    await expect.poll(() => page.getByRole('row', { name: /^Kontrahent / }).count()).toBe(1);
    await expect(row.textContent()).resolves.toContain(records.customer.nip);
    records.customerId = Number(/id (\d+)/.exec((await row.getAttribute('aria-label')) ?? '')?.[1]);
    expect(records.customerId).toBeGreaterThan(0);
  });

  it('adds a category and orders its service operations, one with two measurement fields', async () => {
    await openNavigationMenu('Kategorie', 'Dodaj kategorię');
    await expectPath(page, '/categoryAdd');
    await field(page, 'Nazwa kategorii').fill(records.category);
    await page.getByRole('button', { name: 'Dodaj', exact: true }).click();
    await expectPath(page, '/categoryList');
    await expectAlert(page, 'Dodano kategorię.');

    await searchList(records.category);
    await page
      .getByRole('row', { name: new RegExp(`^Kategoria ${records.category} \\(id \\d+\\)$`) })
      .click();
    await expectPath(page, '/categoryEdit');
    records.categoryId = Number(new URL(page.url()).searchParams.get('id'));
    await expect(field(page, 'Nazwa kategorii').inputValue()).resolves.toBe(records.category);
    await openTab('Czynności serwisowe');

    const addOperation = async (name: string, fields: [string, string][] = []) => {
      await page.getByRole('button', { name: 'Dodaj czynność' }).click();
      const modal = page.getByRole('dialog', { name: 'Nowa czynność serwisowa' });
      await field(modal, 'Nazwa czynności').fill(name);
      for (const [index, [fieldName, unit]] of fields.entries()) {
        await modal.getByRole('button', { name: 'Dodaj pole' }).click();
        await field(modal, 'Nazwa pola').nth(index).fill(fieldName);
        await field(modal, 'Jednostka').nth(index).fill(unit);
      }
      await modal.getByRole('button', { name: 'Zapisz' }).click();
      await modal.waitFor({ state: 'hidden' });
      await tabPanel().getByRole('listitem').filter({ hasText: name }).waitFor();
    };
    await addOperation('Kontrola przewodów');
    await addOperation('Pomiar napięcia', [
      ['L1', 'V'],
      ['L2', 'V'],
    ]);
    await addOperation('Czyszczenie filtrów');
    await page.getByRole('button', { name: 'Przesuń w górę: Czyszczenie filtrów' }).click();
    await expect
      .poll(async () => (await itemTexts(tabPanel())).map((t) => t.split('\n')[0]))
      .toEqual(['1. Kontrola przewodów', '2. Czyszczenie filtrów', '3. Pomiar napięcia']);
  });

  it('keeps the operation order and the measurement fields after a reload', async () => {
    // Each action saves the whole list; wait until the last save has been answered.
    await expect.poll(() => page.getByRole('button', { name: 'Dodaj czynność' }).isEnabled()).toBe(true);
    await page.reload();
    await openTab('Czynności serwisowe');
    await tabPanel().getByRole('listitem').first().waitFor();
    const lines = (await itemTexts(tabPanel())).map((t) => t.split('\n')[0]);
    expect(lines).toEqual(['1. Kontrola przewodów', '2. Czyszczenie filtrów', '3. Pomiar napięcia']);
    const table = page.getByRole('table', { name: 'Pola pomiarowe: Pomiar napięcia' });
    const cells = await table
      .getByRole('row')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('td, th')].map((cell) => cell.textContent?.trim())),
      );
    expect(cells).toEqual([
      ['Nazwa pola', 'Jednostka'],
      ['L1', 'V'],
      ['L2', 'V'],
    ]);
    await expect(page.getByRole('table', { name: /^Pola pomiarowe: / }).count()).resolves.toBe(1);
    await expect(page.locator('body').innerText()).resolves.not.toContain('@dodatkowePola');
  });

  it('adds an own machine with a new name, a handover date and 24 months of warranty', async () => {
    await openNavigationMenu('Maszyny', 'Dodaj maszynę');
    await expectPath(page, '/machineAdd');
    await page.getByRole('heading', { name: 'Dodawanie nowej maszyny' }).waitFor();
    await fillMachine(records.ownMachine, { serial: records.ownSerial, date: '2025-03-14', months: '24' });
    await expect(page.getByRole('button', { name: /^Data przekazania/ }).textContent()).resolves.toBe(
      '2025-03-14',
    );
    // Exactly: beside it is "Zapisz i dodaj kolejną".
    await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await expectPath(page, '/machineList');
    await expectAlert(page, 'Zapisano');
  });

  it('adds an external machine', async () => {
    await openNavigationMenu('Maszyny zewnętrzne', 'Dodaj maszynę zewnętrzną');
    await expectPath(page, '/machineExternalAdd');
    await page.getByRole('heading', { name: 'Dodawanie nowej maszyny zewnętrznej' }).waitFor();
    await fillMachine(records.externalMachine, { serial: `EXT-${tag}` });
    // Exactly: beside it is "Zapisz i dodaj kolejną".
    await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await expectPath(page, '/machineExternalList');
    await expectAlert(page, 'Zapisano');
  });

  it('shows each machine only in its own list', async () => {
    const rows = () =>
      page.getByRole('row', { name: new RegExp(`\\(id \\d+\\), ${records.customer.shortName}$`) });
    await searchList(tag);
    await expect.poll(async () => rows().allTextContents(), { timeout: 10_000 }).toHaveLength(1);
    await expect(rows().first().textContent()).resolves.toContain(records.externalMachine);

    await openNavigationMenu('Maszyny', 'Lista maszyn');
    await expectPath(page, '/machineList');
    await searchList(tag);
    await expect.poll(async () => rows().allTextContents(), { timeout: 10_000 }).toHaveLength(1);
    const own = rows().first();
    const text = (await own.textContent()) ?? '';
    for (const expected of [
      records.ownMachine,
      records.ownSerial,
      records.category,
      '2025-03-14',
      '24 mies. pełna',
      'śląskie',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(records.externalMachine);
  });

  it("opens the own machine's card and uploads a nameplate photo, shown full-screen", async () => {
    await page.getByRole('row', { name: new RegExp(`^${records.ownMachine} \\(id \\d+\\)`) }).click();
    await expectPath(page, '/machineEdit');
    const query = new URL(page.url()).searchParams;
    expect(query.get('prev')).toBe('machineList');
    expect(Number(query.get('customerId'))).toBe(records.customerId);
    records.ownMachineUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    await page.getByRole('heading', { name: `Szczegóły maszyny: ${records.ownMachine}` }).waitFor();
    await page.getByRole('tab', { name: 'Tabliczki znamionowe', selected: true }).waitFor();

    // Refused first: no file at all, then a file that is not a photo.
    await page.getByRole('button', { name: 'Dodaj tabliczkę znamionową' }).click();
    const modal = page.getByRole('dialog', { name: 'Dodawanie tabliczki znamionowej' });
    await modal.getByRole('button', { name: 'Dodaj', exact: true }).click();
    await modal.getByText('Nie wybrano pliku!').waitFor();
    await chooseFile(page, field(modal, 'Zdjęcie tabliczki'), records.pdf);
    await modal.getByRole('button', { name: 'Dodaj', exact: true }).click();
    await modal.getByText('Tabliczka znamionowa musi być zdjęciem (jpg, jpeg, png, gif lub bmp).').waitFor();
    await chooseFile(page, field(modal, 'Zdjęcie tabliczki'), records.png);
    await modal.getByRole('button', { name: 'Dodaj', exact: true }).click();
    await modal.waitFor({ state: 'hidden' });
    await expectAlert(page, 'Dodano plik.');
    const card = page.getByRole('article', { name: records.png.name });
    const cardBox = await card.boundingBox();
    expect([Math.round(cardBox!.width), Math.round(cardBox!.height)]).toEqual([240, 250]);

    await page.getByRole('button', { name: `Powiększ: ${records.png.name}` }).click();
    const viewer = page.getByRole('dialog', { name: records.png.name });
    const photo = viewer.getByRole('img', { name: records.png.name });
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(48);
    const box = await viewer.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(1270);
    expect(box?.height).toBeGreaterThanOrEqual(890);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });

    // A second photo: the cards stand side by side, neither covering the other (they did, in a grid
    // of the screen's width narrower than a card), and each one's buttons take a click.
    await page.getByRole('button', { name: 'Dodaj tabliczkę znamionową' }).click();
    await chooseFile(page, field(modal, 'Zdjęcie tabliczki'), records.png);
    await modal.getByRole('button', { name: 'Dodaj', exact: true }).click();
    await modal.waitFor({ state: 'hidden' });
    const cards = page.getByRole('article', { name: records.png.name });
    await expect.poll(() => cards.count()).toBe(2);
    const [first, second] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
    const apart = second!.x >= first!.x + first!.width || second!.y >= first!.y + first!.height;
    expect(apart).toBe(true);
    const panel = await page.getByRole('tabpanel').boundingBox();
    expect(first!.x).toBeGreaterThanOrEqual(panel!.x);
    for (const index of [0, 1]) {
      await cards
        .nth(index)
        .getByRole('button', { name: `Usuń: ${records.png.name}` })
        .click({ trial: true, timeout: 5000 });
    }
  });

  it('uploads a PDF under "Pliki" and previews it inline', async () => {
    await openTab('Pliki');
    await uploadThroughModal('Dodaj plik', 'Dodawanie pliku', 'Plik', records.pdf, (modal) =>
      field(modal, 'Opis').fill('Instrukcja obsługi'),
    );
    const row = page.getByRole('row', { name: records.pdf.name });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Instrukcja obsługi');

    await expectInlinePdfPreview(
      page,
      records.pdf.name,
      page.getByRole('button', { name: `Podgląd: ${records.pdf.name}` }),
    );
  });

  it('shows how much of a large file has gone on a slow link, then lists it', async () => {
    const large = {
      name: `dokumentacja-${tag}.zip`,
      mimeType: 'application/zip',
      buffer: crypto.randomBytes(3 * 1024 * 1024),
    };
    // A site's connection: 512 kB/s up, so the 3 MB take about six seconds.
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.enable');
    await devtools.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 512 * 1024,
    });
    try {
      await page.getByRole('button', { name: 'Dodaj plik' }).click();
      const modal = page.getByRole('dialog', { name: 'Dodawanie pliku' });
      await chooseFile(page, field(modal, 'Plik'), large);
      await modal.getByRole('button', { name: 'Dodaj', exact: true }).click();
      const shown: { percent: number; text: string }[] = [];
      await expect
        .poll(
          async () => {
            // The bar and its text read at one moment: the upload moves on between two reads.
            const reading = await modal.evaluate((dialog) => ({
              percent: Number(
                dialog
                  .querySelector('[role="progressbar"][aria-label="Postęp wysyłania pliku"]')
                  ?.getAttribute('aria-valuenow') ?? Number.NaN,
              ),
              text:
                Array.from(dialog.querySelectorAll('p'))
                  .map((p) => p.textContent ?? '')
                  .find((text) => text.startsWith('Wysłano ')) ?? '',
            }));
            shown.push(reading);
            return reading.percent;
          },
          { timeout: 15_000, interval: 250 },
        )
        .toBeGreaterThanOrEqual(30);
      // The button, disabled while it sends, does not take the focus out of the dialog with it.
      await expect(
        page.evaluate(() =>
          document.activeElement?.closest('[role="dialog"]')?.getAttribute('aria-labelledby'),
        ),
      ).resolves.toBeTruthy();
      const midway = shown.find(({ percent }) => percent > 0 && percent < 100)!;
      expect(midway.text).toMatch(/^Wysłano [\d,]+ (KB|MB) z 3 MB \(\d{1,2}%\)$/);
      expect(midway.text).toContain(`(${midway.percent}%)`);
      await modal.waitFor({ state: 'hidden', timeout: 30_000 });
    } finally {
      await devtools.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await devtools.detach();
    }
    const row = page.getByRole('row', { name: large.name });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('3 MB');
  });

  it('uploads a parameter file described by its name, and downloads it on preview', async () => {
    await openTab('Parametry');
    const baseName = records.parameter.name.replace(/\.txt$/, '');
    await uploadThroughModal(
      'Dodaj parametr',
      'Dodawanie parametru',
      'Plik',
      records.parameter,
      async (modal) => {
        await expect(field(modal, 'Opis').inputValue()).resolves.toBe(baseName);
      },
    );
    const row = page.getByRole('row', { name: records.parameter.name });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(baseName);
    await expect(
      page.getByRole('button', { name: `Podgląd: ${records.parameter.name}` }).count(),
    ).resolves.toBe(0);

    const download = page.waitForEvent('download');
    await row.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(records.parameter.name);
    expect((await downloadedBytes(file)).equals(records.parameter.buffer)).toBe(true);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
  });

  it("adds a note that shows its author's name", async () => {
    await openTab('Notatki');
    await page.getByRole('button', { name: 'Dodaj notatkę' }).click();
    const modal = page.getByRole('dialog', { name: 'Nowa notatka' });
    const text = `Wymieniono dyszę ${tag}; klient prosi o kontakt przed przeglądem.`;
    await field(modal, 'Treść notatki').fill(text);
    await modal.getByRole('button', { name: 'Zapisz' }).click();
    await modal.waitFor({ state: 'hidden' });
    const note = tabPanel().getByRole('article').filter({ hasText: text });
    await note.waitFor();
    const author = (await page.getByTestId('current-user').textContent())!.replace(' (admin)', '');
    await expect(note.textContent()).resolves.toContain(author);
  });

  it('adds a part with its name, serial number, producer and description', async () => {
    await openTab('Części');
    await page.getByRole('button', { name: 'Dodaj część' }).click();
    const modal = page.getByRole('dialog', { name: 'Nowa część' });
    await field(modal, 'Nazwa').fill('Palnik MIG 350');
    await field(modal, 'Numer seryjny').fill(`PAL-${tag}`);
    await field(modal, 'Producent').fill('Spawmet Śrem');
    await field(modal, 'Opis').fill('Zamontowany przy uruchomieniu');
    await modal.getByRole('button', { name: 'Zapisz' }).click();
    await modal.waitFor({ state: 'hidden' });
    const cells = await page.getByRole('row', { name: 'Palnik MIG 350' }).getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 4)).toEqual([
      'Palnik MIG 350',
      `PAL-${tag}`,
      'Spawmet Śrem',
      'Zamontowany przy uruchomieniu',
    ]);
  });

  it('finds the machine by its part, typed with other spacing, and opens it on its parts', async () => {
    await openNavigationMenu('Maszyny', 'Lista maszyn');
    await expectPath(page, '/machineList');
    const panel = await openMachineFilters(page);
    // As a recall notice prints it: other separators and case than the part was typed with.
    await field(panel, 'Część').fill(`pal ${tag.toLowerCase()}`);
    await panel.getByRole('button', { name: 'Szukaj' }).click();
    const rows = () => page.getByRole('row', { name: /\(id \d+\), / });
    await expect.poll(async () => rows().allTextContents(), { timeout: 10_000 }).toHaveLength(1);
    await rows().first().click();
    await page.getByRole('tab', { name: 'Części', exact: true, selected: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('activeTab')).toBe('equipments');
    await page.getByRole('row', { name: 'Palnik MIG 350' }).waitFor();
    // Back on the list, the filter is cleared for the steps after this one.
    await openNavigationMenu('Maszyny', 'Lista maszyn');
    await (await openMachineFilters(page)).getByRole('button', { name: 'Wyczyść filtry' }).click();
    await page.getByText('(aktywne)').waitFor({ state: 'hidden' });
    // The next step starts on the untouched card.
    await page.goto(records.ownMachineUrl);
    await page.getByRole('tab', { name: 'Części', exact: true }).waitFor();
  });

  it('leaves an untouched card at once, and asks before a menu link or a reload drops a typed change', async () => {
    const question = page.getByRole('dialog', { name: 'Niezapisane zmiany' });
    await openNavigationMenu('Kontrahenci', 'Lista kontrahentów');
    await expectPath(page, '/customerList');
    await expect(question.count()).resolves.toBe(0);

    await page.goto(records.ownMachineUrl);
    const city = field(page, 'Miasto');
    await city.fill('Kielce');
    await openNavigationMenu('Kontrahenci', 'Lista kontrahentów');
    await question.getByText('Zmian w formularzu nie zapisano. Odrzucić je?').waitFor();
    await question.getByRole('button', { name: 'Wróć do formularza' }).click();
    await question.waitFor({ state: 'hidden' });
    await expectPath(page, '/machineEdit');
    await expect(city.inputValue()).resolves.toBe('Kielce');

    // A reload lets the browser ask; staying keeps the typing.
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.type();
      void dialog.dismiss();
    });
    await page.evaluate(() => window.location.reload());
    await expect.poll(() => asked).toBe('beforeunload');
    await expect(city.inputValue()).resolves.toBe('Kielce');

    await openNavigationMenu('Kontrahenci', 'Lista kontrahentów');
    await question.getByRole('button', { name: 'Odrzuć zmiany' }).click();
    await expectPath(page, '/customerList');
    const saved = await apiCall<{ city: string }>(
      context,
      'GET',
      `/api/device/findById/${new URL(records.ownMachineUrl, 'http://x').searchParams.get('id')}`,
    );
    expect(saved.city).not.toBe('Kielce');
  });
});
