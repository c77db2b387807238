import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createUserAndLogin, storedNames, useTestApp } from '../../../test/test-app.js';
import { auditEntriesFor } from '../../../test/service-fixtures.js';
import { files } from '../files/files.table.js';
import { services } from './services.table.js';
import { customerWithMachines, postService, serviceJson, uploadToService } from './services.fixtures.js';

// 0.01 MB = 10 485 bytes: the service event's two upload calls share the machine files' limit.
const ctx = useTestApp({ MAX_UPLOAD_MB: '0.01' });
const LIMIT = Math.floor(0.01 * 1024 * 1024);
const TOO_LARGE = 'Plik jest za duży (maks. 0,01 MB).';

/** An employee and an event to save: signed (numbered) or a draft (which takes files later). */
async function setup(isToSign: boolean) {
  const user = await createUserAndLogin(ctx);
  const { customer, devices } = await customerWithMachines(ctx, 1);
  return { user, json: serviceJson(customer.id, [devices[0].id], { isToSign }) };
}

describe('upload size limit on service events (MAX_UPLOAD_MB)', () => {
  it('refuses an event saved with a protocol file over the limit: no event, no number used, no bytes', async () => {
    const { user, json } = await setup(true);
    const storedBefore = await storedNames(ctx);
    const refused = await postService(ctx, user, json, {
      filename: 'protokol.pdf',
      content: Buffer.alloc(LIMIT + 1, 7),
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(TOO_LARGE);
    expect(await ctx.database.db.select().from(services)).toHaveLength(0);
    expect(await ctx.database.db.select().from(files)).toHaveLength(0);
    expect(await storedNames(ctx)).toEqual(storedBefore);

    // The refused save took no number: the next event of the year is still number 1.
    const saved = await postService(ctx, user, json, {
      filename: 'protokol.pdf',
      content: Buffer.alloc(LIMIT, 7),
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ number: 1 });
    expect(await storedNames(ctx)).toHaveLength(storedBefore.length + 1);
  });

  it('refuses a file over the limit added to an event, and keeps the event and its files as they were', async () => {
    const { user, json } = await setup(false);
    const event = (await postService(ctx, user, json, { filename: 'a.pdf', content: 'pierwszy' })).json();
    const storedBefore = await storedNames(ctx);
    const logBefore = await auditEntriesFor(ctx.database.db, `service:${event.id}`);

    const refused = await uploadToService(ctx, user, event.id, {
      filename: 'zdjecie.jpg',
      content: Buffer.alloc(LIMIT * 3, 7),
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(TOO_LARGE);
    const rows = await ctx.database.db.select().from(files).where(eq(files.serviceId, event.id));
    expect(rows.map((row) => row.filename)).toEqual(['a.pdf']);
    expect(await storedNames(ctx)).toEqual(storedBefore);
    expect(await auditEntriesFor(ctx.database.db, `service:${event.id}`)).toEqual(logBefore);

    const accepted = await uploadToService(ctx, user, event.id, {
      filename: 'zdjecie.jpg',
      content: Buffer.alloc(LIMIT, 7),
    });
    expect(accepted.statusCode).toBe(200);
    expect(await storedNames(ctx)).toHaveLength(storedBefore.length + 1);
  });
});
