import { describe, expect, it } from 'vitest';
import { PNG, pdfText } from '../../modules/protocols/protocols.fixtures.js';
import { a4Document, renderPdf } from './pdf.js';

const company = {
  name: 'Źródło Maszyn Sp. z o.o.',
  street: 'ul. Żółkiewskiego 3',
  zipCode: '30-001',
  city: 'Kraków',
  nip: '6760000000',
  regon: '120000000',
  phone: '12 000 00 00',
  email: 'biuro@zrodlo.pl',
  www: 'zrodlo.pl',
};

describe('lib/pdf', () => {
  it('renders A4 with the company header, the logo and "Strona X z Y" on every page, Polish letters intact', async () => {
    const pdf = await renderPdf(
      a4Document({
        company,
        logo: PNG,
        title: 'Próba',
        content: Array.from({ length: 120 }, (_, i) => ({
          text: `Wiersz ${i + 1}: Zażółć gęślą jaźń ZAŻÓŁĆ GĘŚLĄ JAŹŃ`,
        })),
      }),
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Źródło Maszyn Sp. z o.o.');
    expect(text).toContain('ul. Żółkiewskiego 3, 30-001 Kraków');
    expect(text).toContain('NIP 6760000000 · REGON 120000000');
    expect(text).toContain('Wiersz 120: Zażółć gęślą jaźń ZAŻÓŁĆ GĘŚLĄ JAŹŃ');
    const pages = Number(/Strona 1 z (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Strona ${pages} z ${pages}`);
    // A4 is 595.28 × 841.89 points.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    // The logo: one image (and its alpha mask).
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(1);
  });
});
