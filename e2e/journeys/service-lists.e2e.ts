import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { field, launchBrowser, loginAs, newPage, stopAtFirstFailure } from '../support/browser';
import { apiCall, downloadedBytes, expectPath, runTag } from '../support/register-kit';
import {
  addServiceThroughApi,
  cellTexts,
  cleanUp,
  openNavigationMenu,
  openServiceActions,
  openTab,
  seedCustomerWithMachines,
  serviceRow,
  companyToday,
  type SeededCustomer,
} from '../support/service-kit';

/*
 * The service lists and what an employee without admin rights may not change: /servicesList sorted
 * by full number, a row opening the machine card on "Serwis", the "Wybierz maszynę." modal of an
 * event with two machines, and, as a USER, a read-only to-do and a read-only signed inspection.
 * The events are made through the API (service-work.e2e.ts records them through the screens).
 */

const tag = runTag();
const today = companyToday();
const customer = { shortName: `Lakiernia ${tag}`, fullName: 'Lakiernia Opolska S.A.', city: 'Opole' };
const machine = `Kabina KL-${tag}`;
const secondMachine = `Kabina KL2-${tag}`;
const employee = {
  userName: 'Serwisant',
  firstName: 'Anna',
  lastName: `Wójcik${tag}`,
  email: `anna.wojcik.${tag.toLowerCase()}@firma.pl`,
  country: 'Polska',
  password: `Serwis-${tag}-2024`,
};
const todoText = `Dokręcić filtry kabiny ${tag}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let userContext: BrowserContext | undefined;
let user: Page | undefined;
let seeded: Partial<SeededCustomer> = {};
let employeeId = 0;
const events = { inspection: '', repair: '', inspectionId: 0, twoMachines: 0 };
const admin = { email: inject('adminEmail'), password: inject('adminPassword') };
const ids = () => ({ customer: seeded.customer!, machine: seeded.machines![0], second: seeded.machines![1] });

const listRows = (on: Page) => on.getByRole('row', { name: /^Zdarzenie serwisowe / });
const labels = (on: Page) =>
  listRows(on).evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')));

async function openServicesList(on: Page) {
  await openNavigationMenu(on, 'Maszyny', 'Zdarzenia serwisowe');
  await expectPath(on, '/servicesList');
  await on.getByRole('heading', { name: 'Lista zdarzeń serwisowych' }).waitFor();
  await field(on, 'Szukaj').fill(customer.shortName);
}

describe('service lists journey: /servicesList, the machine chooser, and a read-only employee', () => {
  stopAtFirstFailure(() => user ?? page);

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await loginAs(page, admin.email, admin.password);
    seeded = await seedCustomerWithMachines(context, { customer, category: `Kabiny ${tag}`, tag }, [
      { name: machine, extra: { transferDate: '2025-06-02', warrantyLength: 24, warranty: 'pełna' } },
      { name: secondMachine },
    ]);
    const { customer: customerId, machine: machineId } = ids();
    const inspection = await addServiceThroughApi(context, {
      date: today,
      customerId,
      deviceIds: [machineId],
      type: ['PRZEGLAD_OKRESOWY'],
      faultDescription: `Przegląd kabiny ${tag}`,
      isToSign: true,
      period: 12,
    });
    const repair = await addServiceThroughApi(context, {
      date: today,
      customerId,
      deviceIds: [machineId],
      type: ['NAPRAWA'],
      faultDescription: `Wymiana wentylatora ${tag}`,
      isToSign: true,
    });
    Object.assign(events, {
      inspection: inspection.fullNumber,
      repair: repair.fullNumber,
      inspectionId: inspection.id,
    });
    const todo = await context.request.patch('/api/service/changeTodoStatus', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { id: repair.id, toDoStatus: 'TODO', todo: todoText },
    });
    expect(todo.status()).toBe(200);
    employeeId = (await apiCall<{ id: number }>(context, 'POST', '/api/user/insert', employee)).id;
  });

  afterAll(async () => {
    if (context) await cleanUp(context, seeded, employeeId);
    await userContext?.close();
    await context?.close();
    await browser?.close();
  });

  it('lists both events by full number descending; a row opens the machine card on "Serwis"', async () => {
    expect(Number(events.repair.split('/')[0])).toBe(Number(events.inspection.split('/')[0]) + 1);
    await openServicesList(page);
    const name = (number: string) =>
      expect.stringMatching(
        new RegExp(`^Zdarzenie serwisowe ${number} \\(id \\d+\\), ${customer.shortName}$`),
      );
    await expect.poll(() => labels(page)).toEqual([name(events.repair), name(events.inspection)]);
    await expect(page.getByRole('columnheader', { name: 'Numer' }).getAttribute('aria-sort')).resolves.toBe(
      'descending',
    );
    const cells = await cellTexts(listRows(page).nth(1));
    expect(cells.slice(1, 7)).toEqual([
      events.inspection,
      today,
      customer.shortName,
      `(${ids().machine}) ${machine}`,
      'Płatna',
      `Przegląd kabiny ${tag}`,
    ]);
    expect(cells[8]).toBe('Podpisany');

    await listRows(page).nth(1).click();
    await expectPath(page, '/machineEdit');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      id: String(ids().machine),
      prev: 'servicesList',
      customerId: String(ids().customer),
      activeTab: 'service',
    });
    await page.getByRole('heading', { name: `Szczegóły maszyny: ${machine}` }).waitFor();
    await page.getByRole('tab', { name: 'Serwis', selected: true }).waitFor();
    await serviceRow(page, events.inspection, today).waitFor();
  });

  it("downloads the list's CSV for its search: the customer's events, newest number first, in words", async () => {
    await openServicesList(page);
    await expect.poll(() => labels(page)).toHaveLength(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Pobierz CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('zdarzenia-serwisowe.csv');
    const text = (await downloadedBytes(download)).toString('utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Id;Numer;Data;Stan;Płatność;Typ serwisu;/);
    expect(lines).toHaveLength(3);
    // A number a spreadsheet would read as a day is kept as text (="…", quoted in the file).
    expect(lines[1]).toContain(`;"=""${events.repair}""";`);
    expect(lines[2]).toContain(`;"=""${events.inspection}""";`);
    expect(lines[2]).toContain(`;${today};Podpisany;Płatna;Przegląd okresowy;`);
    expect(lines[2]).toContain(`(${ids().machine}) ${machine}`);
  });

  it('asks "Wybierz maszynę." for an event of two machines and opens the chosen one', async () => {
    // The card's form records an event for its own machine only, so this one comes from the API.
    events.twoMachines = (
      await addServiceThroughApi(context, {
        date: today,
        customerId: ids().customer,
        deviceIds: [ids().machine, ids().second],
        type: ['SZKOLENIE_OPERATOROW'],
        faultDescription: `Szkolenie operatorów ${tag}`,
      })
    ).id;
    await openServicesList(page);
    // Made outside this browser, whose lists stay cached for 30 s: reload, as a person would.
    await page.reload();
    const row = page.getByRole('row', {
      name: `Zdarzenie serwisowe (auto) (id ${events.twoMachines}), ${customer.shortName}`,
    });
    await expect(row.textContent()).resolves.toContain(
      `(${ids().machine}) ${machine}, (${ids().second}) ${secondMachine}`,
    );
    await row.click();
    const chooser = page.getByRole('dialog', { name: 'Wybierz maszynę.' });
    await chooser.waitFor();
    const choices = (await chooser.getByRole('button').allInnerTexts()).filter(Boolean);
    expect(choices).toEqual([`(${ids().machine}) ${machine}`, `(${ids().second}) ${secondMachine}`]);
    await chooser.getByRole('button', { name: `(${ids().second}) ${secondMachine}` }).click();
    await expectPath(page, '/machineEdit');
    const query = new URL(page.url()).searchParams;
    expect([query.get('id'), query.get('activeTab'), query.get('prev')]).toEqual([
      String(ids().second),
      'service',
      'servicesList',
    ]);
    await page.getByRole('heading', { name: `Szczegóły maszyny: ${secondMachine}` }).waitFor();
    await serviceRow(page, '(auto)', today).waitFor();
  });

  it('as an employee: the to-do is read-only and there is no plus button', async () => {
    const session = await newPage(browser);
    userContext = session.context;
    user = session.page;
    await loginAs(user, employee.email, employee.password);
    await openNavigationMenu(user, 'Maszyny', 'Zadania');
    await expectPath(user, '/machineTodo');
    await user.getByRole('heading', { name: 'Zadania do wykonania' }).waitFor();
    await expect(user.getByRole('button', { name: 'Dodaj zadanie' }).count()).resolves.toBe(0);
    await field(user, 'Szukaj').fill(tag);
    const row = user.getByRole('row', { name: /^Zadanie nr \d+$/ });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('img', { name: `Zdarzenie serwisowe ${events.repair}` }).waitFor();
    await row.click();
    const todo = user.getByRole('dialog', { name: /^Zadanie nr \d+$/ });
    const description = field(todo, 'Opis');
    await expect(description.inputValue()).resolves.toBe(todoText);
    await expect(description.isDisabled()).resolves.toBe(true);
    await expect(todo.getByRole('checkbox', { name: 'zakończone' }).isDisabled()).resolves.toBe(true);
    await expect(todo.getByRole('button', { name: 'Zapisz' }).count()).resolves.toBe(0);
    await expect(todo.getByRole('button', { name: 'Usuń' }).count()).resolves.toBe(0);
    await todo.getByRole('button', { name: 'Anuluj' }).click();
    await todo.waitFor({ state: 'hidden' });
  });

  it('as an employee: the signed inspection opens read-only, and the server refuses its update', async () => {
    const on = user!;
    await openNavigationMenu(on, 'Maszyny', 'Lista maszyn');
    await expectPath(on, '/machineList');
    await field(on, 'Szukaj').fill(machine);
    await on.getByRole('row', { name: new RegExp(`^${machine} \\(id ${ids().machine}\\)`) }).click();
    await expectPath(on, '/machineEdit');
    await openTab(on, 'Serwis');
    const menu = await openServiceActions(on, events.inspection, today);
    await expect(menu.getByRole('menuitem').allInnerTexts()).resolves.toEqual(['Pokaż', 'Protokół']);
    await menu.getByRole('menuitem', { name: 'Pokaż' }).click();
    const form = on.getByRole('dialog', {
      name: `Zdarzenie serwisowe ${events.inspection} (tylko do odczytu)`,
    });
    await form.waitFor();
    await expect(field(form, 'Okres (miesiące)').inputValue()).resolves.toBe('12');
    for (const label of ['Numer protokołu', 'Okres (miesiące)', 'Opis usterki', 'Zadanie do wykonania']) {
      await expect(field(form, label).isDisabled(), label).resolves.toBe(true);
    }
    // Read, not greyed out: the text at full strength (Mantine's 60 % grey was hard to read).
    await expect(
      field(form, 'Opis usterki').evaluate((input) => {
        const style = getComputedStyle(input);
        return { opacity: style.opacity, color: style.color };
      }),
    ).resolves.toEqual({ opacity: '1', color: 'rgb(0, 0, 0)' });
    for (const box of ['Podpisz przy zapisie', 'Przegląd okresowy', 'Naprawa']) {
      await expect(form.getByRole('checkbox', { name: box }).isDisabled(), box).resolves.toBe(true);
    }
    await expect(form.getByRole('button', { name: 'Zapisz' }).count()).resolves.toBe(0);
    await form.getByRole('button', { name: 'Zamknij', exact: true }).click();
    await form.waitFor({ state: 'hidden' });

    // Not only hidden by the screen: the server answers 403 to the employee's update.
    const refused = await userContext!.request.put('/api/service/update', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: {
        id: events.inspectionId,
        date: today,
        number: Number(events.inspection.split('/')[0]),
        numberExtension: '',
        paymentType: 'PLATNA',
        type: ['PRZEGLAD_OKRESOWY'],
        customer: { id: ids().customer },
        isToSign: true,
        faultDescription: 'Zmiana przez pracownika',
        period: 12,
        devices: [{ id: ids().machine }],
      },
    });
    expect(refused.status()).toBe(403);
    await expect(refused.json()).resolves.toMatchObject({ message: 'Brak uprawnień do tej operacji!' });
  });
});
