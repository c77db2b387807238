import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { field, launchBrowser, loginAs, newPage, settleDialog, stopAtFirstFailure } from '../support/browser';
import { openNetworkLink, type NetworkLink } from '../support/network-link';
import { mailsTo } from '../support/outbox';
import { apiCall, expectAlert, expectInlinePdfPreview, expectPath, runTag } from '../support/register-kit';
import {
  cleanUp,
  openServiceActions,
  seedCustomerWithMachines,
  serviceRow,
  companyToday,
  type SeededCustomer,
} from '../support/service-kit';
import {
  decodeHeader,
  drawWithFinger,
  drawWithMouse,
  pdfAttachments,
  pdfText,
} from '../support/protocol-kit';
import { appServer } from '../support/app-server';
import { PROTOCOL_MSG } from '@serwis/domain';

/*
 * Issue 8 on a 10-inch tablet (820×1180, touch, high DPI): a technician opens a machine whose
 * category has operations with measurement fields, records an inspection, fills the field protocol,
 * loses the network half-way (the tablet goes offline and the screen is reloaded without the network:
 * the service worker serves the app, the device the protocol) and finds everything still there, signs with a mouse-drawn and a finger-drawn signature, and gets a
 * numbered signed event whose PDF holds what was written; "Wyślij do klienta" puts it in the outbox.
 */

const tag = runTag();
const today = companyToday();
const customerEmail = `zaklad-${tag.toLowerCase()}@example.pl`;
const customer = {
  shortName: `Żuraw ${tag}`,
  fullName: 'Zakład Żurawi Gęślą Jaźń Sp. z o.o.',
  city: 'Łódź',
  email: customerEmail,
};
const machine = `Kocioł parowy KP-${tag}`;
const operations = [
  {
    name: 'Sprawdzenie ciśnienia roboczego',
    fields: [
      ['Ciśnienie', 'bar'],
      ['Temperatura', '°C'],
    ],
  },
  { name: 'Kontrola zaworu bezpieczeństwa', fields: [['Ciśnienie otwarcia', 'bar']] },
  { name: 'Pomiar izolacji silnika', fields: [['Rezystancja', 'MΩ']] },
  { name: 'Oględziny uszczelnień', fields: [] },
];
const values = ['6,5', '82', '7,2', '550'];
const fault = `Spadek ciśnienia kotła ${tag}`;
const workDone = 'Zażółć gęślą jaźń — wymieniono uszczelkę pokrywy i oczyszczono palnik.';
const materials = [
  { name: 'Uszczelka pokrywy DN80', quantity: '2', unit: 'szt.' },
  { name: 'Środek czyszczący', quantity: '1,5', unit: 'l' },
];
const recommendations = `Wymienić filtr wody za 6 miesięcy (${tag}).`;

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let tablet: BrowserContext;
let link: NetworkLink;
let page: Page;
let seeded: Partial<SeededCustomer> = {};
const state = { serviceId: 0, fullNumber: '', protocolUrl: '' };

async function openTablet() {
  link = await openNetworkLink(appServer().baseUrl);
  tablet = await browser.newContext({
    baseURL: link.url,
    locale: 'pl-PL',
    timezoneId: inject('timeZone'),
    viewport: { width: 820, height: 1180 },
    deviceScaleFactor: 2,
    hasTouch: true,
  });
  tablet.setDefaultTimeout(15_000);
  page = await tablet.newPage();
}

/*
 * The tablet loses the network: its link to the app is cut (support/network-link.ts), and the
 * browser is told it is offline, as a tablet's would be.
 */
async function goOffline(context: BrowserContext) {
  link.cut();
  await context.setOffline(true);
}
async function goOnline(context: BrowserContext) {
  link.restore();
  await context.setOffline(false);
}

const status = () => page.getByRole('status').filter({ hasText: /Szkic|Zmiany|Zapisywanie|Brak połączenia/ });

