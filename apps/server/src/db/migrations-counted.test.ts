import { afterAll, describe, expect, it } from 'vitest';
import { connectPglite, migrationTimes, openPglite } from './database.js';

const client = await openPglite();
afterAll(() => client.close());

describe('opening the database says what its migrations did', () => {
  it('counts every migration on a first start, and none when the database is current', async () => {
    const first = await connectPglite(client);
    expect(first.migrated).toMatchObject({ applied: migrationTimes().length, fresh: true });
    expect(migrationTimes().length).toBeGreaterThan(40);
    const again = await connectPglite(client);
    expect(again.migrated).toMatchObject({ applied: 0, fresh: false });
  }, 60_000);
});
