import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { IMPORT_MSG } from '@serwis/domain';
import { refuseOverlongTexts } from './imports.xlsx-guard.js';

/** A zip of one XML part: `pad` bytes of one text, then one of `length`, then a long third one. */
async function zipWith(length: number, pad: number) {
  const zip = new JSZip();
  const xml = `<p>${'P'.repeat(pad)}<a>${'A'.repeat(length)}</a><b>${'B'.repeat(70_000)}</b>`;
  zip.file('xl/worksheets/sheet1.xml', xml);
  return JSZip.loadAsync(await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
}

// A text of `n` characters after "<a" is n + 2 bytes ("a>") before the next "<".
const LONGEST = 32_767 * 6 - 2;

describe('refuseOverlongTexts', () => {
  // The unpacked stream comes in chunks of 16–64 kB: the text starts in one and ends in others.
  it.each([0, 65_000, 130_000])('takes a text as long as the bound wherever it starts (%i)', async (pad) => {
    await expect(refuseOverlongTexts(await zipWith(LONGEST, pad))).resolves.toBeUndefined();
  });

  it.each([0, 65_000, 130_000])('refuses one byte more wherever it starts (%i)', async (pad) => {
    await expect(refuseOverlongTexts(await zipWith(LONGEST + 1, pad))).rejects.toMatchObject({
      statusCode: 400,
      message: IMPORT_MSG.cellTooLong,
    });
  });

  it('reads only XML parts: a picture of any length passes', async () => {
    const zip = new JSZip();
    zip.file('xl/media/image1.png', Buffer.alloc(1_000_000, 0x41));
    const loaded = await JSZip.loadAsync(
      await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
    );
    await expect(refuseOverlongTexts(loaded)).resolves.toBeUndefined();
  });
});
