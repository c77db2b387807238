import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatOperations, MSG } from '@serwis/domain';
import type { Response as InjectResponse } from 'light-my-request';
import {
  as,
  createUserAndLogin,
  login,
  resetDatabase,
  useTestApp,
  XHR,
  type TestUser,
} from '../../../test/test-app.js';
import {
  documentedRoutes,
  multipartSample,
  registerSnapshot,
  routeUrl,
  sampleJsonBody,
  seedSmallRegister,
  snapshotChanges,
  type DocumentedRoute,
  type RegisterSnapshot,
} from '../../../test/route-sweep.js';
import { wrongAnswer } from '../../../test/bad-input.js';
import { users } from '../users/users.table.js';
import { filledIn, getProtocol, inspectionSetup } from '../protocols/protocols.fixtures.js';
import {
  customerWithMachines,
  deleteService,
  postService,
  serviceAction,
  serviceJson,
  updateService,
} from '../services/services.fixtures.js';

/**
 * Who may call what, on every route of the OpenAPI document. The expected class of each route is
 * written below from domain.md ("Permissions") and spec.md (§2, §6, §7, §8), never read from the
 * server's guards; a documented route missing from the table fails the sweep, so a new route must
 * be classified. Without a session every route but the public ones answers 401; an employee (USER)
 * gets 403 with spec §8's message from every admin-only route and nothing changes; every other
 * route lets him through. The "own" rules (notes, incidents, service events) have cases of their
 * own below.
 */
const ctx = useTestApp({ GEOCODER_URL: '' });

type Access =
  /** Answers without a session: `status` is its answer to the sweep's request with none. */
  | { kind: 'public'; status: number; why: string }
  | { kind: 'signed-in' }
  /** An employee gets 403 with `message` (spec §8 where it names one, else "Brak uprawnień do tej operacji."). */
  | { kind: 'admin'; message: string }
  /** An employee changes his own record, not a colleague's (admins any); cases in "own records". */
  | { kind: 'own'; record: 'note' | 'incident' | 'service' };

const open = (status: number, why: string): Access => ({ kind: 'public', status, why });
const ANY: Access = { kind: 'signed-in' };
const admin = (message: string = MSG.forbidden): Access => ({ kind: 'admin', message });
const own = (record: 'note' | 'incident' | 'service'): Access => ({ kind: 'own', record });

