import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  field,
  launchBrowser,
  loginAs,
  mainNavigation,
  newPage,
  settleDialog,
  stopAtFirstFailure,
} from '../support/browser';
import {
  apiCall,
  chooseOption,
  confirmDeletion,
  expectAlert,
  expectPath,
  runTag,
} from '../support/register-kit';
import {
  cellTexts,
  cleanUp,
  colourOf,
  daysFromTo,
  fullNumber,
  isRed,
  openNavigationMenu,
  openServiceActions,
  openTab,
  pickDay,
  plusDays,
  plusMonths,
  seedCustomerWithMachines,
  serviceRow,
  companyToday,
  type SeededCustomer,
} from '../support/service-kit';

/*
 * Service work on an own machine, as the service office does it: a signed periodic inspection with
 * a typed protocol number, the overdue inspection on the list and on the card, a repair signed
 * later, refusals, an incident, a to-do and the statistics. Customer, category, machine and an
 * employee are set up through the API (the register journeys cover those screens). The service
 * lists and what an employee may not change are in service-lists.e2e.ts.
 */

const tag = runTag();
const today = companyToday();
const handover = plusMonths(today, -14);
const nextInspection = plusMonths(handover, 12);
const daysToNext = daysFromTo(today, nextInspection);
const daysToWarrantyEnd = daysFromTo(today, plusMonths(handover, 24));
// Both protocols are dated today (the form's default), so they share a year: the repair gets 8.
const inspectionNumber = fullNumber(7, today);
const repairNumber = fullNumber(8, today);

const customer = { shortName: `Serwis Tech ${tag}`, fullName: 'Serwis-Tech Sp. z o.o.', city: 'Opole' };
const customerLabel = `${customer.shortName} (${customer.fullName})`;
const machine = `Spawarka SP-${tag}`;
const employee = {
  userName: 'Serwisant',
  firstName: 'Marek',
  lastName: `Zieliński${tag}`,
  email: `marek.zielinski.${tag.toLowerCase()}@firma.pl`,
  country: 'Polska',
  password: `Serwis-${tag}-2024`,
};
const repairFault = `Wyciek oleju z pompy ${tag}`;
const todoText = `Wymienić uszczelki pompy ${tag} przy następnej wizycie`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
const ids = { customer: 0, machine: 0, employee: 0, admin: 0 };
let seeded: Partial<SeededCustomer> = {};
/** The admin's protocols in the statistics range before this journey (other journeys share the server). */
const before = { issued: 0, signed: 0 };
const statisticsRange = { from: plusDays(today, -3), to: today };

interface StatisticsRow {
  userId: number;
  countUserServices: number;
  countUserSignedServices: number;
}
const statisticsRows = () =>
  apiCall<StatisticsRow[]>(
    context,
    'GET',
    `/api/statistics/servicesUsers?dateFrom=${statisticsRange.from}T00:00&dateTo=${statisticsRange.to}T00:00`,
  );
const admin = { email: inject('adminEmail'), password: inject('adminPassword') };

const cardUrl = () => `/machineEdit?id=${ids.machine}&customerId=${ids.customer}&prev=machineList`;

const serviceRowOf = (number: string) => serviceRow(page, number, today);

async function rowAction(number: string, action: string) {
  const menu = await openServiceActions(page, number, today);
  await menu.getByRole('menuitem', { name: action, exact: true }).click();
}

