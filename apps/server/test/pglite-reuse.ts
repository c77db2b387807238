import type { PGlite } from '@electric-sql/pglite';
import { loadTemplatePglite } from './template.js';

/*
 * A test file's PGlite, handed on to the next file of the same worker instead of closed: loading the
 * migrated template takes a worker about 2 s a file, a third of a short file's run. What a file
 * leaves is wiped when it hands the database back (every table emptied by TRUNCATE, as fresh as the
 * template's: no dead rows, no statistics, no session settings); a file that changed the schema
 * (a migration test goes back to the shape before its migration) closes its database instead, and
 * the next file loads the template anew.
 */

let idle: PGlite | undefined;
/** The schema of the migrated template, as `schemaOf` reads it; set by the worker's first load. */
let templateSchema: string | undefined;

/** A PGlite at the migrated template's state: the one a previous file handed back, or a new load. */
export async function takeTemplatePglite(): Promise<PGlite> {
  const reused = idle;
  idle = undefined;
  if (reused) return reused;
  const client = await loadTemplatePglite();
  templateSchema ??= await schemaOf(client);
  return client;
}

/** Wipes the file's PGlite for the next file, or closes it when its schema is not the template's. */
export async function handBackPglite(client: PGlite): Promise<void> {
  if (idle || client.closed) return client.close().catch(() => undefined);
  try {
    if ((await schemaOf(client)) !== templateSchema) return await client.close();
    await wipe(client);
    idle = client;
  } catch {
    await client.close().catch(() => undefined);
  }
}

/** The tables, columns, indexes, constraints, triggers, functions and sequences of the schema. */
async function schemaOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ schema: string }>(`
    SELECT md5(concat_ws('|',
      (SELECT string_agg(format('%s.%s %s %s %s %s', table_name, ordinal_position, column_name, data_type,
                                is_nullable, column_default), ',' ORDER BY table_name, ordinal_position)
         FROM information_schema.columns WHERE table_schema = 'public'),
      (SELECT string_agg(indexdef, ',' ORDER BY indexdef) FROM pg_indexes WHERE schemaname = 'public'),
      (SELECT string_agg(format('%s %s', conname, pg_get_constraintdef(oid)), ',' ORDER BY conname)
         FROM pg_constraint WHERE connamespace = 'public'::regnamespace),
      (SELECT string_agg(pg_get_triggerdef(oid), ',' ORDER BY tgname, tgrelid)
         FROM pg_trigger WHERE NOT tgisinternal),
      (SELECT string_agg(format('%s %s', proname, md5(prosrc)), ',' ORDER BY proname, md5(prosrc))
         FROM pg_proc WHERE pronamespace = 'public'::regnamespace),
      (SELECT string_agg(format('%s %s', relname, reloptions), ',' ORDER BY relname)
         FROM pg_class WHERE relnamespace = 'public'::regnamespace AND reloptions IS NOT NULL),
      (SELECT string_agg(format('%s %s %s', sequencename, start_value, increment_by), ',' ORDER BY sequencename)
         FROM pg_sequences WHERE schemaname = 'public'),
      (SELECT string_agg(extname, ',' ORDER BY extname) FROM pg_extension)
    )) AS schema`);
  return rows[0]!.schema;
}

/**
 * Back to the template's state for the next file, which then empties and seeds it as each of its
 * tests does (test-app.ts, `resetDatabase`): the session's settings, prepared statements and
 * temporary tables dropped; every table emptied by TRUNCATE (new files, as empty as the template's,
 * with their sequences restarted); the planner's statistics and the activity counters cleared.
 */
async function wipe(client: PGlite): Promise<void> {
  await client.exec('DISCARD ALL');
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I', tablename) AS name FROM pg_tables
      WHERE schemaname = 'public' AND tablename NOT LIKE '\\_\\_drizzle%'`,
  );
  if (rows.length) {
    await client.exec(`TRUNCATE ${rows.map((row) => row.name).join(', ')} RESTART IDENTITY CASCADE`);
  }
  await client.exec(`
    DELETE FROM pg_statistic
     WHERE starelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace);
    SELECT pg_stat_reset();`);
}
