import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, loginAs, newPage, stopAtFirstFailure } from '../support/browser';
import {
  apiCall,
  chooseFile,
  downloadedBytes,
  expectPath,
  openMachineFilters,
  runTag,
} from '../support/register-kit';
import { openNavigationMenu } from '../support/service-kit';

/*
 * Bulk import as an administrator brings a register in from Excel: the dialog offers an empty
 * template with the columns it matches; a 1,000-machine CSV with three bad rows is refused as a
 * whole with a report, the rows are fixed, the second import brings all 1,000 in (creating the
 * customer and category it names), and the machines are in the list; the list's own CSV, edited,
 * comes back by its ids without a duplicate, and so does the customer list's own CSV, by short name.
 */

const tag = runTag();
const customer = `Import ${tag}`;
const category = `Lasery ${tag}`;
const ROWS = 1000;
const HEADER =
  'Id;Status;Nazwa;Kontrahent;Kategoria;S/N;Moc;Data;Gwarancja;Ulica;Kod pocztowy;Miasto;Województwo';

/** Lines 2..1001 of the file; `broken` spoils three of them (file lines 101, 502 and 1001). */
function machineCsv(broken: boolean): Buffer {
  const lines = [HEADER];
  for (let i = 1; i <= ROWS; i++) {
    let name = `Laser ${tag} ${String(i).padStart(4, '0')}`;
    let date = '2024-05-01';
    let province = 'mazowieckie';
    if (broken && i === 100) name = 'AB';
    if (broken && i === 501) date = '31.02.2024';
    if (broken && i === 1000) province = 'Bawaria';
    lines.push(
      `;Produkcja;${name};${customer};${category};SN-${tag}-${i};3 kW;${date};24 mies. Pełna;ul. Długa ${i};00-001;Warszawa;${province}`,
    );
  }
  // Excel's "CSV UTF-8": BOM, semicolons, CRLF.
  return Buffer.from('\uFEFF' + lines.join('\r\n') + '\r\n', 'utf8');
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
const admin = { email: inject('adminEmail'), password: inject('adminPassword') };

const dialog = () => page.getByRole('dialog', { name: 'Import maszyn z pliku CSV lub XLSX' });

async function chooseCsv(content: Buffer) {
  await chooseFile(page, dialog().getByRole('button', { name: 'Plik CSV lub XLSX' }), {
    name: 'maszyny.csv',
    mimeType: 'text/csv',
    buffer: content,
  });
  await dialog().getByRole('table', { name: 'Podgląd pliku' }).waitFor({ timeout: 30_000 });
}

describe('import journey: a 1,000-machine CSV', () => {
  stopAtFirstFailure(() => page);

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await loginAs(page, admin.email, admin.password);
  });

  afterAll(async () => {
    if (context) {
      // Leave the shared server as we found it.
      const machines = await apiCall<{ id: number }[]>(context, 'POST', '/api/device/getByFilter', {
        customer,
      }).catch(() => []);
      for (const m of machines)
        await apiCall(context, 'DELETE', `/api/device/delete/${m.id}`).catch(() => {});
      const customers = await apiCall<{ id: number; shortName: string }[]>(
        context,
        'GET',
        `/api/customer/findAll?page=1&size=10&q=${encodeURIComponent(customer)}`,
      ).catch(() => []);
      for (const c of customers.filter((c) => c.shortName === customer))
        await apiCall(context, 'DELETE', `/api/customer/delete/${c.id}`).catch(() => {});
      const categories = await apiCall<{ id: number; name: string }[]>(
        context,
        'GET',
        '/api/category/findAll',
      ).catch(() => []);
      for (const c of categories.filter((c) => c.name === category))
        await apiCall(context, 'DELETE', `/api/category/delete/${c.id}`).catch(() => {});
      await context.close();
    }
    await browser?.close();
  });

  it("says so beside the button when the dialog's code is gone (a release since the list opened), and keeps the list", async () => {
    await openNavigationMenu(page, 'Maszyny', 'Lista maszyn');
    await expectPath(page, '/machineList');
    await page.getByText(/^Rekordów: /).waitFor();
    // The dialog's script of the build this tab started from is no longer on the server.
    await page.route('**/assets/import-dialog-*.js', (route) => route.fulfill({ status: 404, body: '' }));
    await page.getByRole('button', { name: 'Importuj z CSV' }).click();
    await page.getByRole('alert').filter({ hasText: 'Nie udało się wczytać tego ekranu.' }).waitFor();
    // The list stays, under its heading and with its table.
    await page.getByRole('heading', { name: 'Lista maszyn' }).waitFor();
    await page.getByRole('table').first().waitFor();
    await page.unroute('**/assets/import-dialog-*.js');
    await page.reload();
  });

  it('previews the file with its columns matched and the three bad rows named', async () => {
    await openNavigationMenu(page, 'Maszyny', 'Lista maszyn');
    await expectPath(page, '/machineList');
    await page.getByRole('button', { name: 'Importuj z CSV' }).click();
    // Before a file: the template, an empty file with the columns the import matches.
    const template = page.waitForEvent('download');
    await dialog().getByRole('link', { name: 'Pobierz wzór pliku (CSV)' }).click();
    const saved = await template;
    expect(saved.suggestedFilename()).toBe('wzor-importu-maszyn.csv');
    expect((await downloadedBytes(saved)).toString('utf8')).toBe(
      '\uFEFFStatus;Nazwa;Kontrahent;Kategoria;S/N;Moc;Data;Gwarancja;Okres gwarancji;Ulica;Kod pocztowy;Miasto;Województwo\r\n',
    );
    await chooseCsv(machineCsv(true));
    await expect(dialog().getByRole('combobox', { name: 'Pole kolumny S/N' }).inputValue()).resolves.toBe(
      'S/N',
    );
    // The file has the list export's header line, so its Id column is this register's ids (empty
    // here: every row is a new machine).
    await expect(dialog().getByRole('combobox', { name: 'Pole kolumny Id' }).inputValue()).resolves.toBe(
      'Id',
    );
    // The customer and category do not exist yet: every row says so until the user ticks the box.
    await dialog().getByText(`Błędy w ${ROWS} wierszach`, { exact: false }).first().waitFor();
    await dialog().getByRole('checkbox', { name: 'Utwórz brakujących kontrahentów i kategorie' }).check();
    await dialog().getByText('Błędy w 3 wierszach (3)').waitFor();
    await dialog()
      .getByText(`Plik maszyny.csv: wierszy ${ROWS}, do dodania 997, do aktualizacji 0.`)
      .waitFor();
  });

  it('refuses the whole file and offers the report of the bad rows', async () => {
    await dialog().getByRole('button', { name: 'Importuj' }).click();
    await dialog()
      .getByText('Import przerwany: błędy w 3 wierszach. Nie zapisano żadnego wiersza.')
      .waitFor({ timeout: 60_000 });
    const download = page.waitForEvent('download');
    await dialog().getByRole('link', { name: 'Pobierz raport błędów (CSV)' }).click();
    const report = (await downloadedBytes(await download)).toString('utf8');
    const lines = report
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Wiersz;Kolumna;Wartość;Błąd');
    expect(lines.slice(1).map((l) => l.split(';').slice(0, 2).join(';'))).toEqual([
      '101;Nazwa',
      '502;Data',
      '1001;Województwo',
    ]);
    // Nothing of the file was written: no machine, no customer.
    const machines = await apiCall<unknown[]>(context, 'POST', '/api/device/getByFilter', { customer });
    expect(machines).toEqual([]);
  });

  it('imports the fixed file, all 1,000 rows at once', async () => {
    await dialog().getByRole('button', { name: 'Wybierz inny plik' }).click();
    await chooseCsv(machineCsv(false));
    await dialog().getByText('Wszystkie wiersze są poprawne.').waitFor();
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/device/import');
    await dialog().getByRole('button', { name: 'Importuj' }).click();
    await dialog().getByText('Import zakończony').waitFor({ timeout: 60_000 });
    // The dialog asked for the import's steps as the server goes, and got them as a stream (the
    // lines themselves: imports.progress.test.ts; Chromium keeps no copy of a streamed body).
    const streamed = await answer;
    expect(new URL(streamed.url()).searchParams.get('progress')).toBe('ndjson');
    expect(streamed.status()).toBe(200);
    expect(streamed.headers()['content-type']).toMatch(/^application\/x-ndjson/);
    await dialog()
      .getByText(/Zaimportowano: dodano 1000, zaktualizowano 0\./)
      .waitFor();
    await dialog().getByRole('button', { name: 'Zamknij', exact: true }).click();
    await dialog().waitFor({ state: 'hidden' });
  });

  it('finds the imported machines in the list', async () => {
    await page.getByLabel('Szukaj').fill(`SN-${tag}-501`);
    await page.getByRole('row', { name: new RegExp(`^Laser ${tag} 0501 \\(id \\d+\\)`) }).waitFor();
    await page.getByText('Rekordów: 1', { exact: true }).waitFor();
    await page.getByLabel('Szukaj').fill(`Laser ${tag}`);
    await page.getByText(`Rekordów: ${ROWS}`, { exact: true }).waitFor();
  });

  it('takes back the list’s own CSV, edited, by its ids: the edited machine updated, the others found as they are, none added', async () => {
    // "Pobierz CSV" sits in the filter panel: the file holds the list as searched (this run's 1,000).
    const filters = await openMachineFilters(page);
    const download = page.waitForEvent('download');
    await filters.getByRole('button', { name: 'Pobierz CSV' }).click();
    const exported = (await downloadedBytes(await download)).toString('utf8');
    const lines = exported
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(ROWS + 1);
    // Edited as in Excel: one machine renamed and its serial number cleared, which only its id
    // still names.
    const edited = lines.map((line) =>
      line.includes(`;Laser ${tag} 0007;`)
        ? line.replace(`Laser ${tag} 0007`, `Laser ${tag} siódmy`).replace(`SN-${tag}-7;`, ';')
        : line,
    );
    expect(edited.join()).toContain(`Laser ${tag} siódmy`);
    await page.getByRole('button', { name: 'Importuj z CSV' }).click();
    await chooseCsv(Buffer.from('\uFEFF' + edited.join('\r\n') + '\r\n', 'utf8'));
    await dialog()
      .getByText(`Plik maszyny.csv: wierszy ${ROWS}, do dodania 0, do aktualizacji 1, bez zmian 999.`)
      .waitFor();
    await dialog().getByRole('button', { name: 'Importuj' }).click();
    await dialog()
      .getByText(/Zaimportowano: dodano 0, zaktualizowano 1, bez zmian 999\./)
      .waitFor({ timeout: 60_000 });
    await dialog().getByRole('button', { name: 'Zamknij', exact: true }).click();
    await page.getByLabel('Szukaj').fill(`Laser ${tag} siódmy`);
    await page.getByText('Rekordów: 1', { exact: true }).waitFor();
    await page.getByLabel('Szukaj').fill(`Laser ${tag}`);
    await page.getByText(`Rekordów: ${ROWS}`, { exact: true }).waitFor();
  });

  it('takes the customer list’s own CSV back, edited: the customer updated, none added', async () => {
    await openNavigationMenu(page, 'Kontrahenci', 'Lista kontrahentów');
    await page.getByLabel('Szukaj').fill(customer);
    await page.getByText('Rekordów: 1', { exact: true }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Pobierz CSV' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('kontrahenci.csv');
    const lines = (await downloadedBytes(saved))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Nazwa skrócona;Nazwa pełna;Ulica;Kod pocztowy;Miejscowość;Województwo;NIP;REGON;Telefon;E-mail',
      `${customer};;;;;;;;;`,
    ]);
    await page.getByRole('button', { name: 'Importuj z CSV' }).click();
    const customerDialog = page.getByRole('dialog', { name: 'Import kontrahentów z pliku CSV lub XLSX' });
    await chooseFile(page, customerDialog.getByRole('button', { name: 'Plik CSV lub XLSX' }), {
      name: 'kontrahenci.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${lines[0]}\r\n${customer};;;;Gdańsk;pomorskie;;;;\r\n`, 'utf8'),
    });
    await customerDialog
      .getByText('Plik kontrahenci.csv: wierszy 1, do dodania 0, do aktualizacji 1.')
      .waitFor({ timeout: 30_000 });
    await customerDialog.getByRole('button', { name: 'Importuj' }).click();
    await customerDialog.getByText(/Zaimportowano: dodano 0, zaktualizowano 1/).waitFor({ timeout: 30_000 });
    await customerDialog.getByRole('button', { name: 'Zamknij', exact: true }).click();
    await page
      .getByRole('row', { name: new RegExp(`^Kontrahent ${customer} `) })
      .getByText('Gdańsk')
      .waitFor();
  });
});
