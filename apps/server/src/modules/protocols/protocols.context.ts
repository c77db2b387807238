import {
  PROTOCOL_MSG,
  checklistFor,
  employeeName,
  isInstallationEvent,
  parseOperations,
  protocolDataSchema,
  type ProtocolData,
  type ProtocolHeader,
  type SignedEventFields,
  type SignedParties,
  SIGNED_EVENT_FIELDS,
  postalAddress,
} from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import { listInstallationOperations } from '../installation-operations/installation-operations.repository.js';
import { fullNumberOf } from '../services/services.mapper.js';
import type { ServiceRow } from '../services/services.repository.js';
import { findProtocolContext, type ProtocolRow } from './protocols.repository.js';

export type ProtocolContext = Awaited<ReturnType<typeof loadProtocolContext>>;

/**
 * The event, its customer, machines and technician as the protocol names them: as they were signed
 * (`signed`, see keptParties), else as they are now.
 */
export async function loadProtocolContext(db: DbOrTx, row: ServiceRow, signed?: SignedParties | null) {
  const ctx = await findProtocolContext(db, row.id, row.customerId, row.userCreatedId);
  if (!ctx.customer) throw notFound(PROTOCOL_MSG.protocolNotFound);
  const c = ctx.customer;
  const header: ProtocolHeader = {
    serviceId: row.id,
    fullNumber: fullNumberOf(row),
    date: row.date,
    state: row.state,
    types: row.types,
    paymentType: row.paymentType,
    faultDescription: row.faultDescription,
    period: row.period,
    employee: ctx.user ? employeeName(ctx.user) : '',
    userCreatedId: row.userCreatedId,
    customer: {
      id: c.id,
      shortName: c.shortName,
      fullName: c.fullName,
      address: postalAddress(c.streetAddress, c.zipCode, c.city),
      email: c.email,
    },
    machines: ctx.machines.map((m) => ({ id: m.id, name: m.name, serialNumber: m.serialNumber })),
    installation: isInstallationEvent(row.types),
  };
  if (signed) {
    // Its names as signed, of the customer and machines it still is for: an event an administrator
    // moved to another customer or machines after the signing names those as they are now.
    header.employee = signed.employee;
    const keptMachines = new Map(signed.machines.map((m) => [m.id, m]));
    header.machines = header.machines.map((m) => keptMachines.get(m.id) ?? m);
    const { id: keptCustomerId, ...keptCustomer } = signed.customer;
    if (keptCustomerId === undefined || keptCustomerId === c.id)
      header.customer = { ...header.customer, ...keptCustomer };
  }
  return { header, machines: ctx.machines };
}

/**
 * A protocol signed for other machines or another customer than its event has now, or for another
 * number, date, payment, service type, fault description or period (an administrator edited the
 * event after the signing): its stored PDF tells the former ones, and is not sent until a correction
 * prints the event as it is (an accountant's customer got a PDF saying "Do decyzji gwaranta" with an
 * invoice for a paid repair). A protocol signed before the customer was kept by id is judged by its
 * machines, and one signed before the event's fields were kept, by its machines and customer.
 */
export function signedForOthers(row: ServiceRow, machineIds: readonly number[], signed: SignedParties) {
  const keptIds = signed.machines.map((m) => m.id).sort((a, b) => a - b);
  const nowIds = [...machineIds].sort((a, b) => a - b);
  const machinesDiffer = keptIds.length !== nowIds.length || keptIds.some((id, i) => id !== nowIds[i]);
  const customerDiffers = signed.customer.id !== undefined && signed.customer.id !== row.customerId;
  const now = eventFieldsOf({ ...row, fullNumber: fullNumberOf(row) });
  const then = signed.event && eventFieldsOf(signed.event);
  const eventDiffers =
    then !== undefined &&
    SIGNED_EVENT_FIELDS.some((field) => JSON.stringify(then[field]) !== JSON.stringify(now[field]));
  return machinesDiffer || customerDiffers || eventDiffers;
}

/** The fields as compared: the types as a set (ticked in another order, they are the same). */
const eventFieldsOf = (event: SignedEventFields): SignedEventFields => ({
  ...(Object.fromEntries(SIGNED_EVENT_FIELDS.map((field) => [field, event[field]])) as SignedEventFields),
  types: [...event.types].sort(),
});

/** What a signed protocol keeps of its header (taken when it is signed in the app). */
export const signedPartiesOf = (header: ProtocolHeader): SignedParties => ({
  employee: header.employee,
  machines: header.machines,
  customer: {
    id: header.customer.id,
    shortName: header.customer.shortName,
    fullName: header.customer.fullName,
    address: header.customer.address,
  },
  event: eventFieldsOf(header),
});

/** The parties kept with a protocol signed in the app and still signed; null: the current ones. */
export const keptParties = (row: ServiceRow, stored: ProtocolRow | undefined) =>
  row.state === 'PODPISANY' && stored?.signedAt ? (stored.signedParties ?? null) : null;

/** A fresh protocol: one checklist per machine, a snapshot of its category's (or the installation) list. */
export async function templateData(db: DbOrTx, ctx: ProtocolContext): Promise<ProtocolData> {
  const installation = ctx.header.installation
    ? (await listInstallationOperations(db)).map((op) => ({ name: op.text, fields: [] }))
    : [];
  const checklists = ctx.machines.map((m) =>
    ctx.header.installation
      ? checklistFor(m, 'INSTALLATION', installation)
      : checklistFor(m, 'SERVICE', parseOperations(m.operationsText)),
  );
  return protocolDataSchema.parse({ checklists });
}
