import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { settleDialog } from './browser';
import {
  addServiceThroughApi,
  seedCustomerWithMachines,
  todayInWarsaw,
  type SeededCustomer,
} from './service-kit';

/** The rules of WCAG 2.0 and 2.1 at levels A and AA, as axe-core tags them. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * What axe-core finds against WCAG 2.1 AA on the page as shown, or only inside `scope` (an open
 * dialog: the page behind it is inert). One line per element: the rule, where, and why, so that a
 * failing journey names the text, colour or control to mend.
 */
export async function accessibilityProblems(page: Page, where: string, scope?: string): Promise<string[]> {
  // Only the violations' elements are collected (the passes' take most of axe's time on a long
  // table); `options` replaces what `withTags` would set, so the tags go in here too.
  let axe = new AxeBuilder({ page }).options({
    runOnly: { type: 'tag', values: WCAG_AA },
    resultTypes: ['violations'],
  });
  if (scope) axe = axe.include(scope);
  const { violations } = await axe.analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const why = node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? '';
      return `${where}: ${violation.id} at ${node.target.join(' ')}: ${why}`.slice(0, 400);
    }),
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

export interface AccessibilitySeed extends SeededCustomer {
  customerName: string;
  categoryName: string;
  machineName: string;
  serviceId: number;
}

/**
 * A customer with one machine (handed over, under warranty) and a repair waiting for its signed
 * scan, so the lists, the card's tabs and the protocol have something to show.
 */
export async function seedForAccessibility(context: BrowserContext, tag: string): Promise<AccessibilitySeed> {
  const names = {
    customerName: `Dostępność ${tag}`,
    categoryName: `Wtryskarki ${tag}`,
    machineName: `Wtryskarka dostępna ${tag}`,
  };
  const seeded = await seedCustomerWithMachines(
    context,
    {
      customer: { shortName: names.customerName, fullName: 'Odlewnia „Dostępna” Sp. z o.o.' },
      category: names.categoryName,
      tag,
    },
    [{ name: names.machineName, extra: { transferDate: '2024-03-01', warrantyLength: 24 } }],
  );
  const { id: serviceId } = await addServiceThroughApi(context, {
    date: todayInWarsaw(),
    customerId: seeded.customer,
    deviceIds: seeded.machines,
    type: ['NAPRAWA'],
    faultDescription: 'Wyciek oleju z siłownika docisku formy',
    isToSign: true,
  });
  return { ...seeded, ...names, serviceId };
}

export const machineCardPath = (seed: AccessibilitySeed) =>
  `/machineEdit?id=${seed.machines[0]}&prev=machineList`;
export const customerCardPath = (seed: AccessibilitySeed) =>
  `/customerEdit?id=${seed.customer}&shortName=${encodeURIComponent(seed.customerName)}`;
