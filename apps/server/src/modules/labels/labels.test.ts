import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { addDevice, deviceBody, seedReferences } from '../devices/devices.fixtures.js';
import { labelPosition, nameForLabel } from './labels.pdf.js';
import { decodeLabel as readLabel } from '../../../test/label-reader.js';
import { pdfPagesGray, pdfText as readPdfText, type GrayPage } from '../../../test/pdf-reader.js';

const ctx = useTestApp({
  PUBLIC_BASE_URL: 'https://serwis.firma.pl',
  MAIL_FROM: 'Maszyny Żuraw <serwis@zuraw.pl>',
});
const DPI = 150;

type Gray = GrayPage;

const renderPages = (pdf: Buffer): Gray[] => pdfPagesGray(pdf, DPI);

/** Reading order, one label's lines after another; wrapped lines joined by single spaces. */
const pdfText = (pdf: Buffer): string => readPdfText(pdf, 'reading').replace(/\s+/g, ' ');

/** The QR code of label `index` (on its page) read from the rendered image. */
const decodeLabel = (page: Gray, index: number) => readLabel(page, index, DPI);

async function labels(user: TestUser, prefix: string, body: object) {
  return ctx.app.inject({ method: 'POST', url: `${prefix}/qr-labels`, headers: as(user), payload: body });
}

