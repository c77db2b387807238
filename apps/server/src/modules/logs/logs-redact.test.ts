import { describe, expect, it } from 'vitest';
import { LOG_REDACT_TEXT, MSG, REDACTED_TEXT, type LogEntry } from '@serwis/domain';
import { audit } from '../../plugins/audit.js';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';

const ctx = useTestApp();

const redact = (user: TestUser, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/log/redact', headers: as(user), payload });

async function entries(admin: TestUser, q = '') {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/log/findAll${q ? `?q=${encodeURIComponent(q)}` : ''}`,
    headers: as(admin),
  });
  return response.json<LogEntry[]>();
}

/** A person's data as the log came to hold it: a customer's contacts, a note, a former employee's e-mail. */
async function seedPerson() {
  const db = ctx.database.db;
  await audit(
    db,
    { email: 'anna@firma.pl', firstName: 'Anna', lastName: 'Nowak' },
    'edycja kontrahenta RODO (id 201): telefon: „+48 601 777 888” → —, e-mail: „zenon.prywatny@klient.pl” → —',
    'customer:201',
  );
  await audit(
    db,
    { email: 'anna@firma.pl' },
    'usunięcie notatki nr 4: treść: „Kontakt: ZENON PRYWATNY, prywatnie: Zenon Prywatny choruje”',
    'note:4',
  );
  await audit(
    db,
    { email: 'zenon.prywatny@klient.pl', firstName: 'Zenon', lastName: 'Prywatny' },
    'zalogowanie',
  );
  await audit(
    db,
    { email: 'anna@firma.pl' },
    'edycja kontrahenta Beta (id 5): miasto: „Łódź” → „Kraków”',
    'customer:5',
  );
}

describe('POST /api/log/redact', () => {
  it('is for administrators, and refuses a text too short to be a person’s', async () => {
    const jan = await createUserAndLogin(ctx);
    const forbidden = await redact(jan, { text: 'Zenon Prywatny' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(MSG.forbidden);

    const admin = await createUserAndLogin(ctx, { admin: true });
    const short = await redact(admin, { text: ' Ze ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain(LOG_REDACT_TEXT.tooShort);
  });

  it('counts first, then replaces every occurrence in any letter case, and logs only the count', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    await seedPerson();
    const before = await entries(admin);

    const preview = await redact(admin, { text: 'zenon prywatny', preview: true });
    expect(preview.statusCode).toBe(200);
    // The note (twice, two cases) and the login line (the name in the message); not the e-mail's dot.
    expect(preview.json()).toEqual({ entries: 2 });
    expect(await entries(admin)).toEqual(before);

    const done = await redact(admin, { text: 'zenon prywatny' });
    expect(done.json()).toEqual({ entries: 2 });
    const after = await entries(admin);
    const note = after.find((e) => e.arg1 === 'note:4')!;
    expect(note.formattedMessage).toBe(
      `Anna@firma.pl: usunięcie notatki nr 4: treść: „Kontakt: ${REDACTED_TEXT}, prywatnie: ${REDACTED_TEXT} choruje”`.replace(
        'Anna@firma.pl',
        'anna@firma.pl',
      ),
    );
    // The entry of the removal says how many, never what.
    const logged = after[0]!;
    expect(logged.formattedMessage).toContain(LOG_REDACT_TEXT.logged(2));
    expect(logged.formattedMessage.toLowerCase()).not.toContain('zenon');
    expect(await entries(admin, 'Zenon Prywatny')).toEqual([]);
    // Other entries are as they were.
    expect(after.find((e) => e.arg1 === 'customer:5')).toEqual(before.find((e) => e.arg1 === 'customer:5'));
  });

  it('takes a phone with its punctuation and an e-mail out of the message and the user column', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    await seedPerson();
    expect((await redact(admin, { text: '+48 601 777 888' })).json()).toEqual({ entries: 1 });
    expect((await redact(admin, { text: 'Zenon.Prywatny@klient.pl' })).json()).toEqual({ entries: 2 });
    const after = await entries(admin);
    expect(after.find((e) => e.arg1 === 'customer:201')!.formattedMessage).toBe(
      `Anna Nowak (anna@firma.pl): edycja kontrahenta RODO (id 201): telefon: „${REDACTED_TEXT}” → —, e-mail: „${REDACTED_TEXT}” → —`,
    );
    const login = after.find((e) => e.formattedMessage.endsWith('zalogowanie'))!;
    expect(login.arg0).toBe(REDACTED_TEXT);
    expect(login.formattedMessage).toBe(`Zenon Prywatny (${REDACTED_TEXT}): zalogowanie`);
    // Nothing holds it any more: a second removal finds nothing and logs nothing.
    const count = after.length;
    expect((await redact(admin, { text: 'zenon.prywatny@klient.pl' })).json()).toEqual({ entries: 0 });
    expect(await entries(admin)).toHaveLength(count);
  });

  it('matches Polish capitals as their small letters', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    await seedPerson();
    expect((await redact(admin, { text: 'ŁÓDŹ' })).json()).toEqual({ entries: 1 });
    const edited = (await entries(admin)).find((e) => e.arg1 === 'customer:5')!;
    expect(edited.formattedMessage).toContain(`miasto: „${REDACTED_TEXT}” → „Kraków”`);
  });
});

describe('POST /api/log/redact: only what was asked for', () => {
  it('takes whole words only: three letters are not cut out of every longer word', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    await seedPerson();
    const before = await entries(admin);
    expect((await redact(admin, { text: 'pry' })).json()).toEqual({ entries: 0 });
    expect((await redact(admin, { text: 'Nowa' })).json()).toEqual({ entries: 0 });
    expect(await entries(admin)).toEqual(before);
  });

  it('takes any quotation mark for one and a run of spaces for a space, as the log’s search does', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    await audit(ctx.database.db, { email: 'anna@firma.pl' }, 'notatka: „Ala  Kot” i "Ala Kot"', 'note:9');
    expect((await redact(admin, { text: '„Ala Kot”' })).json()).toEqual({ entries: 1 });
    const note = (await entries(admin)).find((e) => e.arg1 === 'note:9')!;
    expect(note.formattedMessage).toBe(`anna@firma.pl: notatka: ${REDACTED_TEXT} i ${REDACTED_TEXT}`);
  });

  it('leaves the entries of earlier removals as they are', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    await seedPerson();
    expect((await redact(admin, { text: 'Zenon Prywatny' })).json()).toEqual({ entries: 2 });
    expect((await redact(admin, { text: 'usunięcie danych osobowych' })).json()).toEqual({ entries: 0 });
    expect((await redact(admin, { text: 'wpisów' })).json()).toEqual({ entries: 0 });
  });
});
