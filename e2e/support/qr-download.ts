import type { Locator, Page } from 'playwright-core';
import { settleDialog } from './browser';
import { downloadedBytes } from './register-kit';
import { decodeLabelSheet, type DecodedLabel } from './qr';

/**
 * Clicks a QR label button, answers its dialog (starting at sheet place `from` when given, else
 * where the dialog offers), takes the downloaded naklejki-qr.pdf and decodes its labels.
 */
export async function qrSheetOf(page: Page, button: Locator, from?: number): Promise<DecodedLabel[]> {
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Drukuj naklejki QR' });
  // Its opening transition over (a click during it was lost on a busy CI machine).
  await settleDialog(dialog);
  if (from !== undefined) {
    await dialog.getByRole('button', { name: new RegExp(`^Naklejka ${from} `) }).click();
  }
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /^Drukuj/ }).click();
  const file = await download;
  if (file.suggestedFilename() !== 'naklejki-qr.pdf') {
    throw new Error(`Downloaded ${file.suggestedFilename()}, not naklejki-qr.pdf`);
  }
  return decodeLabelSheet(await downloadedBytes(file));
}
