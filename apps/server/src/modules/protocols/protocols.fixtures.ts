import { formatOperations, type ProtocolDataInput, type ServiceType } from '@serwis/domain';
import { as, type TestContext, type TestUser } from '../../../test/test-app.js';
import { insertCategory, insertCustomer, insertDevice } from '../../../test/service-fixtures.js';
import { postService, serviceJson } from '../services/services.fixtures.js';
import { pdfText as readPdfText } from '../../../test/pdf-reader.js';

/** A 1×1 PNG, as a signature pad's toDataURL() gives (smaller). */
export const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** Starts like a PNG and breaks off: passes validation, fails when the PDF embeds it. */
export const BROKEN_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB';

export const OPERATIONS = [
  {
    name: 'Sprawdzenie ciśnienia',
    fields: [
      { name: 'Ciśnienie', unit: 'bar' },
      { name: 'Temperatura', unit: '°C' },
    ],
  },
  { name: 'Kontrola łożysk', fields: [{ name: 'Luz', unit: 'mm' }] },
  { name: 'Czyszczenie filtrów', fields: [] },
];

/** A customer with one machine whose category has three operations (two with measurements). */
export async function inspectionSetup(
  ctx: TestContext,
  user: TestUser,
  types: ServiceType[] = ['PRZEGLAD_OKRESOWY'],
) {
  const db = ctx.database.db;
  const customer = await insertCustomer(db, {
    email: 'klient@zazolc.pl',
    streetAddress: 'ul. Gęślą 7',
    zipCode: '90-001',
  });
  const category = await insertCategory(db, { serviceReviewOperationsList: formatOperations(OPERATIONS) });
  const device = await insertDevice(db, {
    customerId: customer.id,
    categoryId: category.id,
    name: 'Kocioł Żółw',
    serialNumber: 'SN-ŁÓDŹ-1',
  });
  const created = await postService(
    ctx,
    user,
    serviceJson(customer.id, [device.id], {
      type: types,
      period: types.includes('PRZEGLAD_OKRESOWY') ? 6 : -1,
    }),
  );
  if (created.statusCode !== 201) throw new Error(created.body);
  return { customer, category, device, serviceId: created.json().id as number };
}

export const getProtocol = (ctx: TestContext, user: TestUser, id: number) =>
  ctx.app.inject({ method: 'GET', url: `/api/service/protocol/${id}`, headers: as(user) });
export const saveProtocol = (ctx: TestContext, user: TestUser, id: number, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `/api/service/protocol/${id}`, headers: as(user), payload });
export const signProtocol = (ctx: TestContext, user: TestUser, id: number, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/service/protocol/${id}/sign`, headers: as(user), payload });
/** "Wyślij do klienta": to the customer's address, or `{ email }` typed. */
export const sendProtocol = (ctx: TestContext, user: TestUser, id: number, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/service/protocol/${id}/send`, headers: as(user), payload });

/** Fills every row of a protocol as the technician would: answers, measurements, times, materials. */
export function filledIn(
  data: ProtocolDataInput & { checklists: NonNullable<ProtocolDataInput['checklists']> },
) {
  return {
    ...data,
    checklists: data.checklists.map((list) => ({
      ...list,
      items: list.items.map((item, i) => ({
        ...item,
        answer: i === 1 ? 'NIEPOPRAWNE' : 'POPRAWNE',
        remark: i === 1 ? 'Wymienić łożysko' : '',
        fields: (item.fields ?? []).map((f, j) => ({ ...f, value: String(2.5 + j) })),
      })),
    })),
    workDone: 'Zażółć gęślą jaźń — wymiana uszczelki',
    materials: [
      { name: 'Uszczelka DN50', quantity: '2', unit: 'szt.' },
      { name: 'Olej hydrauliczny', quantity: '1,5', unit: 'l' },
    ],
    arrivalTime: '08:15',
    startTime: '08:30',
    endTime: '11:45',
    kilometers: 120,
    nights: 1,
    recommendations: 'Wymienić filtr za 6 miesięcy',
    customerSignerName: 'Łucja Śliwińska',
    technicianSignature: PNG,
    customerSignature: PNG,
  };
}

/** The text of a PDF, laid out as on the page (see test/pdf-reader.ts). */
export const pdfText = (pdf: Buffer): string => readPdfText(pdf, 'layout');
