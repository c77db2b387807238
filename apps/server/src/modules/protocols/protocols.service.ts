import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  INSTALLATION_PROTOCOL_TABLE_HEADER,
  INSTALLATION_PROTOCOL_TITLE,
  MSG,
  PROTOCOL_MSG,
  correctedSections,
  employeeName,
  protocolPdfFileName,
  signedOutsideApp,
  signingProblem,
  todayInZone,
  withoutBlankMaterials,
  type Protocol,
  type ProtocolData,
  type ProtocolHeader,
  type SessionUser,
} from '@serwis/domain';
import type { Config } from '../../config.js';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { serviceInLog } from '../services/services.log-label.js';
import type { Mailer } from '../../plugins/mailer.js';
import type { Storage } from '../../plugins/storage/index.js';
import { loadCompanyIdentity } from '../configuration/company-identity.js';
import { readCompanyLogo, readConfiguration } from '../configuration/configuration.repository.js';
import { discardUpload, insertFileRow, type UploadedFile } from '../files/files.service.js';
import { refreshInspectionSummariesOfService } from '../inspections/inspection-summaries.js';
import { findServiceRow, updateServiceRow, type ServiceRow } from '../services/services.repository.js';
import {
  assertMayWriteProtocol,
  assignNumber,
  canModify,
  isOpen,
  requireServiceForUpdate,
} from '../services/services.rules.js';
import {
  keptParties,
  loadProtocolContext,
  signedForOthers,
  signedPartiesOf,
  templateData,
  type ProtocolContext,
} from './protocols.context.js';
import { protocolTitle, renderProtocolPdf, type ProtocolPdfInput } from './protocols.pdf.js';
import { mergeAnswers } from './protocols.merge.js';
import { findProtocolRow, upsertProtocolRow, type ProtocolRow } from './protocols.repository.js';

