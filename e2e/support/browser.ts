import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium: the journeys never download a browser of their own. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install the Debian package: apt-get install -y chromium`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

/** A fresh browser profile (no cookies) at the app's address, in Polish, desktop-sized. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    viewport: { width: 1280, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/** Fills the login form as a person would and presses "Zaloguj". */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Hasło', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Zaloguj', exact: true }).click();
}

/** Logs in through the form and waits for the home screen. */
export async function loginAs(page: Page, email: string, password: string) {
  await submitLogin(page, email, password);
  await page.waitForURL('**/home');
  await logoutButton(page).waitFor();
}

export const logoutButton = (page: Page) => page.getByRole('button', { name: 'Wyloguj' });

/** Presses "Wyloguj" and waits until the app is back at the login form. */
export async function logout(page: Page) {
  await logoutButton(page).click();
  await page.getByRole('heading', { name: 'Logowanie' }).waitFor();
}

/** The main navigation bar (the menus a person sees at the top). */
export const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Menu główne' });
