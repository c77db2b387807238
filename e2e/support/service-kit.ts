import { inject } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { mainNavigation } from './browser';
import { apiCall } from './register-kit';

/*
 * Helpers of the service-work journey: calendar arithmetic done independently of the app (the
 * expectations must not come from the code under test), and the few API calls for set-up data.
 */

const DAY_MS = 86_400_000;

/**
 * Today on the company's wall clock (the server counts inspection days in its zone, which is
 * Europe/Warsaw unless the run starts near its midnight: company-zone.ts).
 */
export function companyToday(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: inject('timeZone'),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const toUtc = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  return Date.UTC(year, month - 1, day);
};
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Calendar months later (or earlier); a day past the month's end becomes its last day. */
export function plusMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return fromUtc(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay)));
}

export const plusDays = (iso: string, days: number) => fromUtc(toUtc(iso) + days * DAY_MS);

/** Whole days from `from` to `to`, negative when `to` is earlier. */
export const daysFromTo = (from: string, to: string) => Math.round((toUtc(to) - toUtc(from)) / DAY_MS);

/** A protocol's full number as staff read it: `7/03/2026`. */
export function fullNumber(number: number, date: string) {
  const [year, month] = date.split('-');
  return `${number}/${month}/${year}`;
}

export { pickDate as pickDay } from './date-picker';

/** The texts of a table row's cells, trimmed (as written: badges upper-case theirs only in CSS). */
export async function cellTexts(row: Locator): Promise<string[]> {
  return (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
}

/** The computed text colour of an element, e.g. `rgb(224, 49, 49)`. */
export const colourOf = (element: Locator) => element.evaluate((node) => getComputedStyle(node).color);

/** A colour reads as red when its red channel dominates clearly. */
export function isRed(colour: string): boolean {
  const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number);
  return r > 150 && r > g * 2 && r > b * 2;
}

/** Opens a menu of the main navigation and picks one of its entries. */
export async function openNavigationMenu(page: Page, menu: string, item: string) {
  // The menus open on hover too: first leave the one the pointer may still rest on from the last
  // step, then pick the item inside the menu just opened (two menus share "Zdarzenia serwisowe").
  await page.mouse.move(1, 500);
  await mainNavigation(page).getByRole('button', { name: menu, exact: true }).click();
  await page
    .getByRole('menu', { name: menu, exact: true })
    .getByRole('menuitem', { name: item, exact: true })
    .click();
}

/** Selects a tab of the machine card and waits until it is the selected one. */
export async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
}

/** A row of the machine card's "Serwis" table, named by its number ("7/03/2026" or "(auto)") and date. */
export const serviceRow = (page: Page, number: string, date: string) =>
  page.getByRole('row', { name: `Zdarzenie serwisowe ${number} z ${date}`, exact: true });