export interface ProtocolDeps {
  db: Db;
  storage: Storage;
  mailer: Mailer;
  /** MAIL_FROM names the company on its documents until "Dane firmy" is filled in. */
  config: Pick<Config, 'MAIL_FROM' | 'TZ_COMPANY'>;
  log?: FastifyBaseLogger;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const record = (id: number) => `service:${id}`;

/**
 * The checklists a protocol has for its event's machines as they are now: the stored ones of the
 * machines it still has, a fresh one (its category's list) for a machine added to the event since,
 * none for a machine taken off it (an administrator corrected the event); a fresh protocol's all
 * fresh. In the event's order of machines.
 */
async function snapshotOf(db: DbOrTx, ctx: ProtocolContext, stored: ProtocolRow | undefined) {
  if (!stored) return (await templateData(db, ctx)).checklists;
  const kept = stored.data.checklists;
  const ids = ctx.machines.map((m) => m.id);
  const same =
    kept.every((l) => ids.includes(l.deviceId)) && ids.every((id) => kept.some((l) => l.deviceId === id));
  if (same) return kept;
  const fresh = (await templateData(db, ctx)).checklists;
  return ids.flatMap((id) => {
    const own = kept.filter((l) => l.deviceId === id);
    return own.length ? own : fresh.filter((l) => l.deviceId === id);
  });
}

/** A stored protocol's data with the checklists of its event's machines as they are now. */
export async function storedData(
  db: DbOrTx,
  ctx: ProtocolContext,
  stored: ProtocolRow,
): Promise<ProtocolData> {
  return { ...stored.data, checklists: await snapshotOf(db, ctx, stored) };
}

/** The protocol's title as its PDF and the e-mail carrying it name it (an installation's is configurable). */
export async function readProtocolTitle(db: DbOrTx, header: Pick<ProtocolHeader, 'installation'>) {
  const texts = await readConfiguration(db, [INSTALLATION_PROTOCOL_TITLE]);
  return protocolTitle(header, texts[INSTALLATION_PROTOCOL_TITLE]);
}

async function toProtocol(
  db: DbOrTx,
  actor: SessionUser,
  ctx: ProtocolContext,
  row: ServiceRow,
  stored?: ProtocolRow,
  data?: ProtocolData,
): Promise<Protocol> {
  const signed = row.state === 'PODPISANY';
  const signedAt = iso(stored?.signedAt);
  const kept = keptParties(row, stored);
  const machineIds = ctx.machines.map((m) => m.id);
  return {
    header: ctx.header,
    title: await readProtocolTitle(db, ctx.header),
    data: data ?? stored!.data,
    saved: Boolean(stored),
    signed,
    // Nothing of an event signed outside the app is printed from these fields: they are only read.
    editable: canModify(actor, row) && !signedOutsideApp({ signed, signedAt }),
    updatedAt: iso(stored?.updatedAt),
    signedAt,
    sentTo: stored?.sentTo ?? null,
    sentAt: iso(stored?.sentAt),
    fileId: stored?.fileId ?? null,
    signedForOthers: Boolean(kept && signedForOthers(row, machineIds, kept)),
  } satisfies Protocol;
}

export async function requireService(db: DbOrTx, serviceId: number) {
  const row = await findServiceRow(db, serviceId);
  if (!row) throw notFound(MSG.serviceNotFound);
  return row;
}

/** GET: the saved protocol, or a fresh one from the current lists (not stored until saved). */
export async function getProtocol(db: Db, actor: SessionUser, serviceId: number): Promise<Protocol> {
  const row = await requireService(db, serviceId);
  const stored = await findProtocolRow(db, serviceId);
  const ctx = await loadProtocolContext(db, row, keptParties(row, stored));
  return toProtocol(
    db,
    actor,
    ctx,
    row,
    stored,
    stored ? await storedData(db, ctx, stored) : await templateData(db, ctx),
  );
}

export async function pdfInput(
  db: DbOrTx,
  config: ProtocolDeps['config'],
  ctx: ProtocolContext,
  data: ProtocolData,
  mode: ProtocolPdfInput['mode'],
) {
  const texts = await readConfiguration(db, [
    INSTALLATION_PROTOCOL_TITLE,
    INSTALLATION_PROTOCOL_TABLE_HEADER,
  ]);
  return {
    header: ctx.header,
    data,
    company: await loadCompanyIdentity(db, config),
    logo: await readCompanyLogo(db),
    installation: {
      title: texts[INSTALLATION_PROTOCOL_TITLE],
      tableHeader: texts[INSTALLATION_PROTOCOL_TABLE_HEADER],
    },
    mode,
  } satisfies ProtocolPdfInput;
}

/** Renders; a document pdfmake cannot build (e.g. a broken signature image) is the request's fault. */
export async function render(input: ProtocolPdfInput, log?: FastifyBaseLogger) {
  try {
    return await renderProtocolPdf(input);
  } catch (error) {
    log?.warn({ err: error }, 'protocol PDF could not be rendered');
    throw Object.assign(badRequest(PROTOCOL_MSG.protocolPdfFailed, 'PDF_FAILED'), { cause: error });
  }
}

/**
 * Stores the signed PDF as one of the event's files (the same row and audit entry as an uploaded
 * scan, so it lists and downloads like any other file). Returns the upload for cleanup.
 */
async function storeProtocolPdf(
  tx: Tx,
  deps: ProtocolDeps,
  actor: SessionUser,
  serviceId: number,
  fullNumber: string,
  pdf: Buffer,
  uploads: UploadedFile[],
  description = 'Protokół podpisany w aplikacji',
) {
  const stored = await deps.storage.save(Readable.from([pdf]), { extension: '.pdf' });
  const upload: UploadedFile = {
    storageName: stored.name,
    size: stored.size,
    originalName: protocolPdfFileName(fullNumber),
    mimetype: 'application/pdf',
  };
  uploads.push(upload);
  const file = await insertFileRow(tx, actor, {
    owner: { serviceId },
    type: 'SERVICE_FILE',
    upload,
    description,
    // The protocol's entry names the PDF: one request, one entry.
    audited: false,
    signedProtocol: true,
  });
  return file;
}

/** Runs `work`; if it fails, the PDF bytes it stored are removed (their rows rolled back with it). */
async function withPdfCleanup<T>(deps: ProtocolDeps, work: (uploads: UploadedFile[]) => Promise<T>) {
  const uploads: UploadedFile[] = [];
  try {
    return await work(uploads);
  } catch (error) {
    for (const upload of uploads) await discardUpload(deps.storage, upload, deps.log);
    throw error;
  }
}

/** The signatures and the customer signer's name of a signed protocol, which a correction keeps. */
const signedBy = (data: ProtocolData) => ({
  technicianSignature: data.technicianSignature,
  customerSignature: data.customerSignature,
  customerSignerName: data.customerSignerName,
});

/**
 * PUT: saves the draft. An employee saves only his own unsigned protocol; admins any, and saving a
 * signed one regenerates its PDF (a new file; the previous PDF row stays as history). `asDraft`: the
 * caller edits an unsigned draft, so a protocol signed meanwhile is refused, not corrected.
 */
export async function saveProtocolDraft(
  deps: ProtocolDeps,
  actor: SessionUser,
  serviceId: number,
  input: ProtocolData,
  options: { asDraft?: boolean; base?: string } = {},
) {
  return withPdfCleanup(deps, (uploads) =>
    inTransaction(deps.db, async (tx) => {
      const row = await requireServiceForUpdate(tx, serviceId);
      assertMayWriteProtocol(actor, row);
      const stored = await findProtocolRow(tx, serviceId);
      // A correction of a signed protocol reprints the customer and machines it was signed for.
      const ctx = await loadProtocolContext(tx, row, keptParties(row, stored));
      // Its printout is the blank form: fields saved here would be printed nowhere (the screen
      // shows them read-only, `editable`; a client that saves anyway is refused here).
      const signed = row.state === 'PODPISANY';
      if (signedOutsideApp({ signed, signedAt: iso(stored?.signedAt) })) {
        throw conflict(PROTOCOL_MSG.signedOutsideAppReadOnly, 'SIGNED_OUTSIDE_APP');
      }
      if (signed && options.asDraft) throw conflict(PROTOCOL_MSG.protocolSignedMeanwhile, 'SIGNED_MEANWHILE');
      // Made on another version than the server's: the whole form would put back what was changed
      // since in the other window (its screen merges and sends again).
      if (options.base !== undefined && (iso(stored?.updatedAt) ?? '') !== options.base) {
        throw conflict(PROTOCOL_MSG.protocolChangedMeanwhile, 'CHANGED_MEANWHILE');
      }
      const merged: ProtocolData = {
        ...input,
        checklists: mergeAnswers(await snapshotOf(tx, ctx, stored), input.checklists),
        // A correction keeps who signed, and how: the customer signed the first version (an auditor
        // replaced the customer's name and signature through the API).
        ...(signed && stored ? signedBy(stored.data) : {}),
      };
      // A protocol signed (in the app, as the check above leaves) is kept as it is printed; a draft
      // keeps a row the technician just added.
      const data = signed ? withoutBlankMaterials(merged) : merged;
      let fileId = stored?.fileId ?? null;
      let pdfNote = '';
      if (signed) {
        const problem = signingProblem(merged, true);
        if (problem) throw badRequest(problem, 'PROTOCOL_INCOMPLETE');
        // Nothing to correct (its fields as signed, the event as its PDF prints it): no new PDF,
        // which would be kept for good beside the others, and no entry (a tester pressed "Zapisz
        // zmiany" five times and got five alike PDFs).
        const kept = keptParties(row, stored);
        const changed = stored ? correctedSections(stored.data, data) : [];
        if (
          stored &&
          !changed.length &&
          !(
            kept &&
            signedForOthers(
              row,
              ctx.machines.map((m) => m.id),
              kept,
            )
          )
        )
          return toProtocol(tx, actor, ctx, row, stored);
        // Marked as a correction on its first page: the signatures under it were given to the
        // version signed first (found by a tester: a corrected PDF looked like the signed one).
        const today = todayInZone(deps.config.TZ_COMPANY);
        const signedOn = stored?.signedAt ? todayInZone(deps.config.TZ_COMPANY, stored.signedAt) : today;
        const pdf = await render(
          {
            ...(await pdfInput(tx, deps.config, ctx, data, 'signed')),
            correction: { date: today, by: employeeName(actor), signedOn },
          },
          deps.log,
        );
        // Beside the signed PDF it replaces, under the same name: told apart by its description.
        const correction = `Korekta protokołu z ${today}`;
        const file = await storeProtocolPdf(
          tx,
          deps,
          actor,
          serviceId,
          ctx.header.fullNumber,
          pdf,
          uploads,
          correction,
        );
        fileId = file.id;
        // Its download name ("… (2).pdf"): which entry made which of the PDFs of one name.
        pdfNote = `, nowy plik „${file.downloadName}”${changed.length ? `; korekta po podpisaniu: ${changed.join(', ')}` : ''}`;
      }
      // A correction's PDF names the event's customer and machines as it prints them now.
      const saved = await upsertProtocolRow(tx, serviceId, {
        data,
        updatedById: actor.id,
        fileId,
        ...(signed ? { signedParties: signedPartiesOf(ctx.header) } : {}),
      });
      await audit(
        tx,
        actor,
        `zapis protokołu zdarzenia serwisowego ${await serviceInLog(tx, row)}${pdfNote}`,
        record(serviceId),
      );
      return toProtocol(tx, actor, ctx, row, saved);
    }),
  );
}

/**
 * POST sign: both signatures, the signer's name and every checklist row answered, else 400 naming
 * what is missing. In one transaction: number (as signing does), PODPISANY, PDF stored as the
 * event's file, protocol row. Any failure leaves the event as it was and no bytes behind.
 */
export async function signProtocol(
  deps: ProtocolDeps,
  actor: SessionUser,
  serviceId: number,
  input: ProtocolData,
  options: { base?: string } = {},
) {
  return withPdfCleanup(deps, (uploads) =>
    inTransaction(deps.db, async (tx) => {
      const row = await requireServiceForUpdate(tx, serviceId);
      assertMayWriteProtocol(actor, row);
      if (!isOpen(row)) throw conflict(PROTOCOL_MSG.protocolAlreadySigned, 'STATE');
      const before = await loadProtocolContext(tx, row);
      const stored = await findProtocolRow(tx, serviceId);
      // Signed from a screen that has not seen another's save: what that one wrote would be left
      // out of the signed protocol (its screen merges, and the user signs what he has seen).
      if (options.base !== undefined && (iso(stored?.updatedAt) ?? '') !== options.base) {
        throw conflict(PROTOCOL_MSG.protocolChangedBeforeSigning, 'CHANGED_MEANWHILE');
      }
      const merged: ProtocolData = {
        ...input,
        checklists: mergeAnswers(await snapshotOf(tx, before, stored), input.checklists),
      };
      // Checked as the screen shows it (a material's row number counts the empty rows too).
      const problem = signingProblem(merged);
      if (problem) throw badRequest(problem, 'PROTOCOL_INCOMPLETE');
      const data = withoutBlankMaterials(merged);
      const numbering =
        row.number === 0 ? await assignNumber(tx, row.year, { number: 0, numberExtension: '' }) : {};
      const updated = await updateServiceRow(tx, row.id, {
        state: 'PODPISANY',
        isToSign: true,
        ...numbering,
      });
      const ctx = await loadProtocolContext(tx, updated);
      const pdf = await render(await pdfInput(tx, deps.config, ctx, data, 'signed'), deps.log);
      const file = await storeProtocolPdf(tx, deps, actor, serviceId, ctx.header.fullNumber, pdf, uploads);
      const saved = await upsertProtocolRow(tx, serviceId, {
        data,
        updatedById: actor.id,
        fileId: file.id,
        signedAt: new Date(),
        signedParties: signedPartiesOf(ctx.header),
      });
      await refreshInspectionSummariesOfService(tx, row.id);
      await audit(
        tx,
        actor,
        `podpisanie protokołu w aplikacji i podpisanie zdarzenia serwisowego ${await serviceInLog(tx, updated)}, plik „${file.filename}”`,
        record(row.id),
      );
      return toProtocol(tx, actor, ctx, updated, saved);
    }),
  );
}
