import type { Locator, Page } from 'playwright-core';
import { downloadedBytes } from './register-kit';
import { decodeLabelSheet } from './qr';

/** Clicks a QR label button, takes the downloaded naklejki-qr.pdf and decodes its labels. */
export async function qrSheetOf(page: Page, button: Locator): Promise<string[]> {
  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  if (file.suggestedFilename() !== 'naklejki-qr.pdf') {
    throw new Error(`Downloaded ${file.suggestedFilename()}, not naklejki-qr.pdf`);
  }
  return decodeLabelSheet(await downloadedBytes(file));
}
