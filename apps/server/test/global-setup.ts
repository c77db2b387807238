import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { connectPglite, connectPostgres, openPglite } from '../src/db/database.js';
import { PG_TEMPLATE_DB, PGLITE_TEMPLATE } from './template.js';

/** Migrates one template database; every test file starts from a copy of it. */
export async function setup() {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${PG_TEMPLATE_DB}`;
    const database = await connectPostgres(templateUrl.toString(), true, 1);
    await database.close();
    return;
  }
  const client = await openPglite();
  await connectPglite(client, true);
  const dump = await client.dumpDataDir('gzip');
  fs.mkdirSync(path.dirname(PGLITE_TEMPLATE), { recursive: true });
  fs.writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}