async function addIncident(values: { date: string; time: string; text: string; service?: string }) {
  await page.getByRole('button', { name: 'Dodaj zdarzenie', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Nowe zdarzenie', exact: true });
  await settleDialog(modal);
  await pickDay(page, modal, 'Data', values.date);
  await field(modal, 'Godzina').fill(values.time);
  await field(modal, 'Treść').fill(values.text);
  if (values.service) await chooseOption(page, modal, 'Zdarzenie serwisowe', values.service);
  await modal.getByRole('button', { name: 'Zapisz' }).click();
  await modal.waitFor({ state: 'hidden' });
}

const incidentRows = () => page.getByRole('row', { name: /^Zdarzenie z / });

describe('service work journey: protocols, inspections, incidents, to-dos and statistics', () => {
  stopAtFirstFailure(() => page);

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await loginAs(page, admin.email, admin.password);
    ids.admin = (await apiCall<{ id: number }>(context, 'GET', '/api/user/check-auth')).id;
    seeded = await seedCustomerWithMachines(context, { customer, category: `Spawarki ${tag}`, tag }, [
      { name: machine, extra: { transferDate: handover, warrantyLength: 24, warranty: 'pełna' } },
    ]);
    ids.customer = seeded.customer!;
    ids.machine = seeded.machines![0];
    ids.employee = (await apiCall<{ id: number }>(context, 'POST', '/api/user/insert', employee)).id;
    const mine = (await statisticsRows()).find((row) => row.userId === ids.admin);
    before.issued = mine?.countUserServices ?? 0;
    before.signed = mine?.countUserSignedServices ?? 0;
    // The journey types protocol number 7 and expects 8 next: this year must not have reached 7 yet.
    const all = await apiCall<{ number: number; year: number }[]>(
      context,
      'GET',
      '/api/service/findAllOrderInternal',
    );
    const external = await apiCall<{ number: number; year: number }[]>(
      context,
      'GET',
      '/api/service/findAllOrderExternal',
    );
    const used = [...all, ...external]
      .filter((s) => s.year === Number(today.slice(0, 4)))
      .map((s) => s.number);
    expect(Math.max(0, ...used), 'protocol numbers already used this year').toBeLessThan(7);
  });

  afterAll(async () => {
    if (context) await cleanUp(context, seeded, ids.employee);
    await context?.close();
    await browser?.close();
  });

  it('shows the machine handed over 14 months ago with a 24-month warranty', async () => {
    await page.goto(cardUrl());
    await page.getByRole('heading', { name: `Szczegóły maszyny: ${machine}` }).waitFor();
    await expect(page.getByRole('button', { name: /^Data przekazania/ }).textContent()).resolves.toBe(
      handover,
    );
    await expect(field(page, 'Długość gwarancji (miesiące)').inputValue()).resolves.toBe('24');
    await openTab(page, 'Serwis');
    await expect(new URL(page.url()).searchParams.get('activeTab')).toBe('service');
  });

  it('records a six-month periodic inspection signed on save with protocol number 7', async () => {
    await page.getByRole('button', { name: 'Nowe zdarzenie serwisowe' }).click();
    const modal = page.getByRole('dialog', { name: 'Nowe zdarzenie serwisowe', exact: true });
    await settleDialog(modal);
    await expect(modal.getByRole('button', { name: /^Data/ }).first().textContent()).resolves.toBe(today);
    await expect(field(modal, 'Numer protokołu').inputValue()).resolves.toBe('(auto)');
    await expect(field(modal, 'Numer protokołu').isDisabled()).resolves.toBe(true);
    // The label appears once the customer list has loaded.
    await expect
      .poll(() => modal.getByRole('combobox', { name: /^Kontrahent/ }).inputValue())
      .toBe(customerLabel);
    await modal.getByRole('checkbox', { name: 'Przegląd okresowy' }).check();
    await field(modal, 'Okres (miesiące)').fill('6');
    await modal.getByRole('checkbox', { name: 'Podpisz przy zapisie' }).check();
    await field(modal, 'Numer protokołu').fill('7');
    await field(modal, 'Opis usterki').fill('Przegląd po 6 miesiącach pracy');
    await modal.getByRole('button', { name: 'Zapisz' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expectAlert(page, 'Zapisano zdarzenie serwisowe nr 7/');

    const cells = await cellTexts(serviceRowOf(inspectionNumber));
    expect(cells.slice(0, 4)).toEqual([inspectionNumber, today, 'Przegląd okresowy', 'Płatna']);
    expect(cells[6]).toBe('Podpisany');
  });

  it('lists the machine as overdue in red on /machinePeriodicInspection and on its "Przeglądy" tab', async () => {
    expect(daysToNext).toBeLessThan(-50);
    await openNavigationMenu(page, 'Maszyny', 'Przeglądy');
    await expectPath(page, '/machinePeriodicInspection');
    await expect(
      page
        .getByRole('checkbox', {
          name: 'Ukryj nie przekazane maszyny oraz z wykonanym ostatnim przeglądem gwarancyjnym',
        })
        .isChecked(),
    ).resolves.toBe(true);
    await field(page, 'Szukaj').fill(tag);
    const row = page.getByRole('row', { name: `${machine} (id ${ids.machine}), ${customer.shortName}` });
    await expect.poll(() => page.getByRole('row', { name: new RegExp(tag) }).count()).toBe(1);
    const cells = await cellTexts(row);
    expect(cells[0]).toBe(String(ids.machine));
    expect(cells.slice(4)).toEqual([
      handover,
      today,
      nextInspection,
      String(daysToNext),
      String(daysToWarrantyEnd),
    ]);
    expect(isRed(await colourOf(row.getByText(String(daysToNext), { exact: true })))).toBe(true);

    await row.click();
    await expectPath(page, '/machineEdit');
    expect(new URL(page.url()).searchParams.get('prev')).toBe('machinePeriodicInspection');
    await openTab(page, 'Przeglądy');
    const overdue = page.getByText(
      `Przegląd okresowy po terminie! Termin: ${nextInspection}, dni po terminie: ${-daysToNext}`,
      { exact: true },
    );
    await overdue.waitFor();
    expect(isRed(await colourOf(overdue))).toBe(true);
    const table = page.getByRole('table', { name: 'Przeglądy okresowe maszyny' });
    const first = await cellTexts(table.getByRole('row').nth(1));
    expect(first.slice(0, 3)).toEqual([inspectionNumber, today, '6']);
  });

  it('adds an unsigned repair shown as "(auto)", and signing it gives number 8', async () => {
    await openTab(page, 'Serwis');
    await page.getByRole('button', { name: 'Nowe zdarzenie serwisowe' }).click();
    const modal = page.getByRole('dialog', { name: 'Nowe zdarzenie serwisowe', exact: true });
    await settleDialog(modal);
    await modal.getByRole('checkbox', { name: 'Naprawa' }).check();
    await expect(field(modal, 'Okres (miesiące)').count()).resolves.toBe(0);
    await field(modal, 'Opis usterki').fill(repairFault);
    await expect(modal.getByRole('checkbox', { name: 'Podpisz przy zapisie' }).isChecked()).resolves.toBe(
      false,
    );
    await modal.getByRole('button', { name: 'Zapisz' }).click();
    await modal.waitFor({ state: 'hidden' });
    const unsigned = await cellTexts(serviceRowOf('(auto)'));
    expect([unsigned[0], unsigned[2], unsigned[4], unsigned[6]]).toEqual([
      '(auto)',
      'Naprawa',
      repairFault,
      'Utworzony',
    ]);

    await rowAction('(auto)', 'Podpisz');
    const confirm = page.getByRole('dialog', { name: 'Podpisz' });
    await settleDialog(confirm);
    await expect(confirm.textContent()).resolves.toContain('Podpisać zdarzenie serwisowe bez numeru');
    await confirm.getByRole('button', { name: 'Podpisz' }).click();
    await expectAlert(page, 'Podpisano zdarzenie serwisowe.');
    const signed = await cellTexts(serviceRowOf(repairNumber));
    expect([signed[0], signed[6]]).toEqual([repairNumber, 'Podpisany']);
    await expect(serviceRowOf('(auto)').count()).resolves.toBe(0);
    const numbers = await page
      .getByRole('row', { name: /^Zdarzenie serwisowe / })
      .evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent));
    expect(numbers).toEqual([repairNumber, inspectionNumber]);
  });

  it('refuses to delete inspection 7 (not the last) and rejects the protocol number "25AB"', async () => {
    await rowAction(inspectionNumber, 'Usuń');
    await expect(confirmDeletion(page)).resolves.toContain(`zdarzenie serwisowe nr ${inspectionNumber}`);
    await expectAlert(page, 'Można usunąć tylko ostatni protokół w danym roku lub protokół bez numeru.');
    await serviceRowOf(inspectionNumber).waitFor();
    const stored = await apiCall<{ number: number }[]>(
      context,
      'GET',
      `/api/service/findByDeviceWithFilesEnitiy/${ids.machine}`,
    );
    expect(stored.map((s) => s.number).sort()).toEqual([7, 8]);

    await page.getByRole('button', { name: 'Nowe zdarzenie serwisowe' }).click();
    const modal = page.getByRole('dialog', { name: 'Nowe zdarzenie serwisowe', exact: true });
    await settleDialog(modal);
    await modal.getByRole('checkbox', { name: 'Podpisz przy zapisie' }).check();
    const number = field(modal, 'Numer protokołu');
    await expect(number.inputValue()).resolves.toBe('');
    await number.fill('25ab');
    await expect(number.inputValue()).resolves.toBe('25AB');
    await modal.getByText('Niepoprawny numer protokołu (dopuszczalne np. 25, 25A, 25B...25Z)').waitFor();
    await expect(number.getAttribute('aria-invalid')).resolves.toBe('true');
    await modal.getByRole('checkbox', { name: 'Naprawa' }).check();
    await modal.getByRole('button', { name: 'Zapisz' }).click();
    await modal.getByText('Niepoprawny numer protokołu (dopuszczalne np. 25, 25A, 25B...25Z)').waitFor();
    // What was typed is not dropped unasked: "Anuluj" asks first.
    await modal.getByRole('button', { name: 'Anuluj' }).click();
    const question = page.getByRole('dialog', { name: 'Niezapisane zmiany' });
    await settleDialog(question);
    await question.getByText('Zmian w formularzu nie zapisano. Odrzucić je?').waitFor();
    await question.getByRole('button', { name: 'Odrzuć zmiany' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect(page.getByRole('row', { name: /^Zdarzenie serwisowe / }).count()).resolves.toBe(2);

    // A key and Esc at once, as a quick hand does: the key still counts, and Esc asks.
    await page.getByRole('button', { name: 'Nowe zdarzenie serwisowe' }).click();
    await settleDialog(modal);
    await field(modal, 'Opis usterki').focus();
    await page.keyboard.press('x');
    await page.keyboard.press('Escape');
    await settleDialog(question);
    await question.getByRole('button', { name: 'Odrzuć zmiany' }).click();
    await modal.waitFor({ state: 'hidden' });
  });

  it('records an incident linked to the repair and finds it by text and date range', async () => {
    await openTab(page, 'Zdarzenia');
    await addIncident({
      date: today,
      time: '09:15',
      text: `Wyciek oleju spod pompy ${tag}`,
      service: `${repairNumber} (${today})`,
    });
    await addIncident({
      date: plusDays(today, -10),
      time: '14:00',
      text: `Hałas pompy hydraulicznej ${tag}`,
    });
    await addIncident({ date: today, time: '07:30', text: `Kontrola czujników ${tag}` });
    await expect.poll(() => incidentRows().count()).toBe(3);

    await field(page, 'Szukaj').fill('pomp');
    await expect
      .poll(() => incidentRows().evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label'))))
      .toEqual([`Zdarzenie z ${today} 09:15`, `Zdarzenie z ${plusDays(today, -10)} 14:00`]);
    await pickDay(page, page, 'Data od', plusDays(today, -2));
    await pickDay(page, page, 'Data do', today);
    await expect
      .poll(() => incidentRows().evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label'))))
      .toEqual([`Zdarzenie z ${today} 09:15`]);
    await page.getByRole('checkbox', { name: 'Pokaż serwis' }).check();
    const row = page.getByRole('row', { name: `Zdarzenie z ${today} 09:15` });
    await row.getByRole('cell', { name: repairNumber, exact: true }).waitFor();
    await expect(row.textContent()).resolves.toContain(`Wyciek oleju spod pompy ${tag}`);
  });

  it('gives the repair a to-do, which /machineTodo links to its service; done, it moves to "Pokaż zakończone"', async () => {
    await openTab(page, 'Serwis');
    await serviceRowOf(repairNumber).getByRole('cell', { name: repairFault }).click();
    const modal = page.getByRole('dialog', { name: `Edycja zdarzenia serwisowego ${repairNumber}` });
    await expect(modal.getByRole('checkbox', { name: 'Podpisz przy zapisie' }).isDisabled()).resolves.toBe(
      true,
    );
    await field(modal, 'Zadanie do wykonania').fill(todoText);
    await modal.getByRole('button', { name: 'Zapisz' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expectAlert(page, 'Zapisano');

    await openNavigationMenu(page, 'Maszyny', 'Zadania');
    await expectPath(page, '/machineTodo');
    await page.getByRole('heading', { name: 'Zadania do wykonania' }).waitFor();
    await field(page, 'Szukaj').fill(tag);
    const rows = page.getByRole('row', { name: /^Zadanie nr \d+$/ });
    await expect.poll(() => rows.count()).toBe(1);
    const cells = await cellTexts(rows.first());
    expect([cells[1], cells[4], cells[5], cells[6]]).toEqual([today, machine, todoText, 'Do wykonania']);
    expect(cells[3]).toContain(customer.shortName);
    await rows
      .first()
      .getByRole('img', { name: `Zdarzenie serwisowe ${repairNumber}` })
      .waitFor();

    const todoNumber = cells[0];
    await rows.first().click();
    const todo = page.getByRole('dialog', { name: `Zadanie nr ${todoNumber}` });
    await expect(todo.textContent()).resolves.toContain(`Zdarzenie serwisowe: ${repairNumber} z ${today}`);
    await expect(todo.getByRole('button', { name: 'Usuń' }).count()).resolves.toBe(0);
    await todo.getByRole('checkbox', { name: 'zakończone' }).check();
    await todo.getByRole('button', { name: 'Zapisz' }).click();
    await todo.waitFor({ state: 'hidden' });
    await expectAlert(page, 'Zapisano');
    await expect.poll(() => rows.count()).toBe(0);

    await page.getByRole('checkbox', { name: 'Pokaż zakończone' }).check();
    const done = page.getByRole('row', { name: `Zadanie nr ${todoNumber}`, exact: true });
    await done.waitFor();
    expect((await cellTexts(done))[6]).toBe('Zakończone');
  });

  it('counts both protocols for the admin in /statistics and zeros for an employee without events', async () => {
    await mainNavigation(page).getByRole('link', { name: 'Statystyki' }).click();
    await expectPath(page, '/statistics');
    await pickDay(page, page, 'Data od', statisticsRange.from);
    await pickDay(page, page, 'Data do', statisticsRange.to);
    await page
      .getByRole('group', { name: 'Liczba wierszy na stronie' })
      .getByRole('button', { name: '100' })
      .click();

    // On a fresh server `before` is 0/0, so the row reads 2 issued and 2 signed.
    const adminRow = page.getByRole('row', { name: 'Administrator', exact: true });
    await expect
      .poll(async () => (await cellTexts(adminRow)).slice(3))
      .toEqual([String(before.issued + 2), String(before.signed + 2)]);
    expect((await cellTexts(adminRow))[0]).toBe(String(ids.admin));
    const employeeRow = page.getByRole('row', {
      name: `${employee.lastName} ${employee.firstName}`,
      exact: true,
    });
    expect(await cellTexts(employeeRow)).toEqual([
      String(ids.employee),
      employee.lastName,
      employee.firstName,
      '0',
      '0',
    ]);

    // The summary card adds up every employee's row of the same range.
    const rows = await statisticsRows();
    const issued = rows.reduce((sum, r) => sum + r.countUserServices, 0);
    const signed = rows.reduce((sum, r) => sum + r.countUserSignedServices, 0);
    expect(issued).toBeGreaterThanOrEqual(2);
    const summary = page.getByRole('region', { name: 'Podsumowanie' });
    await expect(summary.getByLabel('Wystawione protokoły serwisowe').textContent()).resolves.toBe(
      String(issued),
    );
    await expect(summary.getByLabel('Podpisane protokoły serwisowe').textContent()).resolves.toBe(
      String(signed),
    );
  });
});
