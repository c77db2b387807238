import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  inspectionCycleSchema,
  inspectionCyclesQuery,
  inspectionDeviceParams,
  inspectionListParams,
  inspectionListQuery,
  inspectionSwitchSchema,
  messageResponse,
  periodicInspectionRowSchema,
  periodicInspectionSummarySchema,
  todayInZone,
} from '@serwis/domain';
import { pageWindow, setTotalCount } from '../../lib/paging.js';
import { currentUser } from '../../plugins/session.js';
import {
  getInspectionSummary,
  listInspections,
  streamInspections,
  switchPeriodicInspections,
} from './inspections.service.js';
import { inspectionCycles } from './inspection-cycles.js';

const tags = ['Przeglądy okresowe'];
const errors = { 400: messageResponse, 403: messageResponse, 404: messageResponse };

export const inspectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // "Today" is the company's calendar date, whatever zone the server's clock runs in.
  const today = () => todayInZone(app.config.TZ_COMPANY);

  app.get(
    '/api/device/periodicInspection/:deviceId',
    {
      schema: {
        tags,
        summary: 'Podsumowanie przeglądów okresowych maszyny (zakładka Przeglądy)',
        params: inspectionDeviceParams,
        response: { 200: periodicInspectionSummarySchema, ...errors },
      },
    },
    async (request) => getInspectionSummary(app.db, request.params.deviceId, today()),
  );

  app.get(
    '/api/device/inspectionCycles',
    {
      schema: {
        tags,
        summary:
          'Cykl przeglądów maszyn zdarzenia (ostatni okres bez edytowanego zdarzenia): ostrzeżenie pod polem Okres',
        querystring: inspectionCyclesQuery,
        response: { 200: z.array(inspectionCycleSchema), ...errors },
      },
    },
    async (request) => inspectionCycles(app.db, request.query.ids, request.query),
  );

  const listResponse = { 200: z.array(periodicInspectionRowSchema), ...errors };

  app.get(
    '/api/device/periodicInspections/:mode',
    {
      schema: {
        tags,
        summary:
          'Lista przeglądów: onlyActual (przekazane, z włączonymi przeglądami, bez wykonanego ostatniego przeglądu gwarancyjnego) lub all; page/size/sort/q opcjonalnie',
        params: inspectionListParams,
        querystring: inspectionListQuery,
        response: listResponse,
      },
    },
    async (request, reply) => {
      if (!pageWindow(request.query))
        return streamInspections(app.db, reply, request.params.mode, request.query, today());
      const result = await listInspections(app.db, request.params.mode, request.query, today());
      if (result.paged) setTotalCount(reply, result.total);
      return result.rows;
    },
  );

  // spec §7 names onlyActual as the default when no mode is given.
  app.get(
    '/api/device/periodicInspections',
    {
      schema: {
        tags,
        summary: 'Lista przeglądów w trybie onlyActual',
        querystring: inspectionListQuery,
        response: listResponse,
      },
    },
    async (request, reply) => {
      if (!pageWindow(request.query))
        return streamInspections(app.db, reply, 'onlyActual', request.query, today());
      const result = await listInspections(app.db, 'onlyActual', request.query, today());
      if (result.paged) setTotalCount(reply, result.total);
      return result.rows;
    },
  );

  app.patch(
    '/api/device/isPeriodicInspectionEnabled',
    {
      schema: {
        tags,
        summary: 'Włącza lub wyłącza przeglądy okresowe maszyny',
        body: inspectionSwitchSchema,
        response: {
          200: z.object({
            id: z.number().int(),
            isPeriodicInspectionEnabled: z.boolean(),
            message: z.string(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const result = await switchPeriodicInspections(app.db, currentUser(request), request.body);
      const message = result.isPeriodicInspectionEnabled ? MSG.inspectionsEnabled : MSG.inspectionsDisabled;
      return { ...result, message };
    },
  );
};
