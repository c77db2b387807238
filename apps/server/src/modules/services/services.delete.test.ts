import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp, storedNames } from '../../../test/test-app.js';
import { auditEntriesFor } from '../../../test/service-fixtures.js';
import { files } from '../files/files.table.js';
import { incidents } from '../incidents/incidents.table.js';
import { todos } from '../todos/todos.table.js';
import { serviceDevices, services } from './services.table.js';
import { customerWithMachines, deleteService, postService, serviceJson } from './services.fixtures.js';

const ctx = useTestApp();

async function setup() {
  const user = await createUserAndLogin(ctx);
  const admin = await createUserAndLogin(ctx, { admin: true });
  const { customer, devices } = await customerWithMachines(ctx);
  const json = (overrides = {}) => serviceJson(customer.id, [devices[0].id], overrides);
  return { user, admin, devices, json };
}

const serviceExists = async (id: number) =>
  (await ctx.database.db.select().from(services).where(eq(services.id, id))).length === 1;

describe('DELETE /api/service/delete/{id}', () => {
  it('deletes an unnumbered event with its machine links', async () => {
    const { user, admin, json } = await setup();
    const draft = (await postService(ctx, user, json())).json();
    const response = await deleteService(ctx, admin, draft.id);
    expect(response.statusCode).toBe(200);
    expect(await serviceExists(draft.id)).toBe(false);
    expect(await ctx.database.db.select().from(serviceDevices)).toHaveLength(0);
    const entries = await auditEntriesFor(ctx.database.db, `service:${draft.id}`);
    expect(entries.at(-1)!.formattedMessage).toContain('usunięcie zdarzenia serwisowego (auto)');
  });

  it('answers 304 with an empty body for a numbered event that is not the last of its year', async () => {
    const { admin, json } = await setup();
    const first = (await postService(ctx, admin, json({ isToSign: true }))).json();
    const second = (await postService(ctx, admin, json({ isToSign: true }))).json();
    await postService(ctx, admin, json({ isToSign: true, date: '2027-01-10' })); // another year's 1
    const refused = await deleteService(ctx, admin, first.id);
    expect(refused.statusCode).toBe(304);
    expect(refused.body).toBe('');
    expect(await serviceExists(first.id)).toBe(true);
    // The last of 2026 goes; then the first becomes the last and goes too.
    expect((await deleteService(ctx, admin, second.id)).statusCode).toBe(200);
    expect((await deleteService(ctx, admin, first.id)).statusCode).toBe(200);
    expect(await serviceExists(first.id)).toBe(false);
  });

  it('treats the letter as part of the order: 25 is not last while 25A exists', async () => {
    const { admin, json } = await setup();
    const plain = (await postService(ctx, admin, json({ isToSign: true, number: '25' }))).json();
    const lettered = (await postService(ctx, admin, json({ isToSign: true, number: '25A' }))).json();
    expect((await deleteService(ctx, admin, plain.id)).statusCode).toBe(304);
    expect((await deleteService(ctx, admin, lettered.id)).statusCode).toBe(200);
  });

  it('lets only admins delete an event, an employee not even his own open one', async () => {
    const { user, admin, json } = await setup();
    const signed = (await postService(ctx, user, json({ isToSign: true }))).json();
    const draft = (await postService(ctx, user, json())).json();
    for (const id of [signed.id, draft.id]) {
      const refused = await deleteService(ctx, user, id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Brak uprawnień do tej operacji!');
      expect(await serviceExists(id)).toBe(true);
    }
    expect((await deleteService(ctx, admin, draft.id)).statusCode).toBe(200);
    expect((await deleteService(ctx, admin, signed.id)).statusCode).toBe(200);
  });

  it("refuses an employee deleting someone else's event; an unknown one is 404 for an admin", async () => {
    const { user, admin, json } = await setup();
    const colleague = await createUserAndLogin(ctx);
    const draft = (await postService(ctx, user, json())).json();
    expect((await deleteService(ctx, colleague, draft.id)).statusCode).toBe(403);
    // Refused before the event is looked for: an employee learns nothing of which ids exist.
    expect((await deleteService(ctx, user, 99_999)).statusCode).toBe(403);
    expect((await deleteService(ctx, admin, 99_999)).statusCode).toBe(404);
  });

  it("removes the event's files with their bytes, its to-do, and unlinks its incidents", async () => {
    const { admin, devices, json } = await setup();
    const created = await postService(ctx, admin, json({ todo: 'Zamówić grzałkę' }), {
      filename: 'protokół.pdf',
      content: '%PDF-1.4',
    });
    const id = created.json().id;
    const incident = await ctx.app.inject({
      method: 'POST',
      url: '/api/incident/insert',
      headers: as(admin),
      payload: {
        id: 0,
        device: { id: devices[0].id },
        date: '2026-03-15T10:00',
        text: 'Awaria',
        service: { id },
      },
    });
    expect(incident.statusCode).toBe(201);
    expect(await storedNames(ctx)).toHaveLength(1);

    expect((await deleteService(ctx, admin, id)).statusCode).toBe(200);
    expect(await storedNames(ctx)).toHaveLength(0);
    expect(await ctx.database.db.select().from(files)).toHaveLength(0);
    expect(await ctx.database.db.select().from(todos)).toHaveLength(0);
    const [kept] = await ctx.database.db.select().from(incidents);
    expect(kept.serviceId).toBeNull();
  });
});