const ACCESS: Record<string, Access> = {
  // Public: what a visitor needs before he has a session, and probes that hold no data.
  'GET /api/health': open(200, 'liveness probe of the run contract (architecture.md); no data'),
  'GET /api/ready': open(200, 'readiness probe for the load balancer (operations decision); no data'),
  'GET /api/reference-data': open(
    200,
    'the constant dictionaries of the shared domain package (domain.md "Reference data"), no register data',
  ),
  'GET /api/user/auth': open(401, 'the login itself (spec §7, /login); without credentials it refuses'),
  'GET /logout': open(302, 'ends a session if there is one; with none it only clears the cookie'),
  'POST /api/user/resetPassword': open(
    404,
    'the password reset of the /login screen (spec §2, §8); the sample address is nobody’s',
  ),
  'GET /api/storage/download-public-file': open(
    404,
    'machines-map.png for the company website (domain.md "Files"); none is made yet here',
  ),

  // Session and accounts (spec §6: employees are admin-only; the own account is everybody's).
  'GET /api/user/check-auth': ANY,
  'PATCH /api/user/setNewPassword': ANY,
  'GET /api/user/findAllFlatRoles': admin(),
  'GET /api/user/findById/{id}': admin(),
  'POST /api/user/insert': admin(),
  'PUT /api/user/update': admin(),
  'GET /api/user/dependants/{id}': admin(),
  'DELETE /api/user/delete/{id}': admin(),
  'GET /api/log/findAll': admin(),
  'POST /api/log/redact': admin(),

  // Customers: read and create for all, edit and delete for admins (spec §8 "Customer edit/delete 403").
  'GET /api/customer/findAll': ANY,
  'GET /api/customer/get-csv': ANY,
  'GET /api/customer/findById/{id}': ANY,
  'GET /api/customer/dependants/{id}': ANY,
  'POST /api/customer/insert': ANY,
  'PUT /api/customer/update': admin(),
  'DELETE /api/customer/delete/{id}': admin(),
  'POST /api/customer/delete': admin(),

  // Categories: read, create, edit for all (the operation list: admins, a case below); delete for admins.
  'GET /api/category/findAll': ANY,
  'GET /api/category/findById/{id}': ANY,
  'POST /api/category/insert': ANY,
  'PUT /api/category/update': ANY,
  'DELETE /api/category/delete/{id}': admin(),

  // Machines of both families: read, create, edit (inspections switch, GPS) for all; delete for admins.
  'POST /api/device/getByFilter': ANY,
  'POST /api/device/get-csv-by-filter': ANY,
  'GET /api/device/findAllDevicesNames': ANY,
  'POST /api/device/insert': ANY,
  'PUT /api/device/update': ANY,
  'POST /api/device-external/getByFilter': ANY,
  'POST /api/device-external/get-csv-by-filter': ANY,
  'GET /api/device-external/findAllDevicesNames': ANY,
  'POST /api/device-external/insert': ANY,
  'PUT /api/device-external/update': ANY,
  'GET /api/device/findById/{id}': ANY,
  'GET /api/device/dependants/{id}': ANY,
  'GET /api/device/findByCategory/{id}': ANY,
  'GET /api/device/findByCustomer/{id}': ANY,
  'DELETE /api/device/delete/{id}': admin(),
  'PATCH /api/device/isPeriodicInspectionEnabled': ANY,
  'PATCH /api/device/updateGpsLocation': ANY,
  'POST /api/device/qr-labels': ANY,
  'POST /api/device-external/qr-labels': ANY,

  // Files: read, create, edit descriptions for all; delete for admins (spec §8 "File delete 403").
  'GET /api/file/findByDeviceAndType/{deviceId}/{type}': ANY,
  'POST /api/file/add': ANY,
  'PATCH /api/file/updateDescription': ANY,
  'DELETE /api/file/delete/{id}': admin(),
  'GET /api/storage/downloadFile': ANY,
  // The map is everybody's screen (spec §2 /map), its snapshot for the website too.
  'POST /api/storage/upload-public-file': ANY,

  // Notes: create for all, edit and delete own (admins any).
  'GET /api/deviceNote/findByIdDevice/{deviceId}': ANY,
  'POST /api/deviceNote/insert': ANY,
  'PUT /api/deviceNote/update': own('note'),
  'DELETE /api/deviceNote/delete/{id}': own('note'),

  // Parts: create and edit for all; domain.md lists no delete of parts among the admin's.
  'GET /api/part/findByDevice/{deviceId}': ANY,
  'POST /api/part/save': ANY,
  'DELETE /api/part/delete/{id}': ANY,

  // Inspections: read for all.
  'GET /api/device/periodicInspection/{deviceId}': ANY,
  'GET /api/device/periodicInspections/{mode}': ANY,
  'GET /api/device/periodicInspections': ANY,
  'GET /api/device/inspectionCycles': ANY,

  // To-dos: read for all; add, edit, save, delete for admins, a service's to-do too.
  'GET /api/todo/get': ANY,
  'POST /api/todo/save': admin(),
  'DELETE /api/todo/delete': admin(),
  'PATCH /api/service/changeTodoStatus': admin(),

  // Statistics: admins (spec §2, §6).
  'GET /api/statistics/servicesUsers': admin(),
  'GET /api/statistics/servicesCharts': admin(),

  // Service events: read and create for all; edit own unsigned (signed, rejected: admins); delete:
  // admins (domain.md's table: "Delete … services | no"; spec §8 "Service add/delete 403").
  'GET /api/service/findByDeviceWithFilesEnitiy/{deviceId}': ANY,
  'GET /api/service/get-csv': ANY,
  'GET /api/service/findAllOrderInternal': ANY,
  'GET /api/service/findAllOrderExternal': ANY,
  'POST /api/service/add': ANY,
  'PUT /api/service/update': own('service'),
  'PATCH /api/service/sign/{id}': own('service'),
  'PATCH /api/service/reject/{id}': own('service'),
  'PATCH /api/service/printForScan/{id}': own('service'),
  'PATCH /api/service/addFile/{serviceId}': ANY,
  'DELETE /api/service/delete/{id}': admin(MSG.forbiddenBang),
  // The field protocol is the event's: read for all, written as the event is.
  'GET /api/service/protocol/{serviceId}': ANY,
  'PUT /api/service/protocol/{serviceId}': own('service'),
  'POST /api/service/protocol/{serviceId}/sign': own('service'),
  'POST /api/service/protocol/{serviceId}/send': ANY,
  'GET /api/service/protocol-pdf/{serviceId}': ANY,

  // Incidents: create for all, edit own (the insert with an id), delete for admins (spec §8).
  'GET /api/incident/findByParameters': ANY,
  'POST /api/incident/insert': own('incident'),
  'DELETE /api/incident/delete/{id}': admin(MSG.forbiddenBang),

  // Tutorials: read for all; domain.md's tree is read-only, its additions (folders, files) are admins'.
  'GET /api/google-drive/getTree': ANY,
  'GET /api/google-drive/downloadFile': ANY,
  'GET /api/google-drive/source': ANY,
  'POST /api/google-drive/createFolder': admin(),
  'POST /api/google-drive/uploadFile': admin(),

  // Map, hotels, address search: for all; deleting a hotel for admins.
  'GET /api/device/with-gps-location-data': ANY,
  'GET /api/map/config': ANY,
  'GET /api/geocode': ANY,
  'GET /api/deviceHotel/getAll': ANY,
  'GET /api/deviceHotel/getAllByDevice/{deviceId}': ANY,
  'POST /api/deviceHotel/insert': ANY,
  'DELETE /api/deviceHotel/deleteHotel/{id}': admin(),

  // Branches: admins, reading included (domain.md "Employees, statistics, logs, branches | no").
  'GET /api/branch/getAll': admin(),
  'POST /api/branch/insert': admin(),
  'DELETE /api/branch/deleteBranch/{id}': admin(),

  // Installation operations: admins, reading included (domain.md "… and installation operations |
  // no"; spec §2: the "Protokół montażu" tab is the admin's). A protocol reads them on the server.
  'GET /api/installation-operation': admin(),
  'POST /api/installation-operation': admin(),
  'PUT /api/installation-operation': admin(),
  'DELETE /api/installation-operation': admin(),
  'PATCH /api/installation-operation/move-up': admin(),
  'PATCH /api/installation-operation/move-down': admin(),

  // Configuration: read for all (the PDFs, "Dane firmy"); written by admins.
  'GET /api/configuration': ANY,
  'PUT /api/configuration': admin(),
  'PUT /api/configuration/company-logo': admin(),
  'GET /api/configuration/company': ANY,
  'PUT /api/configuration/company': admin(),

  // Additions (docs/decisions.md): own reminder settings and the dashboard for all; running the
  // reminders and the bulk imports for admins.
  'GET /api/reminders/settings': ANY,
  'POST /api/reminders/settings': ANY,
  'POST /api/reminders/run': admin(),
  'GET /api/reminders/runs': admin(),
  'GET /api/dashboard': ANY,
  'GET /api/customer/import/template': admin(),
  'POST /api/customer/import/preview': admin(),
  'POST /api/customer/import': admin(),
  'GET /api/device/import/template': admin(),
  'POST /api/device/import/preview': admin(),
  'POST /api/device/import': admin(),
  'GET /api/device-external/import/template': admin(),
  'POST /api/device-external/import/preview': admin(),
  'POST /api/device-external/import': admin(),
};

