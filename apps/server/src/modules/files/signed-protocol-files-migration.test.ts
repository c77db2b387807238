import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { runMigrationFile } from '../../../test/migration-file.js';
import {
  filledIn,
  getProtocol,
  inspectionSetup,
  saveProtocol,
  signProtocol,
} from '../protocols/protocols.fixtures.js';
import { uploadToService } from '../services/services.fixtures.js';
import { files } from './files.table.js';

const ctx = useTestApp();

describe('migration 0050_signed_protocol_files', () => {
  it('marks the PDFs signed in the app before it, the first and each correction, and no other file', async () => {
    const user = await createUserAndLogin(ctx);
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { serviceId } = await inspectionSetup(ctx, user);
    const data = filledIn((await getProtocol(ctx, user, serviceId)).json().data);
    expect((await signProtocol(ctx, user, serviceId, data)).statusCode).toBe(200);
    expect((await saveProtocol(ctx, admin, serviceId, { ...data, workDone: 'Poprawione' })).statusCode).toBe(
      200,
    );
    expect(
      (await uploadToService(ctx, admin, serviceId, { filename: 'zdjęcie.pdf', content: '%PDF-1.4' }))
        .statusCode,
    ).toBe(200);
    // As a release before it left them: no such column.
    await ctx.database.db.execute(sql`ALTER TABLE files DROP COLUMN signed_protocol`);
    await runMigrationFile(ctx.database.db, '0050_signed_protocol_files');
    const rows = await ctx.database.db
      .select({ filename: files.filename, description: files.description, signed: files.signedProtocol })
      .from(files)
      .where(eq(files.serviceId, serviceId))
      .orderBy(files.id);
    expect(rows.map((row) => [row.description.replace(/\d{4}-\d{2}-\d{2}/, 'D'), row.signed])).toEqual([
      ['Protokół podpisany w aplikacji', true],
      ['Korekta protokołu z D', true],
      ['', false],
    ]);
  });
});
