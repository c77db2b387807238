import {
  PROTOCOL_MSG,
  checklistFor,
  isInstallationEvent,
  parseOperations,
  protocolDataSchema,
  type ProtocolData,
  type ProtocolHeader,
} from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import { listInstallationOperations } from '../installation-operations/installation-operations.repository.js';
import { fullNameOf, fullNumberOf } from '../services/services.mapper.js';
import type { ServiceRow } from '../services/services.repository.js';
import { findProtocolContext } from './protocols.repository.js';

export type ProtocolContext = Awaited<ReturnType<typeof loadProtocolContext>>;

/** The event's header and, for a protocol not yet started, the checklists as the lists are now. */
export async function loadProtocolContext(db: DbOrTx, row: ServiceRow) {
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
    employee: ctx.user ? fullNameOf(ctx.user) : '',
    userCreatedId: row.userCreatedId,
    customer: {
      id: c.id,
      shortName: c.shortName,
      fullName: c.fullName,
      address: [c.streetAddress, [c.zipCode, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      email: c.email,
    },
    machines: ctx.machines.map((m) => ({ id: m.id, name: m.name, serialNumber: m.serialNumber })),
    installation: isInstallationEvent(row.types),
  };
  return { header, machines: ctx.machines };
}

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
