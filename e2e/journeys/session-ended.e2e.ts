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
const admin = { email: inject('adminEmail'), password: inject('adminPassword') };

describe('a session that ends while a form is open', () => {
  stopAtFirstFailure(() => page);

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await loginAs(page, admin.email, admin.password);
  });

  // The customer made here goes with the journey (cleanUp), as the other journeys' records do.
  afterAll(() => endJourney(browser, context, customerId ? { customer: customerId } : undefined));

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
});
