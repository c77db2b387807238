import { Readable } from 'node:stream';
import {
  PROTOCOL_MAIL,
  PROTOCOL_MSG,
  REMINDER_MAIL,
  firstEmailAddress,
  isEmailAddress,
  protocolPdfFileName,
  type SessionUser,
} from '@serwis/domain';
import { badRequest, conflict } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { serviceInLog } from '../services/services.log-label.js';
import { deliver } from '../../plugins/mailer.js';
import { companySignature, loadCompanyIdentity } from '../configuration/company-identity.js';
import { keptParties, loadProtocolContext, signedForOthers, templateData } from './protocols.context.js';
import { findFileRow, findProtocolRow, markProtocolSent } from './protocols.repository.js';
import { storedBytesMissing, warnStoredBytesMissing } from '../files/files.download.js';
import {
  pdfInput,
  readProtocolTitle,
  render,
  requireService,
  storedData,
  type ProtocolDeps,
} from './protocols.service.js';

const record = (id: number) => `service:${id}`;

/**
 * The event's current protocol PDF: the stored one once signed here; otherwise the printable one
 * with everything known so far and empty signature boxes ("Drukuj do skanu").
 */
export async function protocolPdf(deps: ProtocolDeps, serviceId: number) {
  const row = await requireService(deps.db, serviceId);
  const stored = await findProtocolRow(deps.db, serviceId);
  const ctx = await loadProtocolContext(deps.db, row, keptParties(row, stored));
  const filename = protocolPdfFileName(ctx.header.fullNumber, serviceId);
  if (row.state === 'PODPISANY' && stored?.fileId) {
    const file = await findFileRow(deps.db, stored.fileId);
    const stream = file ? await deps.storage.open(file.storageName) : null;
    if (stream) return { stream, filename: file!.filename };
    // Its bytes lost: the printable one stands in, and the log says so.
    if (file) warnStoredBytesMissing(deps.log, file);
  }
  const data = stored ? await storedData(deps.db, ctx, stored) : await templateData(deps.db, ctx);
  const pdf = await render(await pdfInput(deps.db, deps.config, ctx, data, 'print'), deps.log);
  return { stream: Readable.from([pdf]), filename };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * POST send: the signed PDF to the address typed, or else to the first address in the customer's
 * e-mail field (which may hold two, or a note: as the reminders read it), logged with the event.
 * The mail goes before anything is written and outside any transaction: a slow or silent mail
 * server (up to the mailer's timeouts) holds no lock and, on the embedded database, does not keep
 * its one connection from everyone else. A delivery refused (503) leaves no record and no entry.
 */
export async function sendProtocol(deps: ProtocolDeps, actor: SessionUser, serviceId: number, email: string) {
  const row = await requireService(deps.db, serviceId);
  const stored = await findProtocolRow(deps.db, serviceId);
  const file = stored?.fileId ? await findFileRow(deps.db, stored.fileId) : undefined;
  if (row.state !== 'PODPISANY' || !file) throw conflict(PROTOCOL_MSG.protocolNotSigned, 'NOT_SIGNED');
  const kept = keptParties(row, stored);
  const ctx = await loadProtocolContext(deps.db, row, kept);
  // Its PDF names the customer or machines the event had when it was signed: not sent to another.
  if (
    kept &&
    signedForOthers(
      row,
      ctx.machines.map((m) => m.id),
      kept,
    )
  )
    throw conflict(PROTOCOL_MSG.protocolSignedForOthers, 'SIGNED_FOR_OTHERS');
  const to = email || firstEmailAddress(ctx.header.customer.email);
  if (!to) throw badRequest(PROTOCOL_MSG.protocolEmailRequired, 'NO_EMAIL');
  const stream = await deps.storage.open(file.storageName);
  if (!stream) throw storedBytesMissing(deps.log, file);
  const company = await loadCompanyIdentity(deps.db, deps.config);
  const title = await readProtocolTitle(deps.db, ctx.header);
  await deliver(deps.mailer, {
    to,
    // A reply reaches the company's own address ("Dane firmy"), not the sending mailbox.
    replyTo: isEmailAddress(company.email) ? company.email : undefined,
    subject: PROTOCOL_MAIL.subject(title, ctx.header.fullNumber),
    text: [
      REMINDER_MAIL.customerGreeting,
      '',
      PROTOCOL_MAIL.intro(ctx.header.fullNumber, ctx.header.date),
      '',
      REMINDER_MAIL.regards,
      ...companySignature(company),
      '',
    ].join('\n'),
    attachments: [
      { filename: file.filename, content: await readAll(stream), contentType: 'application/pdf' },
    ],
  });
  await inTransaction(deps.db, async (tx) => {
    await markProtocolSent(tx, serviceId, to);
    await audit(
      tx,
      actor,
      `wysłanie do klienta na adres ${to} protokołu zdarzenia serwisowego ${await serviceInLog(tx, row)}`,
      record(serviceId),
    );
  });
  return { message: PROTOCOL_MSG.protocolSent, sentTo: to };
}
