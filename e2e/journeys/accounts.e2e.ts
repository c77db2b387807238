import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  field,
  launchBrowser,
  loginAs,
  logout,
  logoutButton,
  mainNavigation,
  newPage,
  settleDialog,
  stopAtFirstFailure,
  submitLogin,
} from '../support/browser';
import { mailsTo, newestMailTo, passwordFromMail } from '../support/outbox';
import { apiCall } from '../support/register-kit';
import { openNavigationMenu as openMenuItem } from '../support/service-kit';

/*
 * Accounts from end to end: an administrator creates two employees (one gets a generated password
 * by e-mail), an employee signs in, sees no admin screens, changes the password, and the
 * administrator finds what the employee did in the log.
 */

const suffix = Date.now().toString(36);
const mailed = { email: `jan.serwisant.${suffix}@firma.pl`, firstName: 'Jan', lastName: 'Serwisant' };
const typed = {
  email: `ewa.monter.${suffix}@firma.pl`,
  firstName: 'Ewa',
  lastName: 'Monterska',
  password: 'Ewa-haslo-2024',
};
const NEW_PASSWORD = 'Nowe-haslo-2024';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let mailedPassword = '';

const admin = { email: inject('adminEmail'), password: inject('adminPassword') };

async function expectText(text: string | RegExp) {
  await page.getByText(text).first().waitFor();
}

const openNavigationMenu = (menu: string, item: string) => openMenuItem(page, menu, item);

async function addEmployee(employee: {
  email: string;
  firstName: string;
  lastName: string;
  password?: string;
}) {
  await openNavigationMenu('Pracownicy', 'Dodaj pracownika');
  await page.waitForURL('**/userAdd');
  await page.getByRole('heading', { name: 'Dodawanie pracownika' }).waitFor();
  await field(page, 'Stanowisko').fill('Serwisant');
  await field(page, 'Imię').fill(employee.firstName);
  await field(page, 'Nazwisko').fill(employee.lastName);
  await field(page, 'E-mail').fill(employee.email);
  await field(page, 'Kraj').fill('Polska');
  if (employee.password) await field(page, 'Hasło (opcjonalnie)').fill(employee.password);
  // Watched for from before the click: the notification closes after a few seconds, which a loaded
  // machine can spend drawing the list it leads to.
  const notified = expectText(
    'Dodano pomyślnie użytkownika. Na podany adres email zostało wysłane hasło do konta.',
  );
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await page.waitForURL('**/userList');
  await notified;
  await page.getByRole('row', { name: new RegExp(employee.email.replace(/\./g, '\\.')) }).waitFor();
}

async function changePassword(values: { old: string; next: string; repeat: string }) {
  const dialog = page.getByRole('dialog', { name: 'Zmiana hasła' });
  await field(dialog, 'Stare hasło').fill(values.old);
  await field(dialog, 'Nowe hasło').fill(values.next);
  await field(dialog, 'Powtórz nowe hasło').fill(values.repeat);
  await dialog.getByRole('button', { name: 'Zatwierdź' }).click();
  return dialog;
}

