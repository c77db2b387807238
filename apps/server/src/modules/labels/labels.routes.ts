import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LABEL_SHEET_LAYOUT,
  MAX,
  MSG,
  deviceFilterSchema,
  id,
  messageResponse,
  validationMessage,
  type MachineType,
} from '@serwis/domain';
import { streamResponse } from '../../plugins/openapi.js';
import { keepConnectionWhileWorking } from '../../lib/keep-connection.js';
import { LABEL_WAIT_MS, LabelRenderer, labelSheets } from './labels.renderer.js';
import { MAX_LABELS, labelSheet } from './labels.service.js';
import { Readable } from 'node:stream';

const firstPlace = MSG.labelsFirstPlace(LABEL_SHEET_LAYOUT.perSheet);

const labelsBody = z.object({
  ids: z.array(id).max(MAX_LABELS, MSG.labelsTooMany(MAX_LABELS)).optional(),
  filter: deviceFilterSchema.nullish(),
  q: z.string().max(MAX.search, validationMessage.tooLong(MAX.search)).optional(),
  sort: z.string().max(100).optional(),
  /** A sheet already partly used: the place (1-based, row by row) the print starts at. */
  firstLabel: z
    .number({ error: firstPlace })
    .int(firstPlace)
    .min(1, firstPlace)
    .max(LABEL_SHEET_LAYOUT.perSheet, firstPlace)
    .optional(),
});

/** Aborted when the client goes away before its answer has gone out (a closed tab, a dropped tablet). */
function clientGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}

const FAMILIES: { family: MachineType; prefix: string; tags: string[] }[] = [
  { family: 'INTERNAL', prefix: '/api/device', tags: ['Maszyny'] },
  { family: 'EXTERNAL', prefix: '/api/device-external', tags: ['Maszyny zewnętrzne'] },
];

/** QR nameplates: `POST /api/device/qr-labels` and `/api/device-external/qr-labels`. */
export const labelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const renderer = new LabelRenderer(LABEL_WAIT_MS, labelSheets.turn);
  app.addHook('onClose', () => renderer.close());
  for (const { family, prefix, tags } of FAMILIES) {
    app.post(
      `${prefix}/qr-labels`,
      {
        schema: {
          tags,
          summary: `Arkusz A4 naklejek QR (3 × 8, 70 × 37 mm) z adresem karty maszyny: ids (wybrane) albo filter/q/sort jak na liście; najwyżej ${MAX_LABELS}; firstLabel: pierwsze wolne miejsce arkusza (1–24)`,
          body: labelsBody,
          response: {
            200: streamResponse('naklejki-qr.pdf', ['application/pdf'], 'binary'),
            400: messageResponse,
            404: messageResponse,
          },
        },
      },
      async (request, reply) => {
        // A sheet in line behind another, then rendered, sends nothing for minutes at the most.
        keepConnectionWhileWorking(reply);
        const { machines, company } = await labelSheet(app.db, app.config, family, request.body);
        const pdf = await renderer.render(machines, company, clientGone(reply), request.body.firstLabel);
        return (
          reply
            .header('content-type', 'application/pdf')
            .header('content-disposition', 'inline; filename="naklejki-qr.pdf"')
            .header('cache-control', 'no-store')
            // How many labels were printed: a machine chosen and deleted meanwhile is left out.
            .header('x-labels-count', String(machines.length))
            .send(Readable.from([pdf]))
        );
      },
    );
  }
};
