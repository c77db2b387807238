import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  PUBLIC_MAP_FILE,
  gpsUpdateSchema,
  mapConfigSchema,
  mapPointSchema,
  mapPointsQuery,
  messageResponse,
} from '@serwis/domain';
import { sendJson } from '../../lib/gzip-json.js';
import { currentUser } from '../../plugins/session.js';
import { mapPointsJson } from './locations.repository.js';
import { publicFileExists } from '../public-files/public-files.repository.js';
import { updateGpsLocation } from './locations.service.js';

const tags = ['Mapa'];
const errors = { 400: messageResponse, 403: messageResponse, 404: messageResponse };

export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/device/updateGpsLocation',
    {
      schema: {
        tags,
        summary: 'Położenie maszyny (obie rodziny); latitude i longitude null usuwają położenie',
        body: gpsUpdateSchema,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await updateGpsLocation(app.db, currentUser(request), request.body);
      return { message: MSG.saved };
    },
  );

  app.get(
    '/api/device/with-gps-location-data',
    {
      schema: {
        tags,
        summary:
          'Punkty mapy maszyn (obie rodziny) z kolorami statusu; opcjonalne filtry type, status, categoryId',
        querystring: mapPointsQuery,
        response: { 200: z.array(mapPointSchema), 400: messageResponse },
      },
    },
    async (request, reply) => {
      const json = await mapPointsJson(app.db, request.query);
      // The database built the JSON (see mapPointsJson); sent as it is, gzipped when large.
      return sendJson(request, reply, json);
    },
  );

  app.get(
    '/api/map/config',
    {
      schema: {
        tags,
        summary: 'Źródło kafelków mapy, atrybucja, promień hoteli i adres publicznego zrzutu mapy',
        response: { 200: mapConfigSchema },
      },
    },
    async () => ({
      tileUrl: app.config.MAP_TILE_URL,
      attribution: app.config.MAP_TILE_ATTRIBUTION,
      hotelRadiusKm: app.config.HOTEL_RADIUS_KM,
      geocoding: app.config.GEOCODER_URL !== '',
      publicMapPath: `/api/storage/download-public-file?fileName=${PUBLIC_MAP_FILE}`,
      // Asked here, not of the public address: a HEAD there before the first snapshot was a 404
      // in every browser's console.
      publicMapMade: await publicFileExists(app.db, PUBLIC_MAP_FILE),
    }),
  );
};
