import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4711';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--headless','--no-sandbox','--disable-gpu'] });
const context = await browser.newContext({ baseURL: base, locale: 'pl-PL', timezoneId: 'Europe/Warsaw', viewport: { width: 1280, height: 900 } });
context.setDefaultTimeout(30000);
const page = await context.newPage();
await page.goto('/login');
await page.getByLabel(/^E-mail/).fill('admin@x.pl');
await page.getByLabel(/^Hasło( \*)?$/).fill('Admin-e2e-2024!');
await page.getByRole('button', { name: 'Zaloguj', exact: true }).click();
await page.waitForURL('**/home');
const mod = await import(process.argv[2]);
try { await mod.default({ page, context, browser }); } catch (e) { console.error('FAILED', e); await page.screenshot({ path: '/tmp/h11/fail.png' }); }
await browser.close();
