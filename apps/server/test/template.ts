import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../src/db/database.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * A migrated PGlite data directory, dumped once per test run and loaded by every test file; an
 * uncompressed tar, which loads in half the time of a gzipped one (0.5 s against 1 s).
 */
export const PGLITE_TEMPLATE = path.resolve(here, '../../../.tmp/pglite-template.tar');
export const PG_TEMPLATE_DB = 'serwis_test_template';

/** A new PGlite loaded from the migrated template (`PGLITE_TEMPLATE`). */
export const loadTemplatePglite = () =>
  openPglite({ loadDataDir: new Blob([fs.readFileSync(PGLITE_TEMPLATE)]) });
