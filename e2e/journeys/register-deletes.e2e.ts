import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  field,
  launchBrowser,
  loginAs,
  mainNavigation,
  newPage,
  stopAtFirstFailure,
} from '../support/browser';
import { apiCall, confirmDeletion, expectAlert, expectPath, makePdf, runTag } from '../support/register-kit';
import { openNavigationMenu as openMenuItem } from '../support/service-kit';

/*
 * Deletes and refusals in the register: an employee without admin rights may look but not delete
 * a machine or a file, nor edit a customer; the administrator cannot delete a customer who still
 * has machines, and then removes a file, the machines, the customer and the category in turn.
 * The records are made through the API; the journey is about taking them apart.
 */

const tag = runTag();
const customer = {
  shortName: `Kraków Mech ${tag}`,
  fullName: 'Mechanika Kraków Sp. j.',
  city: 'Kraków',
  phoneNumber: '+48 12 300 40 50',
};
const category = `Frezarki ${tag}`;
const ownMachine = `Frezarka FX-${tag}`;
const externalMachine = `Tokarka obca ${tag}`;
const pdfName = `schemat-${tag}.pdf`;
const employee = {
  userName: 'Serwisant',
  firstName: 'Piotr',
  lastName: 'Nowak',
  email: `piotr.nowak.${tag.toLowerCase()}@firma.pl`,
  country: 'Polska',
  password: `Serwis-${tag}-2024`,
};

let browser: Browser;
let context: BrowserContext;
let page: Page;
const ids = { customer: 0, category: 0, own: 0, external: 0 };
const admin = { email: inject('adminEmail'), password: inject('adminPassword') };

const ownCardUrl = () => `/machineEdit?id=${ids.own}&customerId=${ids.customer}&prev=machineList`;

const openNavigationMenu = (menu: string, item: string) => openMenuItem(page, menu, item);

/** From the customer list, through the search box, to the customer's card. */
async function openCustomer(on: Page) {
  await field(on, 'Szukaj').fill(customer.shortName);
  await on.getByRole('row', { name: new RegExp(`^Kontrahent ${customer.shortName} \\(id \\d+\\)$`) }).click();
  await expectPath(on, '/customerEdit');
}

async function openFilesTab(on: Page) {
  await on.getByRole('tab', { name: 'Pliki', exact: true }).click();
  await on.getByRole('row', { name: pdfName }).waitFor();
}

