import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { geocodeQuery, geocodeResultSchema, messageResponse } from '@serwis/domain';
import { geocode } from './geocode.service.js';

export const geocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = {
    url: app.config.GEOCODER_URL,
    userAgent: app.config.GEOCODER_USER_AGENT,
    intervalMs: app.config.GEOCODER_INTERVAL_MS,
  };
  app.get(
    '/api/geocode',
    {
      schema: {
        tags: ['Mapa'],
        summary:
          'Wyszukiwanie adresu (najpierw w Polsce) przez skonfigurowany geokoder zgodny z Nominatim; wyniki z pamięci podręcznej w bazie, najwyżej 1 zapytanie na sekundę',
        querystring: geocodeQuery,
        response: { 200: z.array(geocodeResultSchema), 400: messageResponse, 503: messageResponse },
      },
    },
    async (request) => geocode(app.db, options, request.query.q),
  );
};
