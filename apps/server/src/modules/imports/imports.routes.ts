import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_MSG,
  IMPORT_REPORT_FILE_NAME,
  IMPORT_TEMPLATE_XLSX_FILE_NAMES,
  XLSX_MEDIA_TYPE,
  MSG,
  fileTooLargeMessage,
  importFailureSchema,
  importOptionsSchema,
  importPreviewSchema,
  importReportCsv,
  importResultSchema,
  messageResponse,
  uploadFilePart,
  type ImportKind,
  type ImportOptions,
} from '@serwis/domain';
import { AppError, badRequest, invalidField } from '../../lib/app-error.js';
import { keepConnectionWhileWorking } from '../../lib/keep-connection.js';
import { Slots } from '../../lib/slots.js';
import { streamResponse } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/session.js';
import { displayFilename, partFileName } from '../files/files.upload.js';
import { parseSpreadsheet } from './imports.parse.js';
import { streamWithProgress, whileClientWaits } from './imports.progress.js';
import { ImportFailed, importTemplate, previewImport, requireAdmin, runImport } from './imports.service.js';

const errors = {
  400: messageResponse,
  403: messageResponse,
  409: messageResponse,
  413: messageResponse,
  503: messageResponse,
};

/**
 * Import files this process holds in memory at once (each read whole, up to MAX_UPLOAD_MB, then
 * parsed): eight 60 MB files sent at once added 425 MB to the server. A third file waits for a place
 * before its bytes are read (its upload waits in the network meanwhile), at most `waitMs`.
 */
export const importFiles = { places: new Slots(2), waitMs: 60_000 };

/**
 * A place for this request's import file, given back once its answer has gone or its client has:
 * also a client gone while it waited in line, whose place is given back as soon as it comes.
 */
async function takeImportFilePlace(reply: FastifyReply) {
  const place = importFiles.places.take(importFiles.waitMs, () => new AppError(503, IMPORT_MSG.busy, 'BUSY'));
  let gone = false;
  reply.raw.once('close', () => {
    gone = true;
    place.then(
      (release) => release(),
      () => undefined,
    );
  });
  const release = await place;
  if (gone || reply.raw.destroyed) {
    release();
    throw new AppError(400, MSG.invalidInput, 'CLIENT_GONE');
  }
}

const partsSchema = z.object({
  file: uploadFilePart.describe('Plik CSV (`;` lub `,`, UTF-8 z BOM lub bez, albo Windows-1250) lub XLSX.'),
  optionsJson: importOptionsSchema
    .optional()
    .describe('JSON (pole tekstowe): mapping — pole każdej kolumny pliku, createMissing (maszyny).'),
});

const progressQuery = z.object({
  progress: z
    .enum(['ndjson'])
    .optional()
    .describe(
      'ndjson: odpowiedź 200 jako strumień application/x-ndjson — wiersze {progress} w trakcie, ' +
        'na końcu jeden wiersz {result}, {failure}, {preview} albo {error} (status i komunikat)',
    ),
});

const importQuery = progressQuery.extend({
  report: z.enum(['csv']).optional().describe('csv: przy błędach raport jako plik CSV zamiast JSON'),
});

const ndjson = {
  'application/x-ndjson': { schema: z.string().meta({ description: 'Wiersze JSON (progress=ndjson)' }) },
};

const KINDS: { kind: ImportKind; prefix: string; tags: string[] }[] = [
  { kind: 'customers', prefix: '/api/customer', tags: ['Kontrahenci'] },
  { kind: 'INTERNAL', prefix: '/api/device', tags: ['Maszyny'] },
  { kind: 'EXTERNAL', prefix: '/api/device-external', tags: ['Maszyny zewnętrzne'] },
];

/**
 * The file part read into memory (it must be parsed whole anyway), at most MAX_UPLOAD_MB, and the
 * options part. Nothing is stored.
 */
