import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemRoutes } from './system/system.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { logsRoutes } from './logs/logs.routes.js';
import { customersRoutes } from './customers/customers.routes.js';
import { categoriesRoutes } from './categories/categories.routes.js';
import { devicesRoutes } from './devices/devices.routes.js';
import { filesRoutes } from './files/files.routes.js';
import { notesRoutes } from './notes/notes.routes.js';
import { partsRoutes } from './parts/parts.routes.js';
import { inspectionsRoutes } from './inspections/inspections.routes.js';
import { todosRoutes } from './todos/todos.routes.js';
import { statisticsRoutes } from './statistics/statistics.routes.js';
import { servicesRoutes } from './services/services.routes.js';
import { incidentsRoutes } from './incidents/incidents.routes.js';
import { tutorialsRoutes } from './tutorials/tutorials.routes.js';
import { locationsRoutes } from './locations/locations.routes.js';
import { hotelsRoutes } from './hotels/hotels.routes.js';
import { branchesRoutes } from './branches/branches.routes.js';
import { publicFilesRoutes } from './public-files/public-files.routes.js';
import { geocodeRoutes } from './geocode/geocode.routes.js';
import { installationOperationsRoutes } from './installation-operations/installation-operations.routes.js';
import { configurationRoutes } from './configuration/configuration.routes.js';
import { protocolsRoutes } from './protocols/protocols.routes.js';
import { remindersRoutes } from './reminders/reminders.routes.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { labelsRoutes } from './labels/labels.routes.js';
import { importsRoutes } from './imports/imports.routes.js';

/** Every domain's routes, registered in this order under the session guard. */
export const apiModules: FastifyPluginAsyncZod[] = [
  systemRoutes,
  authRoutes,
  usersRoutes,
  logsRoutes,
  customersRoutes,
  categoriesRoutes,
  devicesRoutes,
  filesRoutes,
  notesRoutes,
  partsRoutes,
  inspectionsRoutes,
  todosRoutes,
  statisticsRoutes,
  servicesRoutes,
  incidentsRoutes,
  tutorialsRoutes,
  locationsRoutes,
  hotelsRoutes,
  branchesRoutes,
  publicFilesRoutes,
  geocodeRoutes,
  installationOperationsRoutes,
  configurationRoutes,
  protocolsRoutes,
  remindersRoutes,
  dashboardRoutes,
  labelsRoutes,
  importsRoutes,
];
