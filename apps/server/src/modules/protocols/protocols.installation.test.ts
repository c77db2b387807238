import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import {
  filledIn,
  getProtocol,
  inspectionSetup,
  pdfText,
  sendProtocol,
  signProtocol,
} from './protocols.fixtures.js';

const ctx = useTestApp();

describe('installation protocol (INSTALACJA, MONTAZ)', () => {
  it('checks the installation operations in their order, titled and headed from the configuration', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const user = await createUserAndLogin(ctx);
    const ids: number[] = [];
    for (const text of ['Posadowienie maszyny', 'Podłączenie zasilania', 'Próba ruchowa']) {
      const r = await ctx.app.inject({
        method: 'POST',
        url: '/api/installation-operation',
        headers: as(admin),
        payload: { text },
      });
      ids.push(r.json().id);
    }
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/installation-operation/move-up?installationOperationId=${ids[2]}`,
      headers: as(admin),
    });
    for (const [name, value] of [
      ['pdf/installation-protocol/title', 'Protokół montażu i uruchomienia'],
      ['pdf/installation-protocol/table-header', 'Czynność montażowa'],
    ]) {
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/configuration',
        headers: as(admin),
        payload: { name, value },
      });
    }
    const { serviceId } = await inspectionSetup(ctx, user, ['MONTAZ']);
    const protocol = (await getProtocol(ctx, user, serviceId)).json();
    expect(protocol.header.installation).toBe(true);
    // The editor shows the title the PDF prints, the configured one.
    expect(protocol.title).toBe('Protokół montażu i uruchomienia');
    expect(protocol.data.checklists[0].kind).toBe('INSTALLATION');
    expect(protocol.data.checklists[0].items.map((i: { name: string }) => i.name)).toEqual([
      'Posadowienie maszyny',
      'Próba ruchowa',
      'Podłączenie zasilania',
    ]);
    const signed = await signProtocol(ctx, user, serviceId, filledIn(protocol.data));
    expect(signed.statusCode).toBe(200);
    expect(signed.json().title).toBe('Protokół montażu i uruchomienia');
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/service/protocol-pdf/${serviceId}`,
      headers: as(user),
    });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Protokół montażu i uruchomienia nr 1/03/2026');
    expect(text).toContain('Czynność montażowa');
    const order = ['Posadowienie maszyny', 'Próba ruchowa', 'Podłączenie zasilania'].map((t) =>
      text.indexOf(t),
    );
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]))).toBe(true);
    // The e-mail carrying it names it as the PDF does.
    const sent = await sendProtocol(ctx, user, serviceId);
    expect(sent.statusCode).toBe(200);
    expect(ctx.mailer.sent.at(-1)?.subject).toBe('Protokół montażu i uruchomienia nr 1/03/2026');
  });
});