/** Opens a service row's action menu ("Akcje: zdarzenie …") and returns the menu. */
export async function openServiceActions(page: Page, number: string, date: string): Promise<Locator> {
  await page.getByRole('button', { name: `Akcje: zdarzenie ${number} z ${date}`, exact: true }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

export interface SeededCustomer {
  customer: number;
  category: number;
  machines: number[];
}

/**
 * A customer, a category and machines of that customer, made through the API: own machines, or
 * external ones with `external: true` (the family is the insert's path, not a field of the body).
 */
export async function seedCustomerWithMachines(
  context: BrowserContext,
  seed: { customer: { shortName: string; fullName?: string; city?: string }; category: string; tag: string },
  machines: { name: string; external?: boolean; extra?: Record<string, unknown> }[],
): Promise<SeededCustomer> {
  const customer = await apiCall<{ id: number }>(context, 'POST', '/api/customer/insert', seed.customer);
  const category = await apiCall<{ id: number }>(context, 'POST', '/api/category/insert', {
    name: seed.category,
  });
  const ids: number[] = [];
  for (const machine of machines) {
    const insert = machine.external ? '/api/device-external/insert' : '/api/device/insert';
    const created = await apiCall<{ id: number }>(context, 'POST', insert, {
      name: machine.name,
      category: { id: category.id },
      customer: { id: customer.id },
      serialNumber: `SN-${seed.tag}-${ids.length + 1}`,
      city: seed.customer.city ?? '',
      status: 'OK',
      ...(machine.external ? {} : { type: 'INTERNAL' }),
      ...machine.extra,
    });
    ids.push(created.id);
  }
  return { customer: customer.id, category: category.id, machines: ids };
}

/** Records a service event through the multipart API, as the form does; answers the saved event. */
export async function addServiceThroughApi(
  context: BrowserContext,
  event: {
    date: string;
    customerId: number;
    deviceIds: number[];
    type: string[];
    faultDescription?: string;
    isToSign?: boolean;
    period?: number;
  },
): Promise<{ id: number; fullNumber: string; number: number }> {
  const serviceJson = {
    id: 0,
    date: event.date,
    number: 0,
    numberExtension: '',
    paymentType: 'PLATNA',
    type: event.type,
    customer: { id: event.customerId },
    isToSign: event.isToSign ?? false,
    faultDescription: event.faultDescription ?? '',
    period: event.period ?? -1,
    devices: event.deviceIds.map((id) => ({ id })),
  };
  const response = await context.request.post('/api/service/add', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    multipart: { serviceJson: JSON.stringify(serviceJson) },
  });
  const body = await response.text();
  if (!response.ok()) throw new Error(`POST /api/service/add answered ${response.status()}: ${body}`);
  return JSON.parse(body);
}

export interface SeededRepair extends SeededCustomer {
  serviceId: number;
}

/**
 * A customer with one own machine (handed over in March 2024 with a 24-month warranty) and today's
 * repair of it, waiting for its signed scan: something for every list, card tab and the protocol of
 * a journey that looks over the whole app.
 */
export async function seedMachineWithRepair(
  context: BrowserContext,
  names: { customer: string; fullName: string; category: string; machine: string },
  tag: string,
): Promise<SeededRepair> {
  const seeded = await seedCustomerWithMachines(
    context,
    { customer: { shortName: names.customer, fullName: names.fullName }, category: names.category, tag },
    [{ name: names.machine, extra: { transferDate: '2024-03-01', warrantyLength: 24 } }],
  );
  const { id: serviceId } = await addServiceThroughApi(context, {
    date: companyToday(),
    customerId: seeded.customer,
    deviceIds: seeded.machines,
    type: ['NAPRAWA'],
    faultDescription: 'Wyciek oleju z siłownika docisku formy, wymiana uszczelnień',
    isToSign: true,
  });
  return { ...seeded, serviceId };
}

/**
 * Ends a journey that seeded its records through its logged-in context: the records (cleanUp), the
 * context, the browser. Safe to call when the journey's set-up stopped half-way.
 */
export async function endJourney(
  browser: Browser | undefined,
  context: BrowserContext | undefined,
  seeded: Partial<SeededCustomer> | undefined,
) {
  if (context) {
    if (seeded) await cleanUp(context, seeded);
    await context.close();
  }
  await browser?.close();
}

/**
 * Removes what a journey made, so the other journeys on the same server see only their own data:
 * incidents and service events (the last number of each year first), machines, customer, category,
 * employee. Best effort: a journey that failed half-way still cleans what exists.
 */
export async function cleanUp(context: BrowserContext, seeded: Partial<SeededCustomer>, employeeId?: number) {
  const attempt = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch {
      // already gone, or never made
    }
  };
  for (const machine of seeded.machines ?? []) {
    const incidents = await apiCall<{ id: number }[]>(
      context,
      'GET',
      `/api/incident/findByParameters?deviceId=${machine}`,
    ).catch(() => []);
    for (const incident of incidents)
      await attempt(() => apiCall(context, 'DELETE', `/api/incident/delete/${incident.id}`));
    const events = await apiCall<{ id: number; year: number; number: number; numberExtension: string }[]>(
      context,
      'GET',
      `/api/service/findByDeviceWithFilesEnitiy/${machine}`,
    ).catch(() => []);
    const lastFirst = [...events].sort(
      (a, b) => b.year - a.year || b.number - a.number || b.numberExtension.localeCompare(a.numberExtension),
    );
    for (const event of lastFirst)
      await attempt(() => apiCall(context, 'DELETE', `/api/service/delete/${event.id}`));
  }
  for (const machine of seeded.machines ?? [])
    await attempt(() => apiCall(context, 'DELETE', `/api/device/delete/${machine}`));
  if (seeded.customer)
    await attempt(() => apiCall(context, 'DELETE', `/api/customer/delete/${seeded.customer}`));
  if (seeded.category)
    await attempt(() => apiCall(context, 'DELETE', `/api/category/delete/${seeded.category}`));
  if (employeeId) await attempt(() => apiCall(context, 'DELETE', `/api/user/delete/${employeeId}`));
}