/** Query strings of a plausible call (required parameters, and a choice the screens make). */
const SAMPLE_QUERIES: Record<string, string> = {
  'POST /api/customer/delete': 'id=1',
  'GET /api/storage/downloadFile': 'fileName=opis.txt',
  'GET /api/todo/get': 'toDoStatus=ALL',
  'DELETE /api/todo/delete': 'id=1',
  'GET /api/google-drive/downloadFile': 'fileId=brak.pdf',
  'POST /api/google-drive/uploadFile': 'folderId=Instrukcje',
  'GET /api/storage/download-public-file': 'fileName=machines-map.png',
  'GET /api/geocode': 'q=Piotrkowska%2010%2C%20%C5%81%C3%B3d%C5%BA',
  'GET /api/incident/findByParameters': 'deviceId=1',
  'DELETE /api/installation-operation': 'id=1',
  'PATCH /api/installation-operation/move-up': 'installationOperationId=1',
  'PATCH /api/installation-operation/move-down': 'installationOperationId=1',
  'GET /api/configuration': 'name=company/name',
};

/** Fields an employee's forms leave out: only admins write to-dos (domain.md "To-dos"). */
const EMPLOYEE_OMITS: Record<string, string[]> = {
  'POST /api/service/add': ['todo', 'toDoStatus'],
  'PUT /api/service/update': ['todo', 'toDoStatus'],
};