describe('QR nameplates', () => {
  it('prints the chosen machines on an A4 3×8 sheet: QR of the card address, name, serial number, company', async () => {
    const user = await createUserAndLogin(ctx);
    const refs = await seedReferences(ctx);
    const a = await addDevice(
      ctx,
      user,
      'INTERNAL',
      deviceBody(refs, { name: 'Prasa hydrauliczna Łoś', serialNumber: 'PH-2024/17' }),
    );
    const b = await addDevice(
      ctx,
      user,
      'INTERNAL',
      deviceBody(refs, { name: 'Tokarka CNC Żuk', serialNumber: 'TK-9' }),
    );
    const response = await labels(user, '/api/device', { ids: [b.id, a.id] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const [page, ...more] = renderPages(pdf);
    expect(more).toHaveLength(0);
    // A4 at 150 dpi.
    expect(Math.abs(page.width - 1240)).toBeLessThanOrEqual(1);
    expect(Math.abs(page.height - 1754)).toBeLessThanOrEqual(1);
    expect(decodeLabel(page, 0)).toBe(`https://serwis.firma.pl/machineEdit?id=${b.id}`);
    expect(decodeLabel(page, 1)).toBe(`https://serwis.firma.pl/machineEdit?id=${a.id}`);
    expect(decodeLabel(page, 2)).toBeNull();
    const text = pdfText(pdf);
    expect(text).toContain('Tokarka CNC Żuk');
    expect(text).toContain('Prasa hydrauliczna Łoś');
    expect(text).toContain('Nr ser.: PH-2024/17');
    expect(text).toContain('Maszyny Żuraw');
  });

  it('cuts a name too long for its three lines after a whole word, with "…"', async () => {
    expect(nameForLabel('Prasa hydrauliczna Łoś')).toBe('Prasa hydrauliczna Łoś');
    const long =
      'Zautomatyzowana linia do spawania zrobotyzowanego konstrukcji stalowych ŻÓŁĆ-GĘŚLĄ model 2026';
    const cut = nameForLabel(long);
    expect(cut).toBe('Zautomatyzowana linia do spawania…');
    // Every line within 16 characters, "…" included: the whole of it is printed.
    expect(nameForLabel('Tokarka pozioma XXXXXXXXXXXXXXXX YYYYYYYYYYYYYYYY ZZZ', 16, 3)).toBe(
      'Tokarka pozioma XXXXXXXXXXXXXXXX YYYYYYYYYYYYYYY…',
    );
    expect(nameForLabel('Bardzodługanazwabezspacjiwcale')).toBe('Bardzodługanazw…');

    const user = await createUserAndLogin(ctx);
    const refs = await seedReferences(ctx);
    const machine = await addDevice(
      ctx,
      user,
      'INTERNAL',
      deviceBody(refs, { name: long, serialNumber: 'ZL-1' }),
    );
    const response = await labels(user, '/api/device', { ids: [machine.id] });
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Zautomatyzowana linia do spawania…');
    expect(text).not.toContain('konstrukcji');
    // Below the name, the rest of the label is all there.
    expect(text).toContain('Nr ser.: ZL-1');
    expect(text).toContain('Maszyny Żuraw');
  });

  it('prints every machine of the list filter across sheets, each family with its own card address', async () => {
    const user = await createUserAndLogin(ctx);
    const refs = await seedReferences(ctx);
    const ids: number[] = [];
    for (let i = 0; i < 26; i++) {
      ids.push(
        (
          await addDevice(
            ctx,
            user,
            'EXTERNAL',
            deviceBody(refs, { name: `Obca ${i}`, serialNumber: `X${i}` }),
          )
        ).id,
      );
    }
    await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { name: 'Własna' }));
    const response = await labels(user, '/api/device-external', { filter: null, sort: 'id,asc' });
    expect(response.statusCode).toBe(200);
    const pages = renderPages(response.rawPayload);
    expect(pages).toHaveLength(2);
    expect(decodeLabel(pages[0], 0)).toBe(`https://serwis.firma.pl/machineExternalEdit?id=${ids[0]}`);
    expect(decodeLabel(pages[0], 23)).toBe(`https://serwis.firma.pl/machineExternalEdit?id=${ids[23]}`);
    expect(decodeLabel(pages[1], 25)).toBe(`https://serwis.firma.pl/machineExternalEdit?id=${ids[25]}`);
    expect(pdfText(response.rawPayload)).not.toContain('Własna');
  });

  it('starts at the first free place of a sheet already partly used, and goes on to the next sheet', async () => {
    const user = await createUserAndLogin(ctx);
    const refs = await seedReferences(ctx);
    const ids: number[] = [];
    for (const name of ['Prasa', 'Tokarka', 'Frezarka']) {
      ids.push((await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { name }))).id);
    }
    // One of the chosen machines deleted meanwhile: left out, and the count of labels says so.
    const one = await labels(user, '/api/device', { ids: [ids[0], 999_999], firstLabel: 8 });
    expect(one.statusCode).toBe(200);
    expect(one.headers['x-labels-count']).toBe('1');
    const [page] = renderPages(one.rawPayload);
    // Place 8 is the second label of the third row; the seven before it stay blank.
    expect(labelPosition(7)).toMatchObject({ page: 0, xMm: 70, yMm: 0.5 + 2 * 37 });
    for (let place = 0; place < 7; place++) expect(decodeLabel(page, place)).toBeNull();
    expect(decodeLabel(page, 7)).toBe(`https://serwis.firma.pl/machineEdit?id=${ids[0]}`);
    expect(decodeLabel(page, 8)).toBeNull();

    // From place 23: two on this sheet, the third at the top of the next.
    const three = await labels(user, '/api/device', { ids, firstLabel: 23 });
    const pages = renderPages(three.rawPayload);
    expect(pages).toHaveLength(2);
    expect(decodeLabel(pages[0], 22)).toBe(`https://serwis.firma.pl/machineEdit?id=${ids[0]}`);
    expect(decodeLabel(pages[0], 23)).toBe(`https://serwis.firma.pl/machineEdit?id=${ids[1]}`);
    expect(decodeLabel(pages[1], 24)).toBe(`https://serwis.firma.pl/machineEdit?id=${ids[2]}`);
    expect(decodeLabel(pages[1], 25)).toBeNull();

    for (const firstLabel of [0, 25, 2.5, '3']) {
      const wrong = await labels(user, '/api/device', { ids, firstLabel });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('Podaj numer pierwszej wolnej naklejki na arkuszu: od 1 do 24.');
    }
  });

  it('answers in Polish when there is nothing to print or too much', async () => {
    const user = await createUserAndLogin(ctx);
    const none = await labels(user, '/api/device', { ids: [999] });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Brak maszyn do wydrukowania naklejek.');
    // With a machine in the register: an empty choice still prints nothing (it printed them all).
    await addDevice(ctx, user, 'INTERNAL', deviceBody(await seedReferences(ctx), { name: 'Prasa' }));
    const nothingChosen = await labels(user, '/api/device', { ids: [] });
    expect(nothingChosen.statusCode).toBe(404);
    expect(nothingChosen.json().message).toBe('Brak maszyn do wydrukowania naklejek.');
    const many = await labels(user, '/api/device', { ids: Array.from({ length: 2401 }, (_, i) => i + 1) });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toContain('Za dużo maszyn na jeden wydruk');
  });
});
