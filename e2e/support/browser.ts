import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { beforeEach, expect, inject } from 'vitest';
import { appServer } from './app-server';

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

/** The Chromium chosen once for all journeys in global setup (see chromium-binary.ts). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromiumPath'), headless: true, args: CHROMIUM_FLAGS });
}

/**
 * A fresh browser profile (no cookies) at the app's address, in Polish, desktop-sized unless
 * `device` says otherwise (a phone's viewport and touch screen, a system that asks for less motion).
 */
export async function newPage(
  browser: Browser,
  device: Pick<BrowserContextOptions, 'viewport' | 'hasTouch' | 'reducedMotion'> = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: appServer().baseUrl,
    locale: 'pl-PL',
    timezoneId: inject('timeZone'),
    viewport: { width: 1280, height: 900 },
    ...device,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The input whose visible label is exactly `label` (a required field's label ends in " *"). */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
}

/**
 * Waits until `dialog` has finished opening: its transitions are over and its focus trap has taken
 * the focus. Two CI runs on a loaded machine lost the first press in a modal that had just opened
 * (a "Usuń" that did nothing, a checkbox that stayed empty); a person sees the modal settle before
 * touching it, and so does a journey.
 */
export async function settleDialog(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await dialog.evaluate(async (element) => {
    // A transition cut short by a newer one rejects its `finished`: that one is over too.
    await Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined)));
  });
  // As long as any wait of a journey's page (15 s), not expect.poll's one second.
  await expect
    .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)), { timeout: 15_000 })
    .toBe(true);
}

/** Fills the login form as a person would and presses "Zaloguj". */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  await field(page, 'E-mail').fill(email);
  await field(page, 'Hasło').fill(password);
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

const failureDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.tmp/e2e-failures');

/**
 * A journey is one story told in steps: once a step fails, the later ones are skipped instead of
 * each waiting out its own timeout. The failing step leaves a screenshot in .tmp/e2e-failures/.
 */
export function stopAtFirstFailure(currentPage: () => Page | undefined) {
  let failed: string | undefined;
  beforeEach(({ skip, onTestFailed, task }) => {
    if (failed) skip(`an earlier step failed: ${failed}`);
    onTestFailed(async () => {
      failed = task.name;
      const page = currentPage();
      if (!page || page.isClosed()) return;
      fs.mkdirSync(failureDir, { recursive: true });
      const file = path.join(failureDir, `${task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80)}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      console.error(`e2e: step "${task.name}" failed at ${page.url()}; screenshot: ${file}`);
    });
  });
}
