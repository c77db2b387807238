import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMPANY_LOGO,
  PROTOCOL_MSG,
  companyLogoSchema,
  companySettingsResponse,
  companySettingsChangeSchema,
  configurationEntrySchema,
  configurationQuery,
  configurationValueSchema,
  configurationWriteSchema,
  messageResponse,
} from '@serwis/domain';
import { currentUser, requireAdmin } from '../../plugins/session.js';
import { readConfigurationValue } from './configuration.repository.js';
import {
  assertKnownName,
  readCompanySettings,
  saveCompanySettings,
  setConfigurationValue,
} from './configuration.service.js';

const tags = ['Konfiguracja'];
const errors = { 400: messageResponse, 403: messageResponse, 404: messageResponse };

/** Spec §7: `GET /api/configuration?name=` answers `{ value }`; the writes are additions for admins. */
export const configurationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/configuration',
    {
      schema: {
        tags,
        summary: 'Wartość ustawienia, np. name=pdf/installation-protocol/title lub company/name',
        querystring: configurationQuery,
        response: { 200: configurationValueSchema, ...errors },
      },
    },
    async (request) => {
      currentUser(request);
      assertKnownName(request.query.name);
      return { value: await readConfigurationValue(app.db, request.query.name) };
    },
  );

  app.put(
    '/api/configuration',
    {
      schema: {
        tags,
        summary: 'Zapis jednego ustawienia (administrator)',
        body: configurationWriteSchema,
        response: { 200: configurationEntrySchema, ...errors },
      },
    },
    async (request) =>
      setConfigurationValue(app.db, requireAdmin(request), request.body.name, request.body.value),
  );

  app.put(
    '/api/configuration/company-logo',
    {
      schema: {
        tags,
        summary: 'Logo firmy (PNG lub JPEG jako data URL, do 300 KB; pusty tekst usuwa) (administrator)',
        body: companyLogoSchema,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await setConfigurationValue(app.db, requireAdmin(request), COMPANY_LOGO, request.body.value);
      return { message: PROTOCOL_MSG.configurationSaved };
    },
  );

  app.get(
    '/api/configuration/company',
    {
      schema: {
        tags,
        summary: 'Dane firmy (nagłówek każdego PDF) i teksty protokołu montażu',
        response: { 200: companySettingsResponse, ...errors },
      },
    },
    async (request) => {
      currentUser(request);
      return readCompanySettings(app.db);
    },
  );

  app.put(
    '/api/configuration/company',
    {
      schema: {
        tags,
        summary: 'Zapis danych firmy i tekstów protokołu montażu w jednej transakcji (administrator)',
        body: companySettingsChangeSchema,
        response: { 200: companySettingsResponse, ...errors },
      },
    },
    async (request) => saveCompanySettings(app.db, requireAdmin(request), request.body),
  );
};
