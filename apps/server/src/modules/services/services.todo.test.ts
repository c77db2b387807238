import { describe, expect, it } from 'vitest';
import { MSG } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { auditEntriesFor } from '../../../test/service-fixtures.js';
import { todos } from '../todos/todos.table.js';
import { customerWithMachines, postService, serviceJson, updateService } from './services.fixtures.js';

const ctx = useTestApp();

async function setup() {
  const user = await createUserAndLogin(ctx);
  const admin = await createUserAndLogin(ctx, { admin: true });
  const { customer, devices } = await customerWithMachines(ctx);
  const json = (overrides = {}) => serviceJson(customer.id, [devices[0].id], overrides);
  return { user, admin, json };
}

const changeTodo = (user: Parameters<typeof as>[0], payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/service/changeTodoStatus', headers: as(user), payload });

describe('to-dos of service events', () => {
  it('creates and then changes the event to-do through changeTodoStatus (admin)', async () => {
    const { user, admin, json } = await setup();
    const created = (await postService(ctx, user, json())).json();
    const added = await changeTodo(admin, { id: created.id, toDoStatus: 'TODO', todo: 'Wymienić filtr' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ id: created.id, todo: 'Wymienić filtr', toDoStatus: 'TODO' });
    const done = await changeTodo(admin, { id: created.id, toDoStatus: 'DONE' });
    expect(done.json()).toMatchObject({ todo: 'Wymienić filtr', toDoStatus: 'DONE' });
    const rows = await ctx.database.db.select().from(todos);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      serviceId: created.id,
      description: 'Wymienić filtr',
      toDoStatus: 'DONE',
      userCreatedId: admin.id,
    });
    const entries = await auditEntriesFor(ctx.database.db, `service:${created.id}`);
    expect(entries.map((e) => e.formattedMessage).join('\n')).toMatch(
      /zadanie zdarzenia serwisowego.*: zakończone/,
    );
  });

  it('refuses employees with 403 and the to-do message', async () => {
    const { user, json } = await setup();
    const created = (await postService(ctx, user, json())).json();
    const refused = await changeTodo(user, { id: created.id, toDoStatus: 'DONE', todo: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Brak uprawnień do tej operacji.');
    expect(await ctx.database.db.select().from(todos)).toHaveLength(0);
  });

  it('validates the body and the event', async () => {
    const { admin, json } = await setup();
    const created = (await postService(ctx, admin, json())).json();
    expect((await changeTodo(admin, { id: created.id, toDoStatus: 'MAYBE' })).statusCode).toBe(400);
    const empty = await changeTodo(admin, { id: created.id, toDoStatus: 'TODO', todo: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MSG.serviceTodoTextRequired);
    expect((await changeTodo(admin, { id: 99_999, toDoStatus: 'TODO', todo: 'x' })).statusCode).toBe(404);
  });

  it('never blanks an existing to-do: an empty or blank text is refused and the text stays', async () => {
    const { admin, json } = await setup();
    const created = (await postService(ctx, admin, json())).json();
    await changeTodo(admin, { id: created.id, toDoStatus: 'TODO', todo: 'Wymienić filtr' });
    for (const todo of ['', '   ']) {
      const blank = await changeTodo(admin, { id: created.id, toDoStatus: 'DONE', todo });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe(MSG.serviceTodoTextRequired);
    }
    const rows = await ctx.database.db.select().from(todos);
    expect(rows).toMatchObject([{ description: 'Wymienić filtr', toDoStatus: 'TODO' }]);
  });

  it('takes the to-do from the service form for admins and refuses a changed one from employees', async () => {
    const { user, admin, json } = await setup();
    const byAdmin = await postService(ctx, admin, json({ todo: 'Dowieźć części' }));
    expect(byAdmin.json()).toMatchObject({ todo: 'Dowieźć części', toDoStatus: 'TODO' });
    const byUser = await postService(ctx, user, json({ todo: 'Moje zadanie' }));
    expect(byUser.statusCode).toBe(403);

    const own = (await postService(ctx, user, json())).json();
    await changeTodo(admin, { id: own.id, toDoStatus: 'TODO', todo: 'Sprawdzić' });
    // The form sends the unchanged to-do back: fine; a changed one: refused.
    const unchanged = await updateService(ctx, user, {
      ...json({ todo: 'Sprawdzić', toDoStatus: 'TODO' }),
      id: own.id,
    });
    expect(unchanged.statusCode).toBe(200);
    const changed = await updateService(ctx, user, { ...json({ todo: 'Inaczej' }), id: own.id });
    expect(changed.statusCode).toBe(403);
    // An admin clearing the text removes the to-do.
    const cleared = await updateService(ctx, admin, { ...json({ todo: '' }), id: own.id });
    expect(cleared.json()).toMatchObject({ todo: null, toDoStatus: null });
  });
});