/** A signature pad's inked pixels, and whether it is drawn at the screen's density (2 here). */
const inkOf = (pad: Locator) =>
  pad.evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    const box = { left: canvas.width, right: 0, top: canvas.height, bottom: 0 };
    for (let i = 3; i < data.length; i += 4) {
      if (data[i] === 0) continue;
      dark++;
      const x = ((i - 3) / 4) % canvas.width;
      const y = Math.floor((i - 3) / 4 / canvas.width);
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
    }
    // The drawing's proportions, whatever the screen's pixel density.
    const shape = (box.right - box.left + 1) / (box.bottom - box.top + 1);
    return { dark, sharp: canvas.width === canvas.offsetWidth * 2, width: canvas.width, shape };
  });
/** The technician's signature as the tablet shows it after the offline reload. */
let signatureShape = 0;

describe('field protocol on a tablet', () => {
  stopAtFirstFailure(() => page);

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newPage(browser);
    await loginAs(admin.page, inject('adminEmail'), inject('adminPassword'));
    seeded = await seedCustomerWithMachines(admin.context, { customer, category: `Kotły ${tag}`, tag }, [
      { name: machine },
    ]);
    await apiCall(admin.context, 'PUT', '/api/category/update', {
      id: seeded.category,
      name: `Kotły ${tag}`,
      serviceReviewOperationsList: JSON.stringify(
        operations.map(
          (op) => `${op.name}\n@dodatkowePola{${op.fields.map(([n, u]) => `${n}+${u}`).join(';')}}`,
        ),
      ),
    });
    // The company's own data only, one setting at a time: "Dane firmy" also holds the installation
    // protocol's texts, which installation-protocol.e2e.ts sets and checks on the same server.
    const company = {
      name: 'Serwis Maszyn Łódź Sp. z o.o.',
      street: 'ul. Źródłowa 12',
      zipCode: '91-001',
      city: 'Łódź',
      nip: '7250000000',
      regon: '100000000',
      phone: '42 600 00 00',
      email: 'serwis@example.pl',
      www: 'serwis.example.pl',
    };
    for (const [field, value] of Object.entries(company)) {
      await apiCall(admin.context, 'PUT', '/api/configuration', { name: `company/${field}`, value });
    }
    await openTablet();
    await loginAs(page, inject('adminEmail'), inject('adminPassword'));
  });

  afterAll(async () => {
    if (admin) await cleanUp(admin.context, seeded);
    await browser?.close();
    await link?.close();
  });

  it('records an inspection on the machine card and opens its protocol from the event row', async () => {
    await page.goto(`/machineEdit?id=${seeded.machines![0]}&customerId=${seeded.customer}&activeTab=service`);
    await page.getByRole('button', { name: 'Nowe zdarzenie serwisowe' }).click();
    const modal = page.getByRole('dialog', { name: 'Nowe zdarzenie serwisowe', exact: true });
    await settleDialog(modal);
    await expect
      .poll(() => modal.getByRole('combobox', { name: /^Kontrahent/ }).inputValue())
      .toContain(customer.shortName);
    await modal.getByRole('checkbox', { name: 'Przegląd okresowy' }).check();
    await field(modal, 'Opis usterki').fill(fault);
    await modal.getByRole('button', { name: 'Zapisz' }).click();
    await modal.waitFor({ state: 'hidden' });
    await serviceRow(page, '(auto)', today).waitFor();
    const menu = await openServiceActions(page, '(auto)', today);
    await menu.getByRole('menuitem', { name: 'Protokół', exact: true }).click();
    await expectPath(page, '/serviceProtocol');
    state.protocolUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    state.serviceId = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByRole('heading', { name: 'Protokół serwisowy (auto)' }).waitFor();
    await page.getByText(`${machine} (nr ser. SN-${tag}-1)`).waitFor();
    await page.getByText(fault).waitFor();
  });

  it('fills every checklist row and measurement, work, two materials and times', async () => {
    for (const [i, op] of operations.entries()) {
      const row = page.getByRole('group', { name: `${i + 1}. ${op.name}` });
      await row.getByRole('radio', { name: i === 2 ? 'NIEPOPRAWNE' : 'POPRAWNE', exact: true }).click();
      for (const [name, unit] of op.fields) {
        const input = row.getByLabel(`${name} [${unit}]`, { exact: true });
        await input.fill(values.shift()!);
      }
      if (i === 2) await row.getByLabel(`Uwagi: ${op.name}`).fill('Rezystancja poniżej normy');
    }
    await page.getByLabel('Opis wykonanych prac').fill(workDone);
    await page.getByRole('button', { name: 'Dodaj materiał' }).click();
    await page.getByLabel('Nazwa materiału 1').fill(materials[0].name);
    await page.getByLabel('Ilość 1').fill(materials[0].quantity);
    await page.getByLabel('Przyjazd').fill('08:15');
    await page.getByLabel('Rozpoczęcie').fill('08:30');
    await page.getByLabel('Zakończenie').fill('11:45');
    await page.getByLabel('Kilometry').fill('126');
    await page.getByLabel('Noclegi').fill('1');
    await expect.poll(() => status().innerText(), { timeout: 15_000 }).toBe('Szkic zapisany na serwerze');
  });

  it('stops a field reached with Tab above the bar kept at the bottom, not under it', async () => {
    const bar = page.getByRole('button', { name: 'Podpisz protokół' }).locator('xpath=../..');
    const barTop = async () => (await bar.boundingBox())!.y;
    /** Scrolls `next`'s top to `offset` px below the bar's top, Tabs to it from `from`: all of it shown? */
    const tabTo = async (from: Locator, next: Locator, offset: number) => {
      await page.evaluate(
        (y) => window.scrollBy(0, y),
        (await next.boundingBox())!.y - (await barTop()) - offset,
      );
      await from.focus();
      await page.keyboard.press('Tab');
      await expect.poll(() => next.evaluate((el) => el === document.activeElement)).toBe(true);
      await expect
        .poll(async () => {
          const now = (await next.boundingBox())!;
          return now.y + now.height <= (await barTop()) && now.y >= 60;
        })
        .toBe(true);
    };
    // A field lying just under the bar.
    await tabTo(page.getByLabel('Noclegi'), page.getByLabel('Zalecenia dla klienta'), 10);
    // A text area partly shown above the bar: the browser brought out only its caret's line.
    await tabTo(page.getByLabel(/^Uwagi: /).last(), page.getByLabel('Opis wykonanych prac'), -30);
  });

  it('asks the network for the start page too while its service worker is in, so that a deploy is seen at once', async () => {
    await page.getByText('Działa bez sieci', { exact: true }).waitFor();
    // The worker answers every page of the app; it must fetch "/" (the login's and the logout's
    // page) from the server, not from its copy: an old copy ran the old build after a deploy.
    const fetched: string[] = [];
    const seen = (request: Request) => {
      if (request.serviceWorker() && new URL(request.url()).pathname === '/') fetched.push(request.url());
    };
    tablet.on('request', seen);
    const start = await page.goto('/');
    tablet.off('request', seen);
    expect(start?.fromServiceWorker()).toBe(true);
    expect(fetched.length).toBeGreaterThan(0);
    await page.goto(state.protocolUrl);
    await page.getByRole('heading', { name: 'Protokół serwisowy (auto)' }).waitFor();
  });

  it('keeps what is typed while offline through a reload without the network', async () => {
    // The screen has installed its service worker: it will reload without the network.
    await page.getByText('Działa bez sieci', { exact: true }).waitFor();
    await goOffline(tablet);
    await page.getByRole('button', { name: 'Dodaj materiał' }).click();
    await page.getByLabel('Nazwa materiału 2').fill(materials[1].name);
    await page.getByLabel('Ilość 2').fill(materials[1].quantity);
    await page.getByLabel('Jednostka 2').fill(materials[1].unit);
    await page.getByLabel('Zalecenia dla klienta').fill(recommendations);
    await page.getByLabel('Imię i nazwisko podpisującego (klient)').fill('Łucja Śliwińska');
    const technician = page.getByRole('img', { name: 'Podpis serwisanta' });
    await technician.scrollIntoViewIfNeeded();
    await drawWithMouse(page, technician);
    await expect.poll(() => technician.getAttribute('data-signed')).toBe('true');
    await expect.poll(() => status().innerText(), { timeout: 15_000 }).toMatch(/^Brak połączenia/);
    // The server has not seen the offline changes.
    const onServer = () =>
      apiCall<{ data: { recommendations: string } }>(
        admin.context,
        'GET',
        `/api/service/protocol/${state.serviceId}`,
      );
    expect((await onServer()).data.recommendations).toBe('');
    // A reload while the tablet is still offline: the app comes from the service worker, the
    // session is the last one seen on the tablet, the protocol is built from the copy on the device.
    const reloaded = await page.reload();
    // The page itself came from the service worker (its fetch of the network failed).
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByText('Brak połączenia z serwerem', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Protokół serwisowy (auto)' }).waitFor();
    await page.getByText(`${machine} (nr ser. SN-${tag}-1)`).waitFor();
    await expect.poll(() => page.getByLabel('Zalecenia dla klienta').inputValue()).toBe(recommendations);
    await expect.poll(() => page.getByLabel('Nazwa materiału 2').inputValue()).toBe(materials[1].name);
    await expect.poll(() => page.getByLabel('Ciśnienie otwarcia [bar]').inputValue()).toBe('7,2');
    await expect.poll(() => page.getByLabel('Temperatura [°C]').inputValue()).toBe('82');
    const third = page.getByRole('group', { name: '3. Pomiar izolacji silnika' });
    await expect
      .poll(() => third.getByRole('radio', { name: 'NIEPOPRAWNE', exact: true }).isChecked())
      .toBe(true);
    await page.getByText('Przywrócono szkic zapisany na tym urządzeniu.').waitFor();
    // The signature drawn offline is on the pad again (the pad showed it empty, though signed).
    await expect.poll(() => technician.getAttribute('data-signed')).toBe('true');
    await expect.poll(async () => (await inkOf(technician)).dark).toBeGreaterThan(100);
    signatureShape = (await inkOf(technician)).shape;
    // Still offline, and the screen says so (from its failed saves: the headless shell of the npm
    // Chromium reports navigator.onLine true after an offline reload).
    await expect.poll(() => status().innerText()).toMatch(/^Brak połączenia/);
    expect((await onServer()).data.recommendations).toBe('');
    // The network comes back: the draft reaches the server.
    await goOnline(tablet);
    await expect.poll(() => status().innerText(), { timeout: 20_000 }).toBe('Szkic zapisany na serwerze');
    await expect.poll(async () => (await onServer()).data.recommendations).toBe(recommendations);
    await expect.poll(() => page.getByText('Brak połączenia z serwerem', { exact: true }).count()).toBe(0);
    expect((await inkOf(technician)).dark).toBeGreaterThan(100);
  });

  it("takes in the office's change made meanwhile on a computer, and keeps the tablet's", async () => {
    const office = admin.page;
    const officeStatus = () =>
      office.getByRole('status').filter({ hasText: /Szkic|Zmiany|Zapisywanie|Brak połączenia/ });
    const onServer = () =>
      apiCall<{ data: { kilometers: number; nights: number } }>(
        admin.context,
        'GET',
        `/api/service/protocol/${state.serviceId}`,
      );
    await office.goto(state.protocolUrl);
    await office.getByRole('heading', { name: 'Protokół serwisowy (auto)' }).waitFor();
    await expect.poll(() => office.getByLabel('Kilometry').inputValue()).toMatch(/^126\b/);
    // The tablet's signature on the office's wider pad, in its own proportions (it was stretched).
    const officePad = office.getByRole('img', { name: 'Podpis serwisanta' });
    await expect.poll(async () => (await inkOf(officePad)).dark).toBeGreaterThan(100);
    const onOffice = await inkOf(officePad);
    expect(onOffice.shape / signatureShape).toBeGreaterThan(0.9);
    expect(onOffice.shape / signatureShape).toBeLessThan(1.1);

    // The tablet saves first; the office's screen still shows the version before it.
    await page.getByLabel('Kilometry').fill('128');
    await expect.poll(async () => (await onServer()).data.kilometers, { timeout: 15_000 }).toBe(128);
    await office.getByLabel('Noclegi').fill('2');
    await office.getByText(PROTOCOL_MSG.protocolMerged).waitFor({ timeout: 15_000 });
    await expect
      .poll(() => officeStatus().innerText(), { timeout: 15_000 })
      .toBe('Szkic zapisany na serwerze');
    await expect.poll(() => office.getByLabel('Kilometry').inputValue()).toMatch(/^128\b/);
    expect((await onServer()).data).toMatchObject({ kilometers: 128, nights: 2 });

    // Now the tablet builds on an older version: its next save takes the office's nights in.
    await page.getByLabel('Kilometry').fill('130');
    await page.getByText(PROTOCOL_MSG.protocolMerged).waitFor({ timeout: 15_000 });
    await expect.poll(() => status().innerText(), { timeout: 15_000 }).toBe('Szkic zapisany na serwerze');
    await expect.poll(() => page.getByLabel('Noclegi').inputValue()).toMatch(/^2\b/);
    expect((await onServer()).data).toMatchObject({ kilometers: 130, nights: 2 });
    await office.goto('/home');
  });

  it('signs with a mouse-drawn and a finger-drawn signature: numbered and PODPISANY', async () => {
    const technician = page.getByRole('img', { name: 'Podpis serwisanta' });
    const client = page.getByRole('img', { name: 'Podpis klienta' });
    await technician.scrollIntoViewIfNeeded();
    // The technician's pad shows the signature drawn offline, put back as a picture; a stroke of
    // the signing is added beside it.
    const offline = (await inkOf(technician)).dark;
    expect(offline).toBeGreaterThan(100);
    const padWidth = (await technician.boundingBox())!.width;
    await drawWithMouse(page, technician, { left: Math.round(padWidth / 2) });
    await expect.poll(async () => (await inkOf(technician)).dark).toBeGreaterThan(offline * 1.3);
    const drawn = await inkOf(technician);
    await drawWithFinger(tablet, page, client);
    await expect.poll(() => client.getAttribute('data-signed')).toBe('true');
    // A rotation to landscape keeps both drawings.
    await page.setViewportSize({ width: 1180, height: 820 });
    await expect.poll(() => technician.getAttribute('data-signed')).toBe('true');
    // The pad is resized (and redrawn) once the layout has settled after the rotation: the picture
    // under the new stroke too (it was dropped, and the next stroke saved the signature without it).
    await expect
      .poll(async () => {
        const now = await inkOf(technician);
        return now.sharp && now.width !== drawn.width;
      })
      .toBe(true);
    expect((await inkOf(technician)).dark).toBeGreaterThan(drawn.dark * 0.9);
    // Turned back, the signature has its first size again, twice over (each turn shrank it more).
    for (let turn = 0; turn < 2; turn++) {
      const landscape = (await inkOf(technician)).width;
      await page.setViewportSize({ width: 820, height: 1180 });
      await expect.poll(async () => (await inkOf(technician)).width).not.toBe(landscape);
      await page.setViewportSize({ width: 1180, height: 820 });
      await expect.poll(async () => (await inkOf(technician)).width).toBe(landscape);
    }
    await page.setViewportSize({ width: 820, height: 1180 });
    await expect.poll(async () => (await inkOf(technician)).width).toBe(drawn.width);
    expect((await inkOf(technician)).dark).toBeGreaterThan(drawn.dark * 0.9);
    await page.getByRole('button', { name: 'Podpisz protokół' }).click();
    await expectAlert(page, 'Protokół podpisany.');
    const heading = page.getByRole('heading', { name: /^Protokół serwisowy \d+\/\d{2}\/\d{4}$/ });
    await heading.waitFor();
    state.fullNumber = (await heading.innerText()).replace('Protokół serwisowy ', '');
    await expect.poll(() => page.getByRole('button', { name: 'Podpisz protokół' }).count()).toBe(0);
  });

  it('shows the signed PDF in the preview, with everything written and Polish letters intact', async () => {
    await page.getByRole('button', { name: 'PDF protokołu' }).click();
    const viewer = page.getByRole('dialog', { name: `Protokół ${state.fullNumber.replace(/\//g, '-')}.pdf` });
    await viewer.locator('iframe').waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    const response = await tablet.request.get(`/api/service/protocol-pdf/${state.serviceId}`);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const bytes = await response.body();
    const text = pdfText(bytes);
    for (const expected of [
      'Serwis Maszyn Łódź Sp. z o.o.',
      `Protokół serwisowy nr ${state.fullNumber}`,
      customer.fullName,
      machine,
      ...operations.map((op) => op.name),
      'Ciśnienie: 6,5 bar',
      'Temperatura: 82 °C',
      'Ciśnienie otwarcia: 7,2 bar',
      'Rezystancja: 550 MΩ',
      'Niepoprawne',
      'Rezystancja poniżej normy',
      'Zażółć gęślą jaźń',
      materials[0].name,
      materials[1].name,
      'Przyjazd: 08:15',
      'Rozpoczęcie: 08:30',
      'Zakończenie: 11:45',
      'Kilometry: 130 km',
      'Noclegi: 2',
      'Łucja Śliwińska',
      'Strona 1 z',
    ]) {
      expect(text).toContain(expected);
    }
    expect(bytes.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('sends the PDF to the customer: it arrives in the outbox as an attachment', async () => {
    await page.getByRole('button', { name: 'Wyślij do klienta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wyślij protokół do klienta' });
    await expect.poll(() => field(dialog, 'Adres e-mail klienta').inputValue()).toBe(customerEmail);
    await dialog.getByRole('button', { name: 'Wyślij', exact: true }).click();
    await expectAlert(page, `Wysłano protokół do klienta. Adres: ${customerEmail}.`);
    await expect.poll(() => mailsTo(customerEmail).length).toBe(1);
    const [mail] = mailsTo(customerEmail);
    expect(decodeHeader(mail.subject)).toBe(`Protokół serwisowy nr ${state.fullNumber}`);
    const attachments = pdfAttachments(mail.file);
    expect(attachments).toHaveLength(1);
    const [attachment] = attachments;
    expect(attachment.filename).toMatch(/^Protokół .*\.pdf$/);
    expect(pdfText(attachment.bytes)).toContain('Zażółć gęślą jaźń');
    expect(fs.existsSync(path.join(appServer().dataDir, 'outbox'))).toBe(true);
    // The screen shows where it went.
    await page.getByText(`Wysłano do klienta: ${customerEmail}.`, { exact: false }).waitFor();
  });

  it('lists the event as signed with its PDF among the files on the machine card', async () => {
    await page.getByRole('button', { name: 'Wstecz' }).click();
    await expectPath(page, '/machineEdit');
    const row = serviceRow(page, state.fullNumber, today);
    await row.waitFor();
    await row.getByText('Podpisany', { exact: true }).waitFor();
    // The sending is shown on the event's row.
    const sent = row.getByRole('img', { name: /^Wysłano do klienta / });
    expect(await sent.getAttribute('aria-label')).toMatch(
      new RegExp(
        `^Wysłano do klienta ${customerEmail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ${today} \\d\\d:\\d\\d`,
      ),
    );
    const fileName = `Protokół ${state.fullNumber.replace(/\//g, '-')}.pdf`;
    const url = await expectInlinePdfPreview(
      page,
      fileName,
      row.getByRole('button', { name: `Podgląd: ${fileName}` }),
    );
    const stored = await tablet.request.get(url);
    expect(pdfText(await stored.body())).toContain(`Protokół serwisowy nr ${state.fullNumber}`);
  });

  it('shows the sending on the event in the service list too', async () => {
    await page.goto('/servicesList');
    await page.getByRole('heading', { name: 'Lista zdarzeń serwisowych' }).waitFor();
    await field(page, 'Szukaj').fill(customer.shortName);
    const row = page.getByRole('row', { name: new RegExp(`^Zdarzenie serwisowe ${state.fullNumber} `) });
    await row.waitFor();
    const sent = row.getByRole('img', { name: /^Wysłano do klienta / });
    expect(await sent.getAttribute('aria-label')).toContain(`Wysłano do klienta ${customerEmail} ${today}`);
  });
});