const without = (value: object, keys: string[] = []) =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));

/** Kept across the register's resets: the file logs in once per role. */
const ACCOUNTS = ['users', 'sessions'];

/** The request a screen would send: the schema's sample body, filled path and query. */
async function plausibleRequest(route: DocumentedRoute) {
  const query = SAMPLE_QUERIES[route.name];
  const url = routeUrl(route.path) + (query ? `?${query}` : '');
  const omit = EMPLOYEE_OMITS[route.name];
  const parts = multipartSample(route);
  if (parts) {
    const json = Object.fromEntries(Object.entries(parts.json).map(([part, v]) => [part, without(v, omit)]));
    const body = await parts.body(json, 'Treść pliku', 'plik.txt');
    return { url, payload: body.payload, headers: body.headers as Record<string, string> };
  }
  const json = sampleJsonBody(route);
  return { url, payload: json && without(json, omit), headers: {} as Record<string, string> };
}

const UNAUTHORIZED_BODY = { message: MSG.sessionRequired, code: 'UNAUTHORIZED' };

const answerOf = (response: InjectResponse) => `${response.statusCode} ${response.body.slice(0, 200)}`;

/** Records every admin-only route needs to exist under id 1, besides the small register. */
async function seedAdminTargets(adminUser: TestUser, author: TestUser) {
  const post = async (user: TestUser, url: string, payload: object) => {
    const response = await ctx.app.inject({ method: 'POST', url, headers: as(user), payload });
    if (response.statusCode >= 300) throw new Error(`${url}: ${answerOf(response)}`);
  };
  const place = { city: 'Łódź', latitude: 51.76, longitude: 19.46 };
  await post(author, '/api/incident/insert', {
    id: null,
    device: { id: 1 },
    date: '2024-03-15T10:00',
    text: 'Wyciek oleju',
  });
  await post(author, '/api/part/save', { id: 0, name: 'Łożysko', device: { id: 1 } });
  await post(author, '/api/deviceHotel/insert', { id: null, name: 'Hotel Polonia', ...place });
  await post(adminUser, '/api/branch/insert', { id: null, name: 'Oddział Łódź', ...place });
  await post(adminUser, '/api/todo/save', { description: 'Zadzwonić do klienta' });
}

