import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { postService, serviceJson } from '../services/services.fixtures.js';
import { filledIn, getProtocol, inspectionSetup, signProtocol } from './protocols.fixtures.js';

/**
 * Trivial on PGlite (one query at a time); on PostgreSQL (`npm run test:pg`) the signings overlap
 * and only the year lock keeps their numbers apart, each with its own PDF.
 */
const ctx = useTestApp();
const PARALLEL = 8;

describe('signing protocols at the same time', () => {
  it(`numbers ${PARALLEL} protocols signed at once 1..${PARALLEL}, each once, each with its PDF`, async () => {
    const users = await Promise.all([createUserAndLogin(ctx), createUserAndLogin(ctx)]);
    const { customer, device, serviceId } = await inspectionSetup(ctx, users[0]);
    const ids = [serviceId];
    for (let i = 1; i < PARALLEL; i++) {
      const r = await postService(
        ctx,
        users[i % 2],
        serviceJson(customer.id, [device.id], { type: ['NAPRAWA'] }),
      );
      ids.push(r.json().id);
    }
    const payloads = await Promise.all(
      ids.map(async (id, i) => filledIn((await getProtocol(ctx, users[i % 2], id)).json().data)),
    );
    const responses = await Promise.all(ids.map((id, i) => signProtocol(ctx, users[i % 2], id, payloads[i])));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(200));
    const numbers = responses
      .map((r) => Number(r.json().header.fullNumber.split('/')[0]))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: PARALLEL }, (_, i) => i + 1));
    const services = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/service/findByDeviceWithFilesEnitiy/${device.id}`,
        headers: as(users[0]),
      })
    ).json() as { state: string; files: unknown[] }[];
    expect(services.every((s) => s.state === 'PODPISANY' && s.files.length === 1)).toBe(true);
  });
});
