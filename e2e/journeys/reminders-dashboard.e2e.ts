import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { field, launchBrowser, loginAs, newPage, stopAtFirstFailure } from '../support/browser';
import { mailsTo } from '../support/outbox';
import { qrSheetOf } from '../support/qr-download';
import { apiCall, expectAlert, runTag } from '../support/register-kit';
import {
  addServiceThroughApi,
  cleanUp,
  daysFromTo,
  plusDays,
  plusMonths,
  seedCustomerWithMachines,
  companyToday,
  type SeededCustomer,
} from '../support/service-kit';
import { appServer } from '../support/app-server';

/*
 * What issue 12 promises a service manager, tried as one would: machines due in 5, 20 and 40 days
 * and one overdue; reminders switched on in My account; the job run now gives one digest with the
 * first two due and the overdue one (the 40-day machine is beyond the 30-day lead time), and a
 * second run the same day gives nothing; the dashboard shows the same machines; QR labels of two
 * machines decode to their card addresses, and the address opens the card after logging in; the
 * statistics charts show this month's protocol.
 */

const tag = runTag();
const today = companyToday();
/** A handover date six months before `days` from today: the first inspection is then due. */
const handoverFor = (days: number) => plusMonths(plusDays(today, days), -6);
const dueIn = (days: number) => daysFromTo(today, plusMonths(handoverFor(days), 6));
const machines = [
  { name: `Prasa Za5 ${tag}`, days: 5 },
  { name: `Tokarka Za20 ${tag}`, days: 20 },
  { name: `Frezarka Za40 ${tag}`, days: 40 },
  { name: `Laser Po3 ${tag}`, days: -3 },
];
const admin = { email: inject('adminEmail'), password: inject('adminPassword') };
// The subject is MIME-encoded in the file (Polish letters); the body says what the mail is.
const DIGEST = 'terminy przeglądów okresowych';
const digests = () => mailsTo(admin.email).filter((m) => m.text.includes(DIGEST));