describe('access on every documented route', () => {
  it('401 without a session, 403 for an employee where only admins may, and nothing written', async () => {
    const anna = await createUserAndLogin(ctx, { admin: true, email: 'anna@firma.pl' });
    const jan = await createUserAndLogin(ctx, { email: 'serwisant@firma.pl' });
    const routes = await documentedRoutes(ctx.app);
    expect(routes.length).toBeGreaterThan(100);
    const names = routes.map((route) => route.name);
    expect(
      names.filter((name) => !ACCESS[name]),
      'documented routes missing from the table',
    ).toEqual([]);
    expect(
      Object.keys(ACCESS).filter((name) => !names.includes(name)),
      'table rows of no route',
    ).toEqual([]);

    // The OpenAPI document describes the API, holds no data, and is how the sweep finds the routes.
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);

    let snapshot: RegisterSnapshot;
    const seed = async () => {
      await resetDatabase(ctx.database, { keep: ACCOUNTS });
      await seedSmallRegister(ctx, { admin: anna, author: jan });
      await seedAdminTargets(anna, jan);
      snapshot = await registerSnapshot(ctx);
    };
    await seed();
    /** What the call changed (and a fresh register for the next one if anything). */
    const changed = async () => {
      const after = await registerSnapshot(ctx);
      const changes = snapshotChanges(snapshot, after);
      snapshot = after;
      if (changes.length) await seed();
      return changes;
    };
    // Register data a public answer must not carry.
    const secrets = ['Klient 1', 'Kategoria 1', 'Notatka', 'Wyciek oleju', anna.email, jan.email];

    const problems: string[] = [];
    for (const route of routes) {
      const access = ACCESS[route.name]!;
      const request = await plausibleRequest(route);
      const call = (headers: Record<string, string>) =>
        ctx.app.inject({
          method: route.method as 'GET',
          url: request.url,
          headers: { ...headers, ...request.headers },
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });

      // 1. No session cookie (the XHR marker as the browser sends it, so CSRF is not what refuses).
      const anonymous = await call({ ...XHR });
      const anonymousChanges = await changed();
      if (access.kind === 'public') {
        if (anonymous.statusCode !== access.status)
          problems.push(`${route.name} without a session: ${answerOf(anonymous)}`);
        const leaked = secrets.filter((secret) => anonymous.body.includes(secret));
        if (leaked.length) problems.push(`${route.name} without a session shows ${leaked.join(', ')}`);
        // Not called with the employee's session: /logout would end it, and there is nothing to refuse.
        continue;
      }
      if (anonymous.statusCode !== 401 || anonymous.body !== JSON.stringify(UNAUTHORIZED_BODY))
        problems.push(`${route.name} without a session: ${answerOf(anonymous)}`);
      if (anonymousChanges.length)
        problems.push(`${route.name} without a session wrote: ${anonymousChanges.join(', ')}`);
      // A GET route answers HEAD too (Fastify adds it): the same guard, without a body to show.
      const head = (headers: Record<string, string>) =>
        ctx.app.inject({ method: 'HEAD', url: request.url, headers: { ...headers, ...request.headers } });
      if (route.method === 'GET') {
        const anonymousHead = await head({ ...XHR });
        if (anonymousHead.statusCode !== 401 || anonymousHead.body !== '')
          problems.push(`HEAD ${route.name} without a session: ${answerOf(anonymousHead)}`);
        if (access.kind === 'admin') {
          const employeeHead = await head(as(jan));
          if (employeeHead.statusCode !== 403 || employeeHead.body !== '')
            problems.push(`HEAD ${route.name} as an employee: ${answerOf(employeeHead)}`);
        }
      }

      // 2. An employee's session.
      const employee = await call(as(jan));
      const employeeChanges = await changed();
      if (access.kind === 'admin') {
        const expected = JSON.stringify({ message: access.message, code: 'FORBIDDEN' });
        if (employee.statusCode !== 403 || employee.body !== expected)
          problems.push(`${route.name} as an employee: ${answerOf(employee)}`);
        if (employeeChanges.length)
          problems.push(`${route.name} as an employee wrote: ${employeeChanges.join(', ')}`);
      } else {
        const wrong = wrongAnswer(employee);
        if (employee.statusCode === 401 || employee.statusCode === 403 || wrong)
          problems.push(`${route.name} as an employee (allowed): ${wrong ?? ''} ${answerOf(employee)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  describe('own records: an employee changes his own, not a colleague’s', () => {
    /** A colleague's or one's own records: a note, an incident and an open event with its protocol. */
    async function recordsOf(author: TestUser, anna: TestUser) {
      const { customer, device, serviceId } = await inspectionSetup(ctx, author);
      const post = async (url: string, payload: object) => {
        const response = await ctx.app.inject({ method: 'POST', url, headers: as(author), payload });
        if (response.statusCode !== 201) throw new Error(`${url}: ${answerOf(response)}`);
        return response.json().id as number;
      };
      const note = await post('/api/deviceNote/insert', { device: { id: device.id }, text: 'Notatka' });
      const incident = await post('/api/incident/insert', {
        id: null,
        device: { id: device.id },
        date: '2026-03-16T09:00',
        text: 'Wyciek oleju',
      });
      const protocol = (await getProtocol(ctx, anna, serviceId)).json().data;
      return { customer: customer.id, device: device.id, note, incident, service: serviceId, protocol };
    }
    type Records = Awaited<ReturnType<typeof recordsOf>>;
    type Write = 'PUT' | 'POST' | 'PATCH' | 'DELETE';

    /** Each "own" row of the table, called on a record as the screens call it. */
    const OWN_CALLS: Record<string, (r: Records) => { method: Write; url: string; payload?: object }> = {
      'PUT /api/deviceNote/update': (r) => ({
        method: 'PUT',
        url: '/api/deviceNote/update',
        payload: { id: r.note, device: { id: r.device }, text: 'Poprawiona notatka' },
      }),
      'DELETE /api/deviceNote/delete/{id}': (r) => ({
        method: 'DELETE',
        url: `/api/deviceNote/delete/${r.note}`,
      }),
      'POST /api/incident/insert': (r) => ({
        method: 'POST',
        url: '/api/incident/insert',
        payload: { id: r.incident, device: { id: r.device }, date: '2026-03-16T09:00', text: 'Poprawiony' },
      }),
      'PUT /api/service/update': (r) => ({
        method: 'PUT',
        url: '/api/service/update',
        payload: {
          ...serviceJson(r.customer, [r.device], { type: ['PRZEGLAD_OKRESOWY'], period: 6 }),
          id: r.service,
          faultDescription: 'Poprawiony opis',
        },
      }),
      'PATCH /api/service/sign/{id}': (r) => ({
        method: 'PATCH',
        url: `/api/service/sign/${r.service}`,
      }),
      'PATCH /api/service/reject/{id}': (r) => ({
        method: 'PATCH',
        url: `/api/service/reject/${r.service}`,
      }),
      'PATCH /api/service/printForScan/{id}': (r) => ({
        method: 'PATCH',
        url: `/api/service/printForScan/${r.service}`,
      }),
      'PUT /api/service/protocol/{serviceId}': (r) => ({
        method: 'PUT',
        url: `/api/service/protocol/${r.service}`,
        payload: { ...r.protocol, workDone: 'W trakcie' },
      }),
      'POST /api/service/protocol/{serviceId}/sign': (r) => ({
        method: 'POST',
        url: `/api/service/protocol/${r.service}/sign`,
        payload: filledIn(r.protocol),
      }),
    };
    /** spec §8: "Note … 403", "Incident save 403", "Service add/delete 403". */
    const REFUSAL = {
      note: MSG.forbidden,
      incident: MSG.forbiddenIncident,
      service: MSG.forbiddenBang,
    };

    it('every "own" row: a colleague’s record 403 and unchanged, one’s own allowed, an admin any', async () => {
      const anna = await createUserAndLogin(ctx, { admin: true, email: 'anna@firma.pl' });
      const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
      const ewa = await createUserAndLogin(ctx, { email: 'ewa@firma.pl', firstName: 'Ewa' });
      const ownRows = Object.entries(ACCESS).filter(([, access]) => access.kind === 'own');
      expect(ownRows.map(([name]) => name).sort()).toEqual(Object.keys(OWN_CALLS).sort());

      for (const [name, access] of ownRows) {
        if (access.kind !== 'own') continue;
        await resetDatabase(ctx.database, { keep: ACCOUNTS });
        const hers = await recordsOf(ewa, anna);
        const his = await recordsOf(jan, anna);
        const call = (user: TestUser, records: Records) =>
          ctx.app.inject({ ...OWN_CALLS[name]!(records), headers: as(user) });

        const before = await registerSnapshot(ctx);
        const refused = await call(jan, hers);
        expect(answerOf(refused), `${name} on a colleague's ${access.record}`).toBe(
          `403 ${JSON.stringify({ message: REFUSAL[access.record], code: 'FORBIDDEN' })}`,
        );
        expect(snapshotChanges(before, await registerSnapshot(ctx)), name).toEqual([]);

        const allowed = await call(jan, his);
        expect(allowed.statusCode, `${name} on his own ${access.record}: ${answerOf(allowed)}`).toBeLessThan(
          300,
        );
        const byAdmin = await call(anna, hers);
        expect(byAdmin.statusCode, `${name} by an admin: ${answerOf(byAdmin)}`).toBeLessThan(300);
      }
    });

    it('signed and rejected events: locked for their author, open to admins; deleting is for admins', async () => {
      const anna = await createUserAndLogin(ctx, { admin: true });
      const jan = await createUserAndLogin(ctx);
      const { customer, devices } = await customerWithMachines(ctx, 1);
      const json = (overrides = {}) => serviceJson(customer.id, [devices[0]!.id], overrides);
      const signed = (await postService(ctx, jan, json({ isToSign: true }))).json().id as number;
      const rejected = (await postService(ctx, jan, json())).json().id as number;
      const draft = (await postService(ctx, jan, json())).json().id as number;
      expect((await serviceAction(ctx, anna, 'reject', rejected)).statusCode).toBe(200);

      const before = await registerSnapshot(ctx);
      const refusals = [
        await updateService(ctx, jan, { ...json({ faultDescription: 'Zmiana' }), id: signed }),
        await updateService(ctx, jan, { ...json({ faultDescription: 'Zmiana' }), id: rejected }),
        await serviceAction(ctx, jan, 'reject', signed),
        // domain.md's table: "Delete … services | USER no", his own open draft included.
        await deleteService(ctx, jan, draft),
      ];
      for (const refused of refusals)
        expect(answerOf(refused)).toBe(
          `403 ${JSON.stringify({ message: MSG.forbiddenBang, code: 'FORBIDDEN' })}`,
        );
      expect(snapshotChanges(before, await registerSnapshot(ctx))).toEqual([]);

      const edited = await updateService(ctx, anna, { ...json({ faultDescription: 'Zmiana' }), id: signed });
      expect(edited.statusCode).toBe(200);
      expect((await updateService(ctx, anna, { ...json(), id: rejected })).statusCode).toBe(200);
      expect((await deleteService(ctx, anna, draft)).statusCode).toBe(200);
    });

    it('a category’s service-operation list is the admins’; its name anyone’s', async () => {
      const anna = await createUserAndLogin(ctx, { admin: true });
      const jan = await createUserAndLogin(ctx);
      const { category } = await customerWithMachines(ctx, 1);
      const update = (user: TestUser, payload: object) =>
        ctx.app.inject({
          method: 'PUT',
          url: '/api/category/update',
          headers: as(user),
          payload: { id: category.id, name: 'Piece', ...payload },
        });
      const operations = formatOperations([{ name: 'Kontrola łożysk', fields: [] }]);
      const before = await registerSnapshot(ctx);
      const refused = await update(jan, { serviceReviewOperationsList: operations });
      // spec §8 "Category operation save 403".
      expect(answerOf(refused)).toBe(
        `403 ${JSON.stringify({ message: MSG.forbiddenShort, code: 'FORBIDDEN' })}`,
      );
      expect(snapshotChanges(before, await registerSnapshot(ctx))).toEqual([]);
      expect((await update(jan, {})).statusCode).toBe(200);
      expect((await update(anna, { serviceReviewOperationsList: operations })).statusCode).toBe(200);
    });
  });

  describe('a deactivated account', () => {
    it('its open session is refused with 401 from then on, and it cannot log in again', async () => {
      const anna = await createUserAndLogin(ctx, { admin: true });
      const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
      const readCustomers = (user: TestUser) =>
        ctx.app.inject({ method: 'GET', url: '/api/customer/findAll', headers: as(user) });
      expect((await readCustomers(jan)).statusCode).toBe(200);

      // As an admin switches an employee off on /userEdit (users.service ends his sessions).
      const off = await ctx.app.inject({
        method: 'PUT',
        url: '/api/user/update',
        headers: as(anna),
        payload: {
          id: jan.id,
          email: jan.email,
          userName: 'Serwisant',
          firstName: 'Jan',
          lastName: 'Kowalski',
          active: false,
          roles: [{ id: 2, role: 'USER' }],
        },
      });
      expect(off.statusCode).toBe(200);
      const before = await registerSnapshot(ctx);
      const read = await readCustomers(jan);
      const write = await ctx.app.inject({
        method: 'POST',
        url: '/api/customer/insert',
        headers: as(jan),
        payload: { shortName: 'Nowy klient', fullName: 'Nowy klient sp. z o.o.' },
      });
      for (const refused of [read, write])
        expect(answerOf(refused)).toBe(`401 ${JSON.stringify(UNAUTHORIZED_BODY)}`);
      expect(snapshotChanges(before, await registerSnapshot(ctx))).toEqual([]);
      await expect(login(ctx.app, jan.email, jan.password)).rejects.toThrow('login failed: 401');
    });

    it('switched off outside the API (its session rows kept), the session is refused all the same', async () => {
      const ewa = await createUserAndLogin(ctx, { email: 'ewa@firma.pl' });
      await ctx.database.db.update(users).set({ active: false }).where(eq(users.id, ewa.id));
      const response = await ctx.app.inject({ method: 'GET', url: '/api/user/check-auth', headers: as(ewa) });
      expect(answerOf(response)).toBe(`401 ${JSON.stringify(UNAUTHORIZED_BODY)}`);
    });
  });
});
