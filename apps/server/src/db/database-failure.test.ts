import { describe, expect, it } from 'vitest';
import { connectPglite, openPglite } from './database.js';
import { databaseFailure, MigrationFailedError } from './database-failure.js';

describe('a database the migrations cannot bring up to this version', () => {
  it('fails as an upgrade, with the database’s reason, and leaves the database as it was', async () => {
    const client = await openPglite();
    try {
      // A table of the first migration already there, as an early build's database could have it.
      await client.exec('CREATE TABLE users (id int)');
      const failure = await connectPglite(client).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MigrationFailedError);
      expect((failure as Error).message).toBe('relation "users" already exists');
      const text = databaseFailure(failure, { dataDir: '/srv/serwis' });
      expect(text).toBe(
        'Nie można zaktualizować wbudowanej bazy w /srv/serwis/db (DATA_DIR) do tej wersji programu: ' +
          'relation "users" already exists. Baza została bez zmian: jeśli działała na niej poprzednia ' +
          'wersja programu, nadal może na niej działać. Zachowaj kopię zapasową i ten komunikat dla ' +
          'osoby, która wdraża program.',
      );
      // Every migration ran in the one transaction that failed: nothing of them stayed.
      const left = await client.query<{ customers: string | null; columns: number }>(
        `SELECT to_regclass('customers')::text AS customers,
                (SELECT count(*)::int FROM information_schema.columns WHERE table_name = 'users') AS columns`,
      );
      expect(left.rows).toEqual([{ customers: null, columns: 1 }]);
    } finally {
      await client.close();
    }
  });

  it('names DATABASE_URL for PostgreSQL, and tells an unreadable database from a failed upgrade', () => {
    const upgrade = new MigrationFailedError('relation "rate_limits" already exists');
    expect(databaseFailure(upgrade, { DATABASE_URL: 'postgres://x', dataDir: '/d' })).toMatch(
      /^Nie można zaktualizować bazy danych z DATABASE_URL do tej wersji programu: relation "rate_limits" already exists\. Baza została bez zmian/,
    );
    // A first start on PostgreSQL 15 with a database the user does not own says what to run.
    const notOwner = new MigrationFailedError('permission denied for schema public');
    expect(databaseFailure(notOwner, { DATABASE_URL: 'postgres://x', dataDir: '/d' })).toContain(
      'permission denied for schema public. Użytkownik z DATABASE_URL musi być właścicielem bazy: utwórz ją poleceniem „CREATE DATABASE serwis OWNER serwis;”',
    );
    // Named as DATABASE_URL names them.
    const named = databaseFailure(notOwner, {
      DATABASE_URL: 'postgres://serwis_app:tajne@db:5432/serwis5',
      dataDir: '/d',
    });
    expect(named).toContain(
      '„CREATE DATABASE serwis5 OWNER serwis_app;” (albo wykonaj „ALTER DATABASE serwis5 OWNER TO serwis_app;” i „ALTER SCHEMA public OWNER TO serwis_app;”)',
    );
    expect(named).not.toContain('tajne');
    expect(
      databaseFailure(new Error('connect ECONNREFUSED'), { DATABASE_URL: 'postgres://x', dataDir: '/d' }),
    ).toBe('Nie można otworzyć bazy danych z DATABASE_URL: connect ECONNREFUSED');
    expect(databaseFailure(new Error('EACCES'), { dataDir: '/d' })).toMatch(
      /^Nie można otworzyć wbudowanej bazy w \/d\/db \(DATA_DIR\): EACCES\. Sprawdź, czy katalog istnieje/,
    );
  });

  it('says a full disk is full, and that freeing space is the fix, not the folder’s owner', () => {
    const full = new Error('could not extend file "base/5/2619": No space left on device');
    expect(databaseFailure(full, { dataDir: '/d' })).toBe(
      'Nie można otworzyć wbudowanej bazy w /d/db (DATA_DIR): could not extend file "base/5/2619": ' +
        'No space left on device. Na dysku z katalogiem DATA_DIR zabrakło miejsca: zwolnij na nim ' +
        'miejsce i uruchom serwer ponownie; dane zapisane wcześniej są zachowane.',
    );
    expect(databaseFailure(full, { DATABASE_URL: 'postgres://x', dataDir: '/d' })).toMatch(
      /No space left on device\. Na dysku serwera bazy danych zabrakło miejsca: zwolnij na nim miejsce/,
    );
    const upgrade = databaseFailure(new MigrationFailedError(full.message), { dataDir: '/d' });
    expect(upgrade).toContain('No space left on device. Na dysku z katalogiem DATA_DIR zabrakło miejsca');
    expect(upgrade).toContain('Baza została bez zmian');
  });
});
