import fs from 'node:fs';
import path from 'node:path';
import { categories } from '../categories/categories.table.js';
import { customers } from '../customers/customers.table.js';
import { devices } from '../devices/devices.table.js';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { as, type TestContext, type TestUser } from '../../../test/test-app.js';
import { files } from './files.table.js';

/** Test helpers for files, notes and parts: a machine to hang things on, multipart bodies. */
export async function insertTestDevice(db: Db, name = 'Piec indukcyjny'): Promise<number> {
  const [customer] = await db
    .insert(customers)
    .values({ shortName: `Kontrahent ${Math.random().toString(36).slice(2, 8)}` })
    .returning();
  const [category] = await db
    .insert(categories)
    .values({ name: `Kategoria ${Math.random().toString(36).slice(2, 8)}` })
    .returning();
  const [device] = await db
    .insert(devices)
    .values({ name, categoryId: category.id, customerId: customer.id, type: 'INTERNAL' })
    .returning();
  return device.id;
}

export type PartSpec =
  | { kind: 'file'; name: string; filename: string; content: Buffer | string; type?: string }
  | { kind: 'field'; name: string; value: string; type?: string };

/** A multipart body built by the platform's own FormData encoder, as a browser would send it. */
export async function multipart(parts: PartSpec[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.kind === 'file') {
      form.append(
        part.name,
        new Blob([part.content], { type: part.type ?? 'application/octet-stream' }),
        part.filename,
      );
    } else if (part.type) {
      form.append(part.name, new Blob([part.value], { type: part.type }));
    } else {
      form.append(part.name, part.value);
    }
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/**
 * Adds a machine's file through `POST /api/file/add`, as the app sends it (the file part and
 * `fileJson`; `json` replaces the latter's body, for a client that words it otherwise), expects 201
 * and answers the stored file.
 */
export async function addTestFile(
  ctx: TestContext,
  user: TestUser,
  file: {
    deviceId: number;
    filename: string;
    content: Buffer | string;
    type?: string;
    contentType?: string;
    json?: object;
  },
) {
  const json = file.json ?? {
    deviceId: file.deviceId,
    type: file.type ?? 'MACHINE_FILE',
    filename: file.filename,
  };
  const body = await multipart([
    { kind: 'file', name: 'file', filename: file.filename, content: file.content, type: file.contentType },
    { kind: 'field', name: 'fileJson', value: JSON.stringify(json) },
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/file/add',
    headers: { ...as(user), ...body.headers },
    payload: body.payload,
  });
  if (response.statusCode !== 201)
    throw new Error(`POST /api/file/add: ${response.statusCode} ${response.body}`);
  return response.json<{ id: number; filename: string; originalName: string }>();
}

/** Every regular file under a directory, recursively (to prove that nothing was left behind). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** Where a file's bytes are kept: the storage name, which the API no longer shows. */
export async function storageNameOf(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ name: files.storageName }).from(files).where(eq(files.id, id));
  return row.name;
}
