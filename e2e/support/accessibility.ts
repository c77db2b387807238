import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { settleDialog } from './browser';
import { apiCall, makePng } from './register-kit';
import { addServiceThroughApi, seedMachineWithRepair, companyToday, type SeededRepair } from './service-kit';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Loads axe-core into every page the context opens, as the page starts. Once per page rather than
 * once per check: injecting its 0.5 MB for every check (as `@axe-core/playwright` does) took 1–2 s
 * of each, against 0.1–0.7 s for the check itself.
 */
export async function loadAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: axeSource });
}

/** The rules of WCAG 2.0 and 2.1 at levels A and AA, as axe-core tags them. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * What axe-core finds against WCAG 2.1 AA on the page as shown, or only inside `scope` (an open
 * dialog: the page behind it is inert). One line per element: the rule, where, and why, so that a
 * failing journey names the text, colour or control to mend. The page's context must have had
 * `loadAxe`.
 */
export async function accessibilityProblems(page: Page, where: string, scope?: string): Promise<string[]> {
  const violations = await page.evaluate(
    async ({ scope, tags }) => {
      const axe = (
        window as unknown as { axe: { run(c: ElementContext, o: RunOptions): Promise<AxeResults> } }
      ).axe;
      // Only the violations' elements are collected: the passes' are most of axe's time on a long table.
      const results = await axe.run(scope ? { include: [scope] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations.map((violation) => ({
        id: violation.id,
        nodes: violation.nodes.map((node) => ({
          target: node.target.join(' '),
          why: node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? '',
        })),
      }));
    },
    { scope, tags: WCAG_AA },
  );
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${where}: ${violation.id} at ${node.target}: ${node.why}`.slice(0, 400)),
  );
}

/** The open dialog, checked alone, then closed with Escape as a keyboard user closes it. */
export async function dialogProblems(page: Page, where: string): Promise<string[]> {
  const dialog = page.getByRole('dialog');
  await settleDialog(dialog);
  const found = await accessibilityProblems(page, where, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return found;
}

export interface AccessibilitySeed extends SeededRepair {
  customerName: string;
  categoryName: string;
  machineName: string;
  /** A tutorial file of its own, so that /tutorials always has file buttons to check. */
  tutorialFile: string;
  /** A repair whose protocol was signed in the app: its screen offers "Wyślij do klienta". */
  signedServiceId: number;
}

interface SeedProtocol {
  data: {
    checklists: { items: { answer: string }[] }[];
    technicianSignature: string;
    customerSignature: string;
    customerSignerName: string;
  };
}

/** A repair of the machine, its protocol signed in the app through the API (every answer given). */
async function seedSignedProtocol(context: BrowserContext, seeded: SeededRepair): Promise<number> {
  const { id } = await addServiceThroughApi(context, {
    date: companyToday(),
    customerId: seeded.customer,
    deviceIds: seeded.machines,
    type: ['NAPRAWA'],
    faultDescription: 'Wymiana czujnika temperatury formy',
  });
  const { data } = await apiCall<SeedProtocol>(context, 'GET', `/api/service/protocol/${id}`);
  const signature = `data:image/png;base64,${makePng().toString('base64')}`;
  for (const list of data.checklists) for (const item of list.items) item.answer = 'POPRAWNE';
  Object.assign(data, {
    technicianSignature: signature,
    customerSignature: signature,
    customerSignerName: 'Anna Odbiorca',
  });
  await apiCall(context, 'POST', `/api/service/protocol/${id}/sign`, data);
  return id;
}

/**
 * A tutorial folder holding one file, through the API as the dialogs add them. The local source
 * has no delete: like the tutorials journey's, the folder stays on the journeys' server.
 */
async function seedTutorialFile(context: BrowserContext, folderName: string, fileName: string) {
  const folder = await apiCall<{ id: string }>(context, 'POST', '/api/google-drive/createFolder', {
    name: folderName,
  });
  const response = await context.request.post(
    `/api/google-drive/uploadFile?folderId=${encodeURIComponent(folder.id)}`,
    {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      multipart: {
        file: { name: fileName, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
      },
    },
  );
  if (!response.ok()) throw new Error(`uploadFile answered ${response.status()}: ${await response.text()}`);
}

/** The accessibility journeys' customer, machine and repair (service-kit's seedMachineWithRepair). */
export async function seedForAccessibility(context: BrowserContext, tag: string): Promise<AccessibilitySeed> {
  const names = {
    customerName: `Dostępność ${tag}`,
    categoryName: `Wtryskarki ${tag}`,
    machineName: `Wtryskarka dostępna ${tag}`,
    tutorialFile: `instrukcja-${tag}.pdf`,
  };
  await seedTutorialFile(context, `Dostępność ${tag}`, names.tutorialFile);
  const seeded = await seedMachineWithRepair(
    context,
    {
      customer: names.customerName,
      fullName: 'Odlewnia „Dostępna” Sp. z o.o.',
      category: names.categoryName,
      machine: names.machineName,
    },
    tag,
  );
  return { ...seeded, ...names, signedServiceId: await seedSignedProtocol(context, seeded) };
}

export const machineCardPath = (seed: AccessibilitySeed) =>
  `/machineEdit?id=${seed.machines[0]}&prev=machineList`;
export const customerCardPath = (seed: AccessibilitySeed) =>
  `/customerEdit?id=${seed.customer}&shortName=${encodeURIComponent(seed.customerName)}`;
