import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hotelSaveSchema,
  hotelSchema,
  id,
  idParams,
  messageResponse,
  nearbyHotelSchema,
  PLACES_MSG,
} from '@serwis/domain';
import { currentUser, requireAdmin } from '../../plugins/session.js';
import { toHotel } from './hotels.mapper.js';
import { listHotels } from './hotels.repository.js';
import { hotelsNearDevice, removeHotel, saveHotel } from './hotels.service.js';

const tags = ['Hotele'];
const errors = { 400: messageResponse, 403: messageResponse, 404: messageResponse, 409: messageResponse };

export const hotelsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/deviceHotel/getAll',
    { schema: { tags, summary: 'Wszystkie hotele', response: { 200: z.array(hotelSchema) } } },
    async () => (await listHotels(app.db)).map(toHotel),
  );

  app.get(
    '/api/deviceHotel/getAllByDevice/:deviceId',
    {
      schema: {
        tags,
        summary:
          'Hotele w promieniu HOTEL_RADIUS_KM od położenia maszyny, najbliższe pierwsze, z odległością w km (maszyna bez położenia: pusta lista)',
        params: z.object({ deviceId: id }),
        response: { 200: z.array(nearbyHotelSchema), ...errors },
      },
    },
    async (request) => hotelsNearDevice(app.db, request.params.deviceId, app.config.HOTEL_RADIUS_KM),
  );

  app.post(
    '/api/deviceHotel/insert',
    {
      schema: {
        tags,
        summary: 'Dodanie (id 0) lub edycja (id > 0) hotelu',
        body: hotelSaveSchema,
        response: { 200: hotelSchema, 201: hotelSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, hotel } = await saveHotel(app.db, currentUser(request), request.body);
      return reply.status(created ? 201 : 200).send(hotel);
    },
  );

  app.delete(
    '/api/deviceHotel/deleteHotel/:id',
    {
      schema: {
        tags,
        summary: 'Usunięcie hotelu (administrator)',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await removeHotel(app.db, requireAdmin(request), request.params.id);
      return { message: PLACES_MSG.hotelDeleted };
    },
  );
};
