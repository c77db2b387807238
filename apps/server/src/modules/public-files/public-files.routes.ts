import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, PUBLIC_MAP_FILE, messageResponse, publicFileUploadSchema, PLACES_MSG } from '@serwis/domain';
import { badRequest, notFound } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { streamResponse } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/session.js';
import { plainPng } from './png-check.js';
import { publicFiles } from './public-files.table.js';

const tags = ['Pliki publiczne'];
/** A 1100×1100 PNG with map tiles is a few MB; base64 adds a third. */
const MAX_BODY = 20 * 1024 * 1024;

/** `name` → public file name (spec §7: "map" is the only one). */
const PUBLIC_NAMES: Record<string, string> = { map: PUBLIC_MAP_FILE };

function decodePng(base64: string): Buffer {
  const payload = base64.replace(/^data:image\/png;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(payload)) throw badRequest(PLACES_MSG.publicFileNotPng);
  const png = plainPng(Buffer.from(payload, 'base64'));
  if (!png) throw badRequest(PLACES_MSG.publicFileNotPng);
  return png;
}

export const publicFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/storage/upload-public-file',
    {
      bodyLimit: MAX_BODY,
      schema: {
        tags,
        summary: `Zapis publicznego zrzutu mapy (name "map", base64 PNG) jako ${PUBLIC_MAP_FILE}`,
        body: publicFileUploadSchema,
        response: { 200: messageResponse, 400: messageResponse, 413: messageResponse },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const publicName = PUBLIC_NAMES[request.body.name];
      const bytes = decodePng(request.body.base64);
      const stored = await app.storage.save(Readable.from([bytes]), { extension: '.png' });
      let previous: string | undefined;
      try {
        await inTransaction(app.db, async (tx) => {
          // Lock the row so two uploads at once each remove the bytes they replaced, not the winner's.
          const [old] = await tx
            .select({ storageName: publicFiles.storageName })
            .from(publicFiles)
            .where(eq(publicFiles.name, publicName))
            .for('update');
          previous = old?.storageName;
          await tx
            .insert(publicFiles)
            .values({ name: publicName, storageName: stored.name, size: stored.size })
            .onConflictDoUpdate({
              target: publicFiles.name,
              set: { storageName: stored.name, size: stored.size, updatedAt: sql`now()` },
            });
          await audit(tx, actor, `zapis publicznego pliku ${publicName}`, `publicFile:${publicName}`);
        });
      } catch (error) {
        await app.storage.delete(stored.name);
        throw error;
      }
      if (previous && previous !== stored.name) await app.storage.delete(previous).catch(() => undefined);
      return { message: PLACES_MSG.publicFileSaved };
    },
  );

  app.get(
    '/api/storage/download-public-file',
    {
      // The one file readable without a session (domain.md); the name must be a public one.
      config: { public: true },
      schema: {
        tags,
        summary: `Publiczny zrzut mapy (${PUBLIC_MAP_FILE}), bez logowania`,
        querystring: z.object({ fileName: z.string().max(100) }),
        response: {
          200: streamResponse('Obraz PNG', ['image/png'], 'binary'),
          404: messageResponse,
        },
      },
    },
    async (request, reply) => {
      const name = request.query.fileName;
      if (!Object.values(PUBLIC_NAMES).includes(name)) throw notFound(MSG.fileNotFound);
      const [row] = await app.db.select().from(publicFiles).where(eq(publicFiles.name, name));
      const stream = row ? await app.storage.open(row.storageName) : null;
      if (!row || !stream) throw notFound(PLACES_MSG.publicFileMissing);
      return (
        reply
          .header('Content-Type', 'image/png')
          .header('Content-Length', row.size)
          .header('Content-Disposition', `inline; filename="${name}"`)
          .header('Cache-Control', 'no-cache')
          // The company's website shows it from another origin.
          .header('Cross-Origin-Resource-Policy', 'cross-origin')
          .header('Last-Modified', row.updatedAt.toUTCString())
          .send(stream)
      );
    },
  );
};