async function readImportRequest(request: FastifyRequest) {
  const maxMb = request.server.config.MAX_UPLOAD_MB;
  if (!request.isMultipart()) throw badRequest(MSG.multipartRequired('file'), 'NOT_MULTIPART', 'file');
  let file: { name: string; bytes: Buffer } | null = null;
  let options: ImportOptions = {};
  try {
    const parts = request.parts({
      limits: { files: 1, fields: 5, fileSize: Math.floor(maxMb * 1024 * 1024) },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'optionsJson') options = parseOptions(part.value);
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file' && part.filename) file = { name: partFileName(part.filename), bytes };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string })?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, fileTooLargeMessage(maxMb), 'TOO_LARGE');
    throw badRequest(MSG.fileUploadInvalid, 'BAD_UPLOAD', 'file');
  }
  if (!file) throw badRequest(IMPORT_MSG.noFile, 'IMPORT_NO_FILE', 'file');
  if (!file.bytes.length) throw badRequest(IMPORT_MSG.empty, 'IMPORT_EMPTY', 'file');
  return { fileName: displayFilename(undefined, file.name), bytes: file.bytes, options };
}

function parseOptions(value: unknown): ImportOptions {
  let json: unknown;
  try {
    json = JSON.parse(String(value));
  } catch {
    throw badRequest(MSG.invalidInput, 'BAD_JSON', 'optionsJson');
  }
  const parsed = importOptionsSchema.safeParse(json);
  if (!parsed.success) throw invalidField(['optionsJson', ...parsed.error.issues[0]!.path]);
  return parsed.data;
}

const importRoutes =
  (kind: ImportKind, prefix: string, tags: string[]): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${prefix}/import/template`,
      {
        schema: {
          tags,
          summary:
            'Wzór pliku importu jako skoroszyt Excel (tylko administrator): nagłówki, kolumny ' +
            'identyfikatorów jako tekst, status i województwo z listy; w pliku maszyn kontrahent i ' +
            'kategoria z list nazw rejestru (nowa nazwa tylko z ostrzeżeniem)',
          response: {
            200: streamResponse(IMPORT_TEMPLATE_XLSX_FILE_NAMES[kind], [XLSX_MEDIA_TYPE], 'binary'),
            403: messageResponse,
          },
        },
      },
      async (request, reply) => {
        const template = await importTemplate(app.db, currentUser(request), kind);
        return reply
          .header('content-type', XLSX_MEDIA_TYPE)
          .header('content-disposition', `attachment; filename="${IMPORT_TEMPLATE_XLSX_FILE_NAMES[kind]}"`)
          .send(Readable.from([template]));
      },
    );

    app.post(
      `${prefix}/import/preview`,
      {
        schema: {
          tags,
          summary:
            'Podgląd importu z CSV/XLSX (tylko administrator): przypisanie kolumn, pierwsze wiersze, błędy; nic nie zapisuje',
          multipartBody: partsSchema,
          querystring: progressQuery,
          response: {
            200: {
              description: 'Podgląd (JSON) albo strumień postępu (progress=ndjson)',
              content: { 'application/json': { schema: importPreviewSchema }, ...ndjson },
            },
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        requireAdmin(actor);
        await takeImportFilePlace(reply);
        const { fileName, bytes, options } = await readImportRequest(request);
        keepConnectionWhileWorking(reply);
        if (request.query.progress !== 'ndjson') {
          const sheet = await parseSpreadsheet(bytes, kind);
          return previewImport(app.db, actor, kind, fileName, sheet, options, whileClientWaits(reply));
        }
        return streamWithProgress(request, reply, async (report) => {
          await report('reading', 0, 0);
          const sheet = await parseSpreadsheet(bytes, kind, report);
          return { preview: await previewImport(app.db, actor, kind, fileName, sheet, options, report) };
        });
      },
    );

    app.post(
      `${prefix}/import`,
      {
        schema: {
          tags,
          summary:
            'Import z CSV/XLSX (tylko administrator): wszystkie wiersze w jednej transakcji albo żaden; ' +
            'przy błędach 422 z raportem wierszy',
          multipartBody: partsSchema,
          querystring: importQuery,
          response: {
            200: {
              description: 'Wynik importu (JSON) albo strumień postępu (progress=ndjson)',
              content: { 'application/json': { schema: importResultSchema }, ...ndjson },
            },
            422: {
              description:
                'Import przerwany, nic nie zapisano: raport błędnych wierszy (JSON albo CSV przy report=csv)',
              content: {
                'application/json': { schema: importFailureSchema },
                'text/csv': { schema: z.string().meta({ description: IMPORT_REPORT_FILE_NAME }) },
              },
            },
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        requireAdmin(actor);
        await takeImportFilePlace(reply);
        const { fileName, bytes, options } = await readImportRequest(request);
        keepConnectionWhileWorking(reply);
        if (request.query.progress === 'ndjson') {
          return streamWithProgress(request, reply, async (report) => {
            await report('reading', 0, 0);
            const sheet = await parseSpreadsheet(bytes, kind, report);
            try {
              return { result: await runImport(app.db, actor, kind, fileName, sheet, options, report) };
            } catch (error) {
              if (error instanceof ImportFailed) return { failure: error.answer() };
              throw error;
            }
          });
        }
        const sheet = await parseSpreadsheet(bytes, kind);
        try {
          return await runImport(app.db, actor, kind, fileName, sheet, options, whileClientWaits(reply));
        } catch (error) {
          if (!(error instanceof ImportFailed)) throw error;
          if (request.query.report === 'csv') {
            return reply
              .status(422)
              .header('content-type', 'text/csv; charset=utf-8')
              .header('content-disposition', `attachment; filename="${IMPORT_REPORT_FILE_NAME}"`)
              .send(importReportCsv(error.problems));
          }
          return reply.status(422).send(error.answer());
        }
      },
    );
  };

export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { kind, prefix, tags } of KINDS) await app.register(importRoutes(kind, prefix, tags));
};
