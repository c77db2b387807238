import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemRoutes } from './system/system.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { logsRoutes } from './logs/logs.routes.js';

/** Every domain's routes, registered in this order under the session guard. */
export const apiModules: FastifyPluginAsyncZod[] = [systemRoutes, authRoutes, usersRoutes, logsRoutes];