describe('accounts journey', () => {
  stopAtFirstFailure(() => page);

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('sends a visitor without a session from a protected screen to the login form', async () => {
    // The screen asked for is not drawn without a session; its code comes while the form waits.
    const screenCode = page.waitForRequest(/\/assets\/user-list-page-[^/]*\.js$/);
    await page.goto('/userList');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Logowanie' }).waitFor();
    await expect(page.getByRole('button', { name: 'Zaloguj', exact: true }).isVisible()).resolves.toBe(true);
    await screenCode;
  });

  it('shows the not-found screen for an unknown path', async () => {
    await page.goto('/to-nie-istnieje/wcale');
    await page.getByRole('heading', { name: 'Przepraszamy podana strona nie istnieje!' }).waitFor();
  });

  it('refuses a wrong password with the spec message and keeps the visitor on the login form', async () => {
    await submitLogin(page, admin.email, 'zupelnie-zle-haslo');
    await page.getByRole('alert').filter({ hasText: 'Błędny login lub hasło.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('lets the administrator sign in and add an employee whose password is e-mailed', async () => {
    await loginAs(page, admin.email, admin.password);
    await expect(page.getByTestId('current-user').textContent()).resolves.toContain('(admin)');
    await addEmployee(mailed);
    const mail = await newestMailTo(mailed.email);
    expect(mail.subject).toBe('Serwis: Twoje konto');
    mailedPassword = passwordFromMail(mail);
    expect(mailedPassword.length).toBeGreaterThanOrEqual(8);
  });

  it('adds a second employee with a typed password, then signs out', async () => {
    await addEmployee(typed);
    // A typed password is the administrator's to hand over: nothing is e-mailed.
    expect(mailsTo(typed.email)).toHaveLength(0);
    await logout(page);
    expect(['/', '/login']).toContain(new URL(page.url()).pathname);
  });

  it('lets the employee sign in with the e-mailed password and shows no admin screens', async () => {
    await loginAs(page, mailed.email, mailedPassword);
    const navigation = mainNavigation(page);
    await navigation.getByRole('button', { name: 'Maszyny', exact: true }).waitFor();
    await expect(navigation.getByText('Pracownicy').count()).resolves.toBe(0);
    await expect(navigation.getByText('Logi').count()).resolves.toBe(0);
    await expect(page.getByText('(admin)').count()).resolves.toBe(0);
    await expect(page.getByTestId('current-user').textContent()).resolves.toBe('Jan Serwisant');
  });

  it('says so when a screen’s code does not arrive, keeps the menus, and opens it after a reload', async () => {
    // A weak network, or an update of the app that replaced its files: the screen's code fails.
    const machineListCode = /\/assets\/machine-list-page-[^/]*\.js$/;
    await page.route(machineListCode, (route) => route.abort('failed'));
    await page.goto('/machineList');
    await page.getByRole('alert').filter({ hasText: 'Nie udało się wczytać tego ekranu.' }).waitFor();
    await mainNavigation(page).getByRole('button', { name: 'Maszyny', exact: true }).waitFor();
    await expect(page.getByRole('heading', { name: 'Lista maszyn' }).count()).resolves.toBe(0);

    await page.unroute(machineListCode);
    await page.getByRole('button', { name: 'Odśwież stronę' }).click();
    await page.getByRole('heading', { name: 'Lista maszyn' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/machineList');
  });

  it('leaves a screen at once for one whose code is still on its way, the spinner standing in', async () => {
    // A slow line: the customer list's code takes 2 s. The machine list goes at the click, as it
    // would not in a React transition (the old screen stayed on view, unanswering, until then).
    const customerListCode = /\/assets\/customer-list-page-[^/]*\.js$/;
    await page.route(customerListCode, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await openNavigationMenu('Kontrahenci', 'Lista kontrahentów');
    await page.getByLabel('Ładowanie danych').waitFor({ timeout: 1000 });
    await expect(page.getByRole('heading', { name: 'Lista maszyn' }).count()).resolves.toBe(0);
    await page.getByRole('heading', { name: 'Lista kontrahentów' }).waitFor();
    await page.unroute(customerListCode);
    expect(new URL(page.url()).pathname).toBe('/customerList');
  });

  it('checks the password-change form and then changes the password', async () => {
    await page.getByRole('link', { name: 'Moje konto' }).click();
    await page.waitForURL('**/myAccount');
    await page.getByRole('tab', { name: 'Zarządzanie kontem' }).click();
    await page.getByRole('button', { name: 'Zmiana hasła' }).click();

    let dialog = await changePassword({ old: mailedPassword, next: 'krótkie', repeat: 'krótkie' });
    await dialog.getByText('Nowe hasło musi mieć conajmniej 8 znaków').waitFor();

    dialog = await changePassword({ old: mailedPassword, next: NEW_PASSWORD, repeat: `${NEW_PASSWORD}x` });
    await dialog.getByText('Nowe hasła muszą być takie same').waitFor();

    dialog = await changePassword({
      old: 'to-nie-jest-moje-haslo',
      next: NEW_PASSWORD,
      repeat: NEW_PASSWORD,
    });
    await dialog.getByRole('alert').filter({ hasText: 'Błędne hasło.' }).waitFor();

    dialog = await changePassword({ old: mailedPassword, next: NEW_PASSWORD, repeat: NEW_PASSWORD });
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('status').filter({ hasText: 'Hasło zostało zmienione.' }).waitFor();
  });

  it('signs the employee in with the new password only', async () => {
    await logout(page);
    await submitLogin(page, mailed.email, mailedPassword);
    await page.getByRole('alert').filter({ hasText: 'Błędny login lub hasło.' }).waitFor();
    await loginAs(page, mailed.email, NEW_PASSWORD);
    await logout(page);
  });

  it('lets the employee with the typed password sign in', async () => {
    await loginAs(page, typed.email, typed.password);
    await expect(page.getByTestId('current-user').textContent()).resolves.toBe('Ewa Monterska');
    await logout(page);
  });

  it("shows the administrator the employee's actions in the log", async () => {
    await loginAs(page, admin.email, admin.password);
    await mainNavigation(page).getByRole('link', { name: 'Logi' }).click();
    await page.waitForURL('**/logs');
    await page.getByRole('heading', { name: 'Logi' }).waitFor();
    const rowsAbout = (email: string) => page.getByRole('row').filter({ hasText: email });
    // Before filtering, the newest entries are the administrator's own sign-in and the other employee's.
    await rowsAbout(typed.email).first().waitFor();
    await field(page, 'Filtruj logi').fill(mailed.email);
    // The filter is applied on the server after a short pause in typing; then only the employee's rows stay.
    await expect.poll(() => rowsAbout(typed.email).count(), { timeout: 10_000 }).toBe(0);
    const own = (text: string) => rowsAbout(mailed.email).filter({ hasText: text }).first();
    await own('zmiana własnego hasła').waitFor();
    await own('zalogowanie').waitFor();
    await own('wylogowanie').waitFor();
    // The administrator's entry names the employee by name and e-mail.
    await own(`dodanie pracownika ${mailed.firstName} ${mailed.lastName} (${mailed.email})`).waitFor();
    await expect(logoutButton(page).isVisible()).resolves.toBe(true);
  });

  it("removes the employee's e-mail from every log entry on a request to erase it", async () => {
    // The list is still filtered by the e-mail: the dialog starts with it.
    await page.getByRole('button', { name: 'Usuń dane osobowe z dziennika' }).click();
    const dialog = page.getByRole('dialog', { name: 'Usuń dane osobowe z dziennika' });
    await settleDialog(dialog);
    await expect(field(dialog, 'Tekst do usunięcia').inputValue()).resolves.toBe(mailed.email);
    await dialog.getByRole('button', { name: 'Sprawdź' }).click();
    const counted = (await dialog.getByRole('status').textContent()) ?? '';
    const entries = Number(/w (\d+) wpis/.exec(counted)?.[1]);
    expect(entries).toBeGreaterThanOrEqual(4);
    await dialog.getByRole('button', { name: `Usuń z ${entries} wpisów` }).click();
    await expectText(`Usunięto tekst z ${entries} wpisów dziennika.`);
    // Nothing holds it any more: the list's search finds no entry, on the screen and through the API.
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'zalogowanie' }).count()).toBe(0);
    const found = await apiCall<unknown[]>(
      context,
      'GET',
      `/api/log/findAll?q=${encodeURIComponent(mailed.email)}`,
    );
    expect(found).toEqual([]);
    await field(page, 'Filtruj logi').fill('usunięcie danych osobowych z dziennika');
    await page
      .getByRole('row')
      .filter({ hasText: `usunięcie danych osobowych z dziennika (tekst usunięto z ${entries} wpisów)` })
      .first()
      .waitFor();
  });
});
