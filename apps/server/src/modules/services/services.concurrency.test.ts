import { describe, expect, it } from 'vitest';
import { createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { customerWithMachines, postService, serviceAction, serviceJson } from './services.fixtures.js';

/**
 * On PGlite queries run one at a time, so this passes trivially there; against PostgreSQL (CI runs
 * the server suite with DATABASE_URL) the saves really overlap and only the year lock keeps the
 * numbers apart.
 */
const ctx = useTestApp();
const PARALLEL = 20;

describe('numbering under concurrent saves', () => {
  it(`gives ${PARALLEL} simultaneous signed saves the numbers 1..${PARALLEL}, each once`, async () => {
    const users = await Promise.all([createUserAndLogin(ctx), createUserAndLogin(ctx, { admin: true })]);
    const { customer, devices } = await customerWithMachines(ctx, 1);
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        postService(
          ctx,
          users[i % 2],
          serviceJson(customer.id, [devices[0].id], { isToSign: true, date: '2026-06-10' }),
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(201));
    const assigned = responses.map((r) => r.json().number as number).sort((a, b) => a - b);
    expect(assigned).toEqual(Array.from({ length: PARALLEL }, (_, i) => i + 1));
  });

  it('numbers drafts signed at the same time uniquely, after the numbers already used', async () => {
    const user = await createUserAndLogin(ctx);
    const { customer, devices } = await customerWithMachines(ctx, 1);
    const json = serviceJson(customer.id, [devices[0].id], { date: '2026-06-10' });
    await postService(ctx, user, { ...json, isToSign: true, number: '5' });
    const drafts = [];
    for (let i = 0; i < 10; i++) drafts.push((await postService(ctx, user, json)).json().id as number);
    const responses = await Promise.all(
      drafts.map((id, i) => serviceAction(ctx, user, i % 2 ? 'sign' : 'printForScan', id)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const assigned = responses.map((r) => r.json().number as number).sort((a, b) => a - b);
    expect(assigned).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
  });
});