describe('inspection reminders, dashboard, QR labels and charts', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let seeded: SeededCustomer;
  stopAtFirstFailure(() => page);

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await loginAs(page, admin.email, admin.password);
    seeded = await seedCustomerWithMachines(
      context,
      { customer: { shortName: `Przypomnienia ${tag}`, city: 'Kalisz' }, category: `Prasy ${tag}`, tag },
      machines.map((m) => ({
        name: m.name,
        extra: { transferDate: handoverFor(m.days), warrantyLength: 36 },
      })),
    );
  });

  afterAll(async () => {
    if (context) {
      await apiCall(context, 'POST', '/api/reminders/settings', {
        enabled: false,
        leadDays: [30, 7],
        overdue: true,
      }).catch(() => undefined);
      await cleanUp(context, seeded ?? {});
    }
    await browser?.close();
  });

  it('switches reminders on in My account → Powiadomienia', async () => {
    await page.goto('/myAccount');
    await page.getByRole('tab', { name: 'Powiadomienia' }).click();
    await page.getByRole('switch', { name: 'Wysyłaj mi przypomnienia e-mailem' }).check();
    // By keyboard: the button, disabled while it saves, gives the focus back once saved.
    const save = page.getByRole('button', { name: 'Zapisz' });
    await save.focus();
    await page.keyboard.press('Enter');
    await expectAlert(page, 'Zapisano ustawienia powiadomień.');
    await expect.poll(() => save.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('runs the job now: one digest lists the machines due within 30 days and the overdue one', async () => {
    const before = digests().length;
    const runNow = page.getByRole('button', { name: 'Uruchom teraz' });
    await runNow.focus();
    await page.keyboard.press('Enter');
    await expectAlert(page, 'Wysłano przypomnienia.');
    await expect.poll(() => runNow.evaluate((button) => button === document.activeElement)).toBe(true);
    await expect.poll(() => digests().length).toBe(before + 1);
    const [mail] = digests();
    const listed = machines.filter((m) => mail.text.includes(m.name)).map((m) => m.days);
    expect(listed.sort((a, b) => a - b)).toEqual([-3, 5, 20]);
    expect(mail.text).toContain(`(za ${dueIn(5)} dni)`);
    expect(mail.text).toContain(`po terminie od ${-dueIn(-3)} dni`);
    expect(mail.text).toContain(`${appServer().baseUrl}/machineEdit?id=${seeded.machines[0]}`);
    // The last runs show it with its counts.
    const runs = page.getByRole('table', { name: 'Ostatnie uruchomienia' });
    await runs
      .getByRole('row')
      .nth(1)
      .filter({ hasText: `ręcznie (${admin.email})` })
      .waitFor();
  });

  it('runs it again the same day and sends nothing new', async () => {
    const before = digests().length;
    await page.getByRole('button', { name: 'Uruchom teraz' }).click();
    // The run answers once its mails are out (its notice says there were none): nothing comes later.
    await expectAlert(page, 'Brak nowych przypomnień do wysłania.');
    expect(digests()).toHaveLength(before);
  });

  it('shows the same machines on the home dashboard, each linking to its card', async () => {
    await page.goto('/home');
    const upcoming = page.getByLabel('Przeglądy w ciągu 30 dni');
    const soon = upcoming.getByRole('link', { name: new RegExp(machines[0].name) });
    await soon.waitFor();
    expect(await soon.getAttribute('href')).toBe(`/machineEdit?id=${seeded.machines[0]}&prev=home`);
    await page
      .getByLabel('Zaległe przeglądy')
      .getByRole('link', { name: new RegExp(machines[3].name) })
      .waitFor();
  });

  it('prints QR labels for two machines; the codes hold their card addresses', async () => {
    await page.goto('/machineList');
    await field(page, 'Szukaj').fill(tag);
    for (const m of [machines[0], machines[1]]) {
      await page.getByRole('checkbox', { name: new RegExp(`Zaznacz do naklejek QR: ${m.name}`) }).check();
    }
    const button = page.getByRole('button', { name: 'Drukuj naklejki QR (2)' });
    const cards = [0, 1].map((i) => `${appServer().baseUrl}/machineEdit?id=${seeded.machines[i]}`);
    expect(await qrSheetOf(page, button)).toEqual([
      { place: 1, code: cards[0] },
      { place: 2, code: cards[1] },
    ]);
    // The next print is offered the sheet's third place; on a sheet with only two left, the second
    // label goes to the top of a new one.
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Drukuj naklejki QR' });
    await dialog.getByText('Wydruk zacznie się od naklejki 3.').waitFor();
    await dialog.getByRole('button', { name: 'Anuluj' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await qrSheetOf(page, button, 24)).toEqual([
      { place: 24, code: cards[0] },
      { place: 25, code: cards[1] },
    ]);
  });

  it('opens the card from the label address after logging in', async () => {
    const phone = await newPage(browser);
    try {
      await phone.page.goto(`/machineEdit?id=${seeded.machines[1]}`);
      await phone.page.getByRole('heading', { name: 'Logowanie' }).waitFor();
      await field(phone.page, 'E-mail').fill(admin.email);
      await field(phone.page, 'Hasło').fill(admin.password);
      await phone.page.getByRole('button', { name: 'Zaloguj', exact: true }).click();
      await phone.page.waitForURL(`**/machineEdit?id=${seeded.machines[1]}`);
      await phone.page.getByText(machines[1].name).first().waitFor();
    } finally {
      await phone.context.close();
    }
  });

  it("shows this month's protocols on the statistics charts and in their table", async () => {
    await addServiceThroughApi(context, {
      date: today,
      customerId: seeded.customer,
      deviceIds: [seeded.machines[2]],
      type: ['NAPRAWA'],
    });
    await page.goto('/statistics');
    await page.getByRole('region', { name: 'Protokoły w miesiącach' }).waitFor();
    await page.getByRole('region', { name: 'Rodzaje usług' }).waitFor();
    await page.getByText('Tabela', { exact: true }).click();
    const months = page.getByRole('table', { name: 'Protokoły w miesiącach' });
    const row = months.getByRole('row').filter({ hasText: today.slice(0, 7) });
    await row.waitFor();
    const issued = Number(await row.getByRole('cell').nth(1).textContent());
    expect(issued).toBeGreaterThanOrEqual(1);
    await page
      .getByRole('table', { name: 'Rodzaj usługi' })
      .getByRole('row', { name: /Naprawa/ })
      .waitFor();
  });
});
