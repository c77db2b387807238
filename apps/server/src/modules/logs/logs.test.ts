import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG, type LogEntry } from '@serwis/domain';
import { audit } from '../../plugins/audit.js';
import {
  as,
  createUserAndLogin,
  recordStatements,
  useTestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { auditEntries } from '../../../test/accounts-helpers.js';
import { rowsOf } from '../../lib/result-rows.js';
import { logSearch } from './logs.repository.js';

const ctx = useTestApp();

const findAll = (user: TestUser, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/log/findAll${query}`, headers: as(user) });

/** Adds entries straight through the audit writer, oldest first. */
async function seed(count: number, make: (i: number) => [string, string]) {
  for (let i = 0; i < count; i++) {
    const [email, record] = make(i);
    await audit(ctx.database.db, { email }, `zdarzenie ${i}`, record);
  }
}

describe('GET /api/log/findAll', () => {
  it('is for administrators: 403 for a USER, 401 without a session', async () => {
    const jan = await createUserAndLogin(ctx);
    for (const query of ['', '?page=1&size=5', '?page=abc']) {
      const response = await findAll(jan, query);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MSG.forbidden);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/log/findAll' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers every entry, newest first, in the shape of the old API', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true, email: 'szef@firma.pl' });
    await seed(3, (i) => [`osoba${i}@firma.pl`, `device:${i}`]);
    const response = await findAll(admin);
    expect(response.statusCode).toBe(200);
    const body = response.json() as LogEntry[];
    // The admin's login first, then three seeded entries; newest first.
    expect(body).toHaveLength(4);
    expect(body.map((e) => e.arg1)).toEqual(['device:2', 'device:1', 'device:0', `user:${admin.id}`]);
    const ids = body.map((e) => e.eventId);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(Object.keys(body[0]).sort()).toEqual(['arg0', 'arg1', 'eventId', 'formattedMessage', 'timestmp']);
    expect(body[0]).toMatchObject({
      arg0: 'osoba2@firma.pl',
      formattedMessage: 'osoba2@firma.pl: zdarzenie 2',
    });
    expect(typeof body[0].timestmp).toBe('number');
    expect(body[0].timestmp).toBeGreaterThanOrEqual(body[3].timestmp);
  });

  it('pages on the server with X-Total-Count', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    await seed(24, (i) => ['a@firma.pl', `device:${i}`]);
    const first = await findAll(admin, '?page=1&size=10');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('25');
    expect(first.json().map((e: LogEntry) => e.arg1)).toEqual(
      Array.from({ length: 10 }, (_, i) => `device:${23 - i}`),
    );
    const third = await findAll(admin, '?page=3&size=10');
    expect(third.json()).toHaveLength(5);
    expect(third.json().at(-1).arg1).toBe(`user:${admin.id}`);
    const beyond = await findAll(admin, '?page=9&size=10');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('25');
  });

  it('past the exact bound, takes the total from the page: estimated while full, exact at the end', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    // 10,099 entries and the admin's login: 10,100, past EXACT_TOTAL_BOUND (10,000).
    await ctx.database.db.execute(sql`INSERT INTO logs (timestmp, formatted_message, arg0, arg1)
      SELECT 1700000000000 + g, 'a@firma.pl: zdarzenie ' || g, 'a@firma.pl', 'device:' || g
      FROM generate_series(1, 10099) g`);
    // Page 200 of 50 ends at the 10,000th entry: counted beside the page, up to 10,001.
    const within = await findAll(admin, '?page=200&size=50');
    expect(within.json()).toHaveLength(50);
    expect(within.headers['x-total-count-estimated']).toBe('true');
    // Page 201 reaches past the bound and is full: more than 10,050 match; the total is estimated.
    const full = await findAll(admin, '?page=201&size=50');
    expect(
      full
        .json()
        .map((e: LogEntry) => e.arg1)
        .slice(0, 2),
    ).toEqual(['device:99', 'device:98']);
    expect(full.headers['x-total-count-estimated']).toBe('true');
    expect(Number(full.headers['x-total-count'])).toBeGreaterThan(10_050);
    // Page 202 holds the last 50: nothing after it, so the total is exact without a count.
    const end = await findAll(admin, '?page=202&size=50');
    expect(end.json()).toHaveLength(50);
    expect(end.json().at(-1).arg1).toBe(`user:${admin.id}`);
    expect(end.headers['x-total-count']).toBe('10100');
    expect(end.headers['x-total-count-estimated']).toBeUndefined();
    // Past the end: empty, so fewer than its offset match, and the count up to there is exact.
    const beyond = await findAll(admin, '?page=203&size=50');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('10100');
    expect(beyond.headers['x-total-count-estimated']).toBeUndefined();
  });

  it("takes a long whole log's total from the estimate, without counting it", async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const insertEntries = (from: number, to: number) =>
      ctx.database.db.execute(sql`INSERT INTO logs (timestmp, formatted_message, arg0, arg1)
        SELECT 1700000000000 + g, 'a@firma.pl: zdarzenie ' || g, 'a@firma.pl', 'device:' || g
        FROM generate_series(${from}::int, ${to}::int) g`);
    const firstPage = async () => {
      const statements = recordStatements(ctx.database);
      const response = await findAll(admin, '?page=1&size=20').finally(statements.stop);
      expect(response.json().map((e: LogEntry) => e.arg1)[0]).toMatch(/^device:/);
      expect(response.headers['x-total-count-estimated']).toBe('true');
      const counted = statements.sent.filter((text) => /count\(\*\)/.test(text));
      return { total: Number(response.headers['x-total-count']), counted: counted.length };
    };
    // Analysed here only: PostgreSQL's autovacuum is kept off the table meanwhile.
    await ctx.database.db.execute(sql`ALTER TABLE logs SET (autovacuum_enabled = false)`);
    try {
      await insertEntries(1, 30_000);
      // Never analysed, the planner guesses 3,700 rows from the table's 370 pages: under twice the
      // bound, so the log is counted as before (up to 10,001).
      expect(await firstPage()).toEqual({ total: 10_001, counted: 1 });
      // Analysed (autovacuum; pglite-statistics.ts on PGlite), and then 15,000 entries more: the
      // estimate follows the pages and nothing is counted.
      await ctx.database.db.execute(sql`ANALYZE logs`);
      await insertEntries(30_001, 45_000);
      const { total, counted } = await firstPage();
      expect(counted).toBe(0);
      expect(total).toBeGreaterThan(40_000);
      expect(total).toBeLessThan(50_000);
    } finally {
      await ctx.database.db.execute(sql`ALTER TABLE logs RESET (autovacuum_enabled)`);
    }
    // A search is still counted, up to its bound.
    const searched = await findAll(admin, `?page=1&size=20&q=${encodeURIComponent('zdarzenie 2999')}`);
    expect(searched.headers['x-total-count']).toBe('11');
    expect(searched.headers['x-total-count-estimated']).toBeUndefined();
  });

  it('filters with q over the message, the e-mail and the record, case-insensitively', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true, email: 'szef@firma.pl' });
    await audit(ctx.database.db, { email: 'jan@firma.pl' }, 'usunięcie maszyny Prasa', 'device:7');
    await audit(ctx.database.db, { email: 'ewa@firma.pl' }, 'edycja kontrahenta ACME', 'customer:3');
    await audit(ctx.database.db, { email: 'ewa@firma.pl' }, 'rabat 50% dla klienta', 'customer:4');

    const q = async (term: string) =>
      ((await findAll(admin, `?q=${encodeURIComponent(term)}`)).json() as LogEntry[]).map((e) => e.arg1);
    expect(await q('PRASA')).toEqual(['device:7']);
    expect(await q('ewa@')).toEqual(['customer:4', 'customer:3']);
    expect(await q('customer:3')).toEqual(['customer:3']);
    // A record as the "Rekord" column names it is that record's entries, not those of record 30–39.
    await audit(ctx.database.db, { email: 'ola@firma.pl' }, 'edycja kontrahenta Beta', 'customer:30');
    expect(await q('customer:3')).toEqual(['customer:3']);
    expect(await q(' customer:30 ')).toEqual(['customer:30']);
    expect(await q('customer:')).toEqual(['customer:30', 'customer:4', 'customer:3']);
    // LIKE wildcards typed by the user are plain characters.
    expect(await q('rabat 50%')).toEqual(['customer:4']);
    // Without three letters or digits in a row a term matches the start of the message, as a short one.
    expect(await q('50%')).toEqual([]);
    expect(await q('%_')).toEqual([]);
    // One or two characters match the start of the message (its author), through an index.
    expect(await q('%')).toEqual([]);
    expect(await q('_')).toEqual([]);
    expect(await q('EW')).toEqual(['customer:4', 'customer:3']);
    expect(await q('ra')).toEqual([]);
    expect(await q('nic-takiego')).toEqual([]);

    const paged = await findAll(admin, '?q=ewa&page=1&size=1');
    expect(paged.headers['x-total-count']).toBe('2');
    expect(paged.json()).toHaveLength(1);
  });

  it('sorts by Nr either way, paged, searched and whole, and refuses a sort it does not know', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true, email: 'szef@firma.pl' });
    await seed(5, (i) => ['jan@firma.pl', `device:${i}`]);
    const ids = async (query: string) =>
      ((await findAll(admin, query)).json() as LogEntry[]).map((e) => e.eventId);
    const newestFirst = await ids('');
    const oldestFirst = [...newestFirst].reverse();
    expect(newestFirst).toHaveLength(6); // the five and the admin's login
    expect(await ids('?sort=eventId,asc')).toEqual(oldestFirst);
    expect(await ids('?sort=timestmp,asc&page=1&size=2')).toEqual(oldestFirst.slice(0, 2));
    expect(await ids('?sort=eventId,desc&page=2&size=2')).toEqual(newestFirst.slice(2, 4));
    // A search of few matches sorts them itself (fewMatches), in the order asked.
    const searched = await ids('?q=zdarzenie&sort=eventId,asc&page=1&size=10');
    expect(searched).toHaveLength(5);
    expect(searched).toEqual([...searched].sort((a, b) => a - b));
    for (const sort of ['bogus,asc', 'eventId,up', 'formattedMessage,asc']) {
      const refused = await findAll(admin, `?sort=${sort}&page=1&size=2`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: MSG.invalidSort });
    }
  });

  it('finds an entry by its Nr, beside the entries whose text holds the number', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true, email: 'szef@firma.pl' });
    const { db } = ctx.database;
    await db.execute(sql`SELECT setval(pg_get_serial_sequence('logs', 'event_id'), 25000)`);
    await audit(db, { email: 'jan@firma.pl' }, 'edycja maszyny Prasa', 'device:prasa'); // Nr 25001
    await audit(db, { email: 'jan@firma.pl' }, 'edycja maszyny Tokarka', 'device:tokarka'); // Nr 25002
    await audit(db, { email: 'ewa@firma.pl' }, 'protokół 25001 podpisany', 'service:abc'); // Nr 25003
    const q = async (term: string) =>
      ((await findAll(admin, `?q=${term}`)).json() as LogEntry[]).map((e) => [e.eventId, e.arg1]);
    expect(await q('25002')).toEqual([[25002, 'device:tokarka']]);
    expect(await q('25001')).toEqual([
      [25003, 'service:abc'],
      [25001, 'device:prasa'],
    ]);
    expect(await q('25004')).toEqual([]);
  });

  it('looks a phrase up by its rarest word and checks the whole phrase on the entries it finds', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const db = ctx.database.db;
    await db.execute(sql`INSERT INTO logs (timestmp, formatted_message, arg0, arg1)
      SELECT 1700000000000 + g, 'Jan Kowal (jan@firma.pl): podpisanie protokołu nr ' || g, 'jan@firma.pl', 'service:' || g
      FROM generate_series(1, 3000) g`);
    // The same words in another order: not the phrase.
    await audit(db, { email: 'ewa@firma.pl' }, 'nr 2500 protokołu nie podpisano', 'service:9999');
    await db.execute(sql`ANALYZE logs`);
    /** What the trigram index is asked (3,000 entries are few: a sequential scan is kept out). */
    const indexConditions = async (term: string) => {
      const where = await logSearch(db, term);
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        return tx.execute(sql`EXPLAIN SELECT 1 FROM logs WHERE ${where}`);
      });
      const lines = rowsOf<Record<string, string>>(plan).map((r) => Object.values(r)[0]);
      return lines.filter((line) => line.includes('Index Cond')).join('\n');
    };

    // "2500" is rare, "protokołu" in every entry: the index is asked for the rare word alone.
    const rare = await indexConditions('protokołu nr 2500');
    expect(rare).toContain('%2500%');
    expect(rare).not.toContain('protokołu');
    const q = async (term: string) =>
      ((await findAll(admin, `?q=${encodeURIComponent(term)}&page=1&size=10`)).json() as LogEntry[]).map(
        (e) => e.arg1,
      );
    expect(await q('protokołu nr 2500')).toEqual(['service:2500']);
    expect(await q('PROTOKOŁU NR 2500')).toEqual(['service:2500']);
    // Common words only: the whole phrase goes to the index, as before.
    expect(await indexConditions('podpisanie protokołu')).toContain('%podpisanie protokołu%');
    const common = await findAll(
      admin,
      `?q=${encodeURIComponent('podpisanie protokołu nr 299')}&page=1&size=20`,
    );
    expect((common.json() as LogEntry[]).map((e) => e.arg1)).toEqual([
      'service:2999',
      'service:2998',
      'service:2997',
      'service:2996',
      'service:2995',
      'service:2994',
      'service:2993',
      'service:2992',
      'service:2991',
      'service:2990',
      'service:299',
    ]);
  });

  it.each([
    ['?page=0', '?page=0'],
    ['?page=abc', '?page=abc'],
    ['?size=0', '?size=0'],
    ['?size=100000', '?size=100000'],
    ['a 10,000-character q', `?q=${'x'.repeat(10_000)}`],
  ])('answers 400 with a Polish message for %s', async (_label, query) => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const response = await findAll(admin, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Nieprawidłow|Tekst|Pole/);
  });
});

describe('audit entries of employee changes', () => {
  it('each insert, update and delete writes exactly one entry naming the actor and the record', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true, email: 'szef@firma.pl' });
    const start = (await auditEntries(ctx)).length;

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/insert',
      headers: as(admin),
      payload: { userName: 'Serwisant', email: 'ewa@firma.pl', password: 'Haslo-ewy-123' },
    });
    const id = created.json().id;
    let entries = (await auditEntries(ctx)).slice(start);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ arg0: 'szef@firma.pl', arg1: `user:${id}` });
    expect(entries[0].formattedMessage).toMatch(/dodanie pracownika ewa@firma.pl \(id \d+\)$/);

    await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      headers: as(admin),
      payload: { ...(created.json() as object), vacationDays: 5 },
    });
    entries = (await auditEntries(ctx)).slice(start);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ arg0: 'szef@firma.pl', arg1: `user:${id}` });
    expect(entries[1].formattedMessage).toMatch(/edycja pracownika ewa@firma.pl/);

    await ctx.app.inject({ method: 'DELETE', url: `/api/user/delete/${id}`, headers: as(admin) });
    entries = (await auditEntries(ctx)).slice(start);
    expect(entries).toHaveLength(3);
    expect(entries[2]).toMatchObject({ arg0: 'szef@firma.pl', arg1: `user:${id}` });
    expect(entries[2].formattedMessage).toMatch(/^Anna Nowak \(szef@firma.pl\): usunięcie pracownika/);

    // A new administrator is named as one, as an edit giving the role is.
    const boss = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/insert',
      headers: as(admin),
      payload: {
        userName: 'Kierownik',
        email: 'adam@firma.pl',
        password: 'Haslo-adama-123',
        roles: [{ id: 1, role: 'ADMIN' }],
      },
    });
    entries = (await auditEntries(ctx)).slice(start);
    expect(entries[3]).toMatchObject({ arg1: `user:${boss.json().id}` });
    expect(entries[3].formattedMessage).toMatch(
      /dodanie pracownika adam@firma.pl \(id \d+\): z rolą administratora$/,
    );
  });

  it('a change that fails writes no entry', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true, email: 'szef@firma.pl' });
    const start = (await auditEntries(ctx)).length;
    const self = (
      await ctx.app.inject({ method: 'GET', url: `/api/user/findById/${admin.id}`, headers: as(admin) })
    ).json();
    const failures = [
      { method: 'PUT', url: '/api/user/update', payload: { ...self, active: false } },
      { method: 'PUT', url: '/api/user/update', payload: { ...self, id: 999_999 } },
      { method: 'POST', url: '/api/user/insert', payload: { userName: 'ab', email: 'x@firma.pl' } },
      { method: 'POST', url: '/api/user/insert', payload: { userName: 'Dubel', email: 'szef@firma.pl' } },
      { method: 'DELETE', url: `/api/user/delete/${admin.id}` },
      { method: 'DELETE', url: '/api/user/delete/999999' },
    ] as const;
    for (const call of failures) {
      const response = await ctx.app.inject({ ...call, headers: as(admin) });
      expect(response.statusCode, `${call.method} ${call.url}`).toBeGreaterThanOrEqual(400);
    }
    expect((await auditEntries(ctx)).length).toBe(start);
  });
});