describe('register journey: refusals and deletes', () => {
  stopAtFirstFailure(() => page);

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await loginAs(page, admin.email, admin.password);
    ids.customer = (await apiCall<{ id: number }>(context, 'POST', '/api/customer/insert', customer)).id;
    ids.category = (
      await apiCall<{ id: number }>(context, 'POST', '/api/category/insert', { name: category })
    ).id;
    const machine = (name: string) => ({
      name,
      category: { id: ids.category },
      customer: { id: ids.customer },
      serialNumber: `SN-${tag}`,
      province: 'małopolskie',
      city: 'Kraków',
    });
    ids.own = (await apiCall<{ id: number }>(context, 'POST', '/api/device/insert', machine(ownMachine))).id;
    ids.external = (
      await apiCall<{ id: number }>(context, 'POST', '/api/device-external/insert', machine(externalMachine))
    ).id;
    const upload = await context.request.post('/api/file/add', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      multipart: {
        fileJson: {
          name: 'fileJson',
          mimeType: 'application/json',
          buffer: Buffer.from(
            JSON.stringify({
              device: { id: ids.own },
              type: 'MACHINE_FILE',
              filename: pdfName,
              description: 'Schemat',
            }),
          ),
        },
        file: { name: pdfName, mimeType: 'application/pdf', buffer: makePdf('Schemat elektryczny') },
      },
    });
    expect(upload.status()).toBe(201);
    await apiCall(context, 'POST', '/api/user/insert', employee);
  });

  afterAll(async () => {
    // Whatever step stopped the journey, leave the shared server as we found it.
    if (context) {
      for (const id of [ids.own, ids.external]) {
        if (id) await apiCall(context, 'DELETE', `/api/device/delete/${id}`).catch(() => {});
      }
      if (ids.customer)
        await apiCall(context, 'DELETE', `/api/customer/delete/${ids.customer}`).catch(() => {});
      if (ids.category)
        await apiCall(context, 'DELETE', `/api/category/delete/${ids.category}`).catch(() => {});
      await context.close();
    }
    await browser?.close();
  });

  it('offers an employee no delete of the machine or its file and shows him the customer read-only; the API refuses them all the same', async () => {
    const own = await newPage(browser);
    try {
      const user = own.page;
      await loginAs(user, employee.email, employee.password);
      await mainNavigation(user).getByRole('button', { name: 'Maszyny', exact: true }).click();
      await user.getByRole('menuitem', { name: 'Lista maszyn', exact: true }).click();
      await field(user, 'Szukaj').fill(tag);
      await user.getByRole('row', { name: new RegExp(`^${ownMachine} \\(id ${ids.own}\\)`) }).click();
      await expectPath(user, '/machineEdit');
      await user.getByRole('heading', { name: `Szczegóły maszyny: ${ownMachine}` }).waitFor();
      // domain.md: the browser hides what the server refuses (deleting machines and files).
      await user.getByRole('button', { name: 'Zapisz' }).waitFor();
      await expect(user.getByRole('button', { name: 'Usuń maszynę' }).count()).resolves.toBe(0);

      await openFilesTab(user);
      await user.getByRole('row', { name: pdfName }).waitFor();
      await expect(user.getByRole('button', { name: `Usuń: ${pdfName}` }).count()).resolves.toBe(0);

      await mainNavigation(user).getByRole('button', { name: 'Kontrahenci', exact: true }).click();
      await user.getByRole('menuitem', { name: 'Lista kontrahentów', exact: true }).click();
      await openCustomer(user);
      await user.getByText('Dane kontrahenta może zmieniać tylko administrator.').waitFor();
      await expect(field(user, 'Nazwa pełna').inputValue()).resolves.toBe(customer.fullName);
      await expect(field(user, 'Telefon').getAttribute('readonly')).resolves.not.toBeNull();
      await expect(user.getByRole('button', { name: 'Zapisz' }).count()).resolves.toBe(0);
      await expect(user.getByRole('button', { name: 'Usuń kontrahenta' }).count()).resolves.toBe(0);

      // The same requests sent anyway, with his session: 403 and the spec's message, nothing done.
      const refused = async (method: 'PUT' | 'DELETE', url: string, data?: unknown) => {
        const response = await own.context.request.fetch(url, {
          method,
          data,
          headers: { 'X-Requested-With': 'XMLHttpRequest' },
        });
        expect(response.status(), `${method} ${url}`).toBe(403);
        expect((await response.json()).message).toBe('Brak uprawnień do tej operacji.');
      };
      const files = await apiCall<{ id: number }[]>(
        own.context,
        'GET',
        `/api/file/findByDeviceAndType/${ids.own}/MACHINE_FILE`,
      );
      await refused('DELETE', `/api/device/delete/${ids.own}`);
      await refused('DELETE', `/api/file/delete/${files[0]!.id}`);
      const shown = await apiCall<Record<string, unknown>>(
        own.context,
        'GET',
        `/api/customer/findById/${ids.customer}`,
      );
      await refused('PUT', '/api/customer/update', { ...shown, phoneNumber: '+48 12 000 00 00' });
    } finally {
      await own.context.close();
    }
    // Nothing the employee tried has changed a thing.
    const saved = await apiCall<{ phoneNumber: string }>(
      context,
      'GET',
      `/api/customer/findById/${ids.customer}`,
    );
    expect(saved.phoneNumber).toBe(customer.phoneNumber);
    const files = await apiCall<unknown[]>(
      context,
      'GET',
      `/api/file/findByDeviceAndType/${ids.own}/MACHINE_FILE`,
    );
    expect(files).toHaveLength(1);
    await apiCall(context, 'GET', `/api/device/findById/${ids.own}`);
  });

  it('refuses the administrator deleting a customer who still has machines', async () => {
    await openNavigationMenu('Kontrahenci', 'Lista kontrahentów');
    await openCustomer(page);
    const machines = page.getByRole('tabpanel', { name: 'Maszyny' });
    await machines.getByText(ownMachine).waitFor();
    await machines.getByText(externalMachine).waitFor();
    // Not asked, but told what keeps the customer.
    await page.getByRole('button', { name: 'Usuń kontrahenta' }).click();
    const refusal = page.getByRole('dialog', { name: 'Nie można usunąć' });
    await refusal
      .getByText(
        'Kontrahenta nie można teraz usunąć. Powiązane z nim dane: 2 maszyny. Najpierw przenieś je do innego kontrahenta lub je usuń.',
      )
      .waitFor();
    await refusal.getByRole('button', { name: 'Zamknij' }).click();
    await refusal.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/customerEdit');
    // The server refuses it all the same, in the spec's words (a client that does not ask first).
    const response = await context.request.fetch(`/api/customer/delete/${ids.customer}`, {
      method: 'DELETE',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(response.status()).toBe(409);
    expect((await response.json()).message).toBe(
      'Błąd! Sprawdź czy z kontrahentem są powiązane zależności (maszyny itp.). Musisz je najpierw usunąć!',
    );
  });

  it('deletes a file after confirmation in a modal', async () => {
    await page.goto(ownCardUrl());
    await openFilesTab(page);
    await page.getByRole('button', { name: `Usuń: ${pdfName}` }).click();
    const question = await confirmDeletion(page);
    expect(question).toContain(`Czy na pewno chcesz usunąć plik „${pdfName}”?`);
    await page.getByRole('row', { name: pdfName }).waitFor({ state: 'detached' });
    await page.getByRole('tabpanel').getByText('Brak danych').waitFor();
    const files = await apiCall<unknown[]>(
      context,
      'GET',
      `/api/file/findByDeviceAndType/${ids.own}/MACHINE_FILE`,
    );
    expect(files).toHaveLength(0);
  });

  it('deletes both machines from their cards', async () => {
    await page.getByRole('button', { name: 'Usuń maszynę' }).click();
    await confirmDeletion(page, 'Usuń maszynę');
    await expectPath(page, '/machineList');
    await expectAlert(page, 'Usunięto maszynę.');

    await openNavigationMenu('Maszyny zewnętrzne', 'Lista maszyn zewnętrznych');
    await field(page, 'Szukaj').fill(tag);
    await page.getByRole('row', { name: new RegExp(`^${externalMachine} \\(id ${ids.external}\\)`) }).click();
    await expectPath(page, '/machineExternalEdit');
    await page.getByRole('button', { name: 'Usuń maszynę' }).click();
    await confirmDeletion(page, 'Usuń maszynę');
    await expectPath(page, '/machineExternalList');
    await expectAlert(page, 'Usunięto maszynę.');
    await expect
      .poll(() => page.getByRole('row', { name: new RegExp(`^${externalMachine} `) }).count())
      .toBe(0);
    await expect(
      context.request.get(`/api/device/findById/${ids.own}`).then((r) => r.status()),
    ).resolves.toBe(404);
    await expect(
      context.request.get(`/api/device/findById/${ids.external}`).then((r) => r.status()),
    ).resolves.toBe(404);
  });

  it('then deletes the customer and the category', async () => {
    await openNavigationMenu('Kontrahenci', 'Lista kontrahentów');
    await openCustomer(page);
    await page.getByRole('tabpanel', { name: 'Maszyny' }).getByText('Brak danych').waitFor();
    await page.getByRole('button', { name: 'Usuń kontrahenta' }).click();
    await confirmDeletion(page);
    await expectPath(page, '/customerList');
    await expectAlert(page, 'Usunięto kontrahenta.');
    await expect
      .poll(() => page.getByRole('row', { name: new RegExp(`^Kontrahent ${customer.shortName} `) }).count())
      .toBe(0);

    await openNavigationMenu('Kategorie', 'Lista kategorii');
    await field(page, 'Szukaj').fill(category);
    await page
      .getByRole('row', { name: new RegExp(`^Kategoria ${category} \\(id ${ids.category}\\)$`) })
      .click();
    await expectPath(page, '/categoryEdit');
    await page.getByRole('button', { name: 'Usuń kategorię' }).click();
    const question = await confirmDeletion(page);
    expect(question).toContain(`Czy na pewno chcesz usunąć kategorię ${category}?`);
    await expectPath(page, '/categoryList');
    await expectAlert(page, 'Usunięto kategorię.');
    await expect
      .poll(() => page.getByRole('row', { name: new RegExp(`^Kategoria ${category} `) }).count())
      .toBe(0);

    const left = await Promise.all([
      context.request.get(`/api/customer/findById/${ids.customer}`).then((r) => r.status()),
      context.request.get(`/api/category/findById/${ids.category}`).then((r) => r.status()),
    ]);
    expect(left).toEqual([404, 404]);
  });
});
