import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectPglite, connectPostgres, openPglite } from '../src/db/database.js';
import { PG_TEMPLATE_DB, PGLITE_TEMPLATE } from './template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The loopback S3 server of this run (STORAGE_DRIVER=s3), else ''. */
    s3Endpoint: string;
  }
}

let s3server: { close(): Promise<void> } | undefined;
let s3dir: string | undefined;

/** One s3rver on loopback for the whole run; every test app makes its own bucket on it. */
async function startS3(project: TestProject) {
  if (process.env.STORAGE_DRIVER !== 's3') {
    project.provide('s3Endpoint', '');
    return;
  }
  const { startS3rver } = await import('./s3rver.js');
  s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-s3rver-'));
  const server = await startS3rver(s3dir);
  s3server = server;
  project.provide('s3Endpoint', server.endpoint);
}

export async function teardown() {
  await s3server?.close();
  if (s3dir) fs.rmSync(s3dir, { recursive: true, force: true });
}

/** Migrates one template database; every test file starts from a copy of it. */
export async function setup(project: TestProject) {
  await startS3(project);
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
  const dump = await client.dumpDataDir('none');
  fs.mkdirSync(path.dirname(PGLITE_TEMPLATE), { recursive: true });
  fs.writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}
