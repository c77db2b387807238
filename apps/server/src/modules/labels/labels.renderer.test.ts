import { afterAll, describe, expect, it } from 'vitest';
import { MSG, type CompanyData } from '@serwis/domain';
import { pdfText } from '../../../test/pdf-reader.js';
import { AppError } from '../../lib/app-error.js';
import { LabelRenderer } from './labels.renderer.js';
import type { LabelMachine } from './labels.pdf.js';

const company = { name: 'Maszyny Żuraw' } as CompanyData;
const machines = (count: number): LabelMachine[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Tokarka ${i + 1}`,
    serialNumber: `SN-${i + 1}`,
    url: `https://serwis.firma.pl/machineEdit?id=${i + 1}`,
  }));

/** Turns of this thread's event loop until `work` settles. */
async function turnsWhile(work: Promise<unknown>): Promise<number> {
  let settled = false;
  void work.then(
    () => (settled = true),
    () => (settled = true),
  );
  let turns = 0;
  while (!settled) {
    await new Promise((resolve) => setImmediate(resolve));
    turns++;
  }
  return turns;
}

describe('label sheets on their own thread', () => {
  const renderer = new LabelRenderer(50);
  afterAll(() => renderer.close());

  it('makes the sheet while this thread goes on answering', async () => {
    await renderer.render(machines(1), company); // the worker started and warm
    const sheet = renderer.render(machines(240), company);
    // Made on this thread, the sheet's layout is one run of seconds: a turn or two at most.
    expect(await turnsWhile(sheet)).toBeGreaterThan(50);
    const text = pdfText(await sheet);
    expect(text).toContain('Tokarka 1');
    expect(text).toContain('Tokarka 240');
    expect(text).toContain('Nr ser.: SN-240');
  });

  it('answers 503 in Polish to a sheet that waited too long for the one being made', async () => {
    const first = renderer.render(machines(240), company);
    const second = await renderer.render(machines(1), company).catch((error: unknown) => error);
    expect(second).toBeInstanceOf(AppError);
    expect(second).toMatchObject({ statusCode: 503, message: MSG.serverBusy, code: 'BUSY' });
    expect((await first).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('stops a sheet whose client went away, and makes the next one on a new worker', async () => {
    const gone = new AbortController();
    const abandoned = renderer.render(machines(2400), company, gone.signal);
    setTimeout(() => gone.abort(), 100);
    await expect(abandoned).rejects.toThrow();
    const next = await renderer.render(machines(3), company);
    expect(pdfText(next)).toContain('Tokarka 3');
  });
});
