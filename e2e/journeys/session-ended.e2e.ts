import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { field, launchBrowser, loginAs, logout, newPage, stopAtFirstFailure } from '../support/browser';
import { apiCall, expectAlert, runTag } from '../support/register-kit';
import { endJourney } from '../support/service-kit';

/*
 * A session that ends while a form is being filled in (the employee logged out in another tab, the
 * session expired, an administrator changed the password): the save is refused, and the screen
 * stays, with everything typed, under a dialog that asks to log in again. After logging in, the
 * same save goes through. It used to leave for the login screen, and the typed form was lost.
 */

const tag = runTag();
const shortName = `Sesja ${tag}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let customerId: number | undefined;
let employeeId: number | undefined;
const admin = { email: inject('adminEmail'), password: inject('adminPassword') };
const employee = {
  userName: 'Serwisant',
  firstName: 'Hela',
  lastName: `Sesyjna${tag}`,
  email: `hela.${tag.toLowerCase()}@firma.pl`,
  country: 'Polska',
  password: `Sesja-${tag}-2024`,
};

describe('a session that ends while a form is open', () => {
  stopAtFirstFailure(() => page);

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await loginAs(page, admin.email, admin.password);
  });

  // The customer made here goes with the journey (cleanUp), as the other journeys' records do.
  afterAll(async () => {
    // The employee's tab logged this browser in as her; the administrator again, to clean up.
    if (employeeId && context) {
      await loginAs(page, admin.email, admin.password).catch(() => undefined);
      await apiCall(context, 'DELETE', `/api/user/delete/${employeeId}`).catch(() => undefined);
    }
    await endJourney(browser, context, customerId ? { customer: customerId } : undefined);
  });

  it('keeps the typed customer through a logout in another tab, and saves it after logging in again', async () => {
    await page.goto('/customerAdd');
    await field(page, 'Nazwa skrócona').fill(shortName);
    await field(page, 'Nazwa pełna').fill('Odlewnia „Sesja” Sp. z o.o.');
    await field(page, 'Miejscowość').fill('Gliwice');

    // Another tab of the same browser logs out: the server ends the session both tabs share.
    const other = await context.newPage();
    await other.goto('/home');
    await logout(other);
    await other.close();

    await page.getByRole('button', { name: 'Zapisz' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sesja wygasła' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/customerAdd');
    await expect(field(dialog, 'E-mail').inputValue()).resolves.toBe(admin.email);
    await field(dialog, 'Hasło').fill(admin.password);
    await dialog.getByRole('button', { name: 'Zaloguj' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The form as it was typed; saved now.
    await expect(field(page, 'Nazwa skrócona').inputValue()).resolves.toBe(shortName);
    await expect(field(page, 'Miejscowość').inputValue()).resolves.toBe('Gliwice');
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await expectAlert(page, 'Dodano kontrahenta.');
    const found = await apiCall<{ id: number; shortName: string; city: string }[]>(
      context,
      'GET',
      '/api/customer/findAll',
    );
    const saved = found.find((customer) => customer.shortName === shortName);
    expect(saved?.city).toBe('Gliwice');
    customerId = saved?.id;
  });

  it('refuses a save under another account logged in in another tab, and keeps the typing for the login', async () => {
    employeeId = (await apiCall<{ id: number }>(context, 'POST', '/api/user/insert', employee)).id;
    await page.goto('/customerAdd');
    const second = `${shortName} B`;
    await field(page, 'Nazwa skrócona').fill(second);

    // Another tab: "Wyloguj", then the employee logs in; the browser's one session is now hers.
    const other = await context.newPage();
    await other.goto('/home');
    await logout(other);
    await loginAs(other, employee.email, employee.password);
    await other.close();

    // This tab still shows the administrator: its save is not made in the employee's name.
    await page.getByRole('button', { name: 'Zapisz' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sesja wygasła' });
    await dialog.waitFor();
    await expect(field(dialog, 'E-mail').inputValue()).resolves.toBe(admin.email);
    const customers = await apiCall<{ shortName: string }[]>(context, 'GET', '/api/customer/findAll');
    expect(customers.some((customer) => customer.shortName === second)).toBe(false);
    await field(dialog, 'Hasło').fill(admin.password);
    await dialog.getByRole('button', { name: 'Zaloguj' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(field(page, 'Nazwa skrócona').inputValue()).resolves.toBe(second);
  });
});
