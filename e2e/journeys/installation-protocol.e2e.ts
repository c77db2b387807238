import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG, nipLooksWrong } from '@serwis/domain';
import { field, launchBrowser, loginAs, newPage, stopAtFirstFailure } from '../support/browser';
import { apiCall, expectAlert, expectPath, runTag } from '../support/register-kit';
import {
  addServiceThroughApi,
  cleanUp,
  seedCustomerWithMachines,
  companyToday,
  type SeededCustomer,
} from '../support/service-kit';
import { pdfText } from '../support/protocol-kit';

/*
 * Issue 8, the installation protocol: an admin writes three installation operations in /myAccount
 * "Protokół montażu", moves the last one up, titles the PDF in "Dane firmy"; a MONTAZ event's
 * protocol then lists the operations in that order and its PDF carries the configured title.
 */

const tag = runTag();
const today = companyToday();
const texts = [`Posadowienie i poziomowanie ${tag}`, `Podłączenie zasilania ${tag}`, `Próba ruchowa ${tag}`];
const ordered = [texts[0], texts[2], texts[1]];
const title = `Protokół montażu i uruchomienia ${tag}`;
const NIP_WARNING = MSG.nipWarning;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let seeded: Partial<SeededCustomer> = {};
let serviceId = 0;

const operationTexts = async () =>
  (await page.getByRole('listitem').allInnerTexts()).map((t) => t.trim()).filter((t) => t.includes(tag));

describe('installation protocol of a MONTAZ event', () => {
  stopAtFirstFailure(() => page);

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await loginAs(page, inject('adminEmail'), inject('adminPassword'));
    seeded = await seedCustomerWithMachines(
      context,
      { customer: { shortName: `Montaż ${tag}`, city: 'Poznań' }, category: `Linie ${tag}`, tag },
      [{ name: `Linia lakiernicza LL-${tag}` }],
    );
  });

  afterAll(async () => {
    const list = await apiCall<{ id: number; text: string }[]>(
      context,
      'GET',
      '/api/installation-operation',
    ).catch(() => []);
    for (const op of list.filter((o) => o.text.includes(tag))) {
      await apiCall(context, 'DELETE', `/api/installation-operation?id=${op.id}`).catch(() => undefined);
    }
    await cleanUp(context, seeded);
    await browser?.close();
  });

  it('adds three operations in "Protokół montażu" and moves the last one up', async () => {
    await page.goto('/myAccount');
    await page.getByRole('tab', { name: 'Protokół montażu' }).click();
    for (const text of texts) {
      await page.getByRole('button', { name: 'Dodaj czynność' }).click();
      const modal = page.getByRole('dialog', { name: 'Nowa czynność montażowa' });
      await field(modal, 'Treść czynności').fill(text);
      await modal.getByRole('button', { name: 'Zapisz' }).click();
      await modal.waitFor({ state: 'hidden' });
      await page.getByText(text, { exact: false }).first().waitFor();
    }
    await expect.poll(operationTexts).toEqual(texts.map((t, i) => expect.stringContaining(`${i + 1}. ${t}`)));
    await page.getByRole('button', { name: `Przesuń w górę: ${texts[2]}` }).click();
    await expect.poll(operationTexts).toEqual(ordered.map((t) => expect.stringContaining(t)));
  });

  it('titles the installation PDF in "Dane firmy"', async () => {
    await page.getByRole('tab', { name: 'Dane firmy' }).click();
    const input = field(page, 'Tytuł protokołu montażu (PDF)');
    await input.fill(title);
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await expectAlert(page, 'Zapisano');
    const stored = await apiCall<{ value: string }>(
      context,
      'GET',
      `/api/configuration?name=${encodeURIComponent('pdf/installation-protocol/title')}`,
    );
    expect(stored.value).toBe(title);
  });

  it('saves at the first click on "Zapisz" when the field left for it shows a warning', async () => {
    // The warning under NIP pushes "Zapisz" down; shown between the press and the release, it took
    // the button from under the pointer and the click was lost.
    const nip = field(page, 'NIP');
    const kept = await nip.inputValue();
    await nip.fill('1234567890');
    const saved = page.waitForResponse(
      (answer) => answer.request().method() === 'PUT' && answer.url().endsWith('/api/configuration/company'),
      { timeout: 5000 },
    );
    await page.getByRole('button', { name: 'Zapisz' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText(NIP_WARNING).waitFor();
    // The NIP as it was (the journeys share one server: another may have set it, right or wrong).
    await nip.fill(kept);
    const restored = page.waitForResponse(
      (answer) => answer.request().method() === 'PUT' && answer.url().endsWith('/api/configuration/company'),
    );
    await page.getByRole('button', { name: 'Zapisz' }).click();
    expect((await restored).status()).toBe(200);
    if (!nipLooksWrong(kept)) await expect.poll(() => page.getByText(NIP_WARNING).count()).toBe(0);
  });

  it('shows the operations in that order on the MONTAZ protocol, and its PDF carries the title', async () => {
    const event = await addServiceThroughApi(context, {
      date: today,
      customerId: seeded.customer!,
      deviceIds: seeded.machines!,
      type: ['MONTAZ'],
      faultDescription: `Montaż linii ${tag}`,
    });
    serviceId = event.id;
    await page.goto(`/serviceProtocol?id=${serviceId}`);
    await expectPath(page, '/serviceProtocol');
    // The editor shows the configured title too, as the PDF does.
    await page.getByRole('heading', { name: `${title} (auto)` }).waitFor();
    const rows = page.getByRole('group', { name: /^\d+\. / });
    await expect
      .poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))))
      .toEqual(ordered.map((t, i) => `${i + 1}. ${t}`));
    const response = await context.request.get(`/api/service/protocol-pdf/${serviceId}`);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const text = pdfText(await response.body());
    // Printed before it is numbered: dots to write the number on, not the screen's "(auto)".
    expect(text).toContain(`${title} nr ……`);
    expect(text).not.toContain('(auto)');
    expect(text).toContain('Czynności montażowe');
    const at = ordered.map((t) => text.indexOf(t));
    expect(at.every((position, i) => position >= 0 && (i === 0 || position > at[i - 1]))).toBe(true);
  });
});
