import { z } from 'zod';
import { decimalFromText } from '../rules/numbers.js';
import { MAX } from '../limits.js';
import { isEmailAddress } from '../rules/email-address.js';
import { validationMessage } from '../messages.js';
import { PROTOCOL_MSG } from '../protocol-messages.js';
import { text } from './common.js';

/**
 * The field protocol of a service event (issue 8; data model: docs/protocols.md). The checklist is a
 * snapshot: each row carries the operation's name and its measurement fields as they were when
 * the protocol was started, so later edits of the category list never change a protocol.
 */
export const CHECKLIST_ANSWERS = [
  { name: 'POPRAWNE', label: 'Poprawne' },
  { name: 'NIEPOPRAWNE', label: 'Niepoprawne' },
  { name: 'NIE_DOTYCZY', label: 'Nie dotyczy' },
] as const;
export type ChecklistAnswer = (typeof CHECKLIST_ANSWERS)[number]['name'];
export const checklistAnswerLabel = (answer: string) =>
  CHECKLIST_ANSWERS.find((a) => a.name === answer)?.label ?? '';

export const PROTOCOL_LIMITS = {
  checklists: 50,
  items: 500,
  fields: 30,
  materials: 200,
  /** A signature is a PNG data URL; 2 MB keeps a high-DPI drawing and refuses anything else. */
  signature: 2_000_000,
} as const;

const answer = z.enum(['POPRAWNE', 'NIEPOPRAWNE', 'NIE_DOTYCZY', '']).default('');
const time = z
  .string()
  .trim()
  .regex(/^$|^([01]\d|2[0-3]):[0-5]\d$/, 'Godzina w formacie GG:MM')
  .nullish()
  .transform((v) => v ?? '');
const count = (max: number) =>
  z
    .union([z.number(), z.string().trim()])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = typeof v === 'number' ? v : decimalFromText(v);
      if (!Number.isFinite(n) || n < 0 || n > max) {
        ctx.addIssue({ code: 'custom', message: validationMessage.wrongType });
        return z.NEVER;
      }
      return n;
    });
const signature = z
  .string()
  .max(PROTOCOL_LIMITS.signature, PROTOCOL_MSG.protocolSignatureInvalid)
  .refine((v) => v === '' || v.startsWith('data:image/png;base64,'), PROTOCOL_MSG.protocolSignatureInvalid)
  .nullish()
  .transform((v) => v ?? '');

export const protocolFieldSchema = z.object({
  name: text(100),
  unit: text(50),
  value: text(100),
});

export const protocolItemSchema = z.object({
  /** `{deviceId}:{position}` in the snapshot; stable for the protocol's life. */
  key: z.string().max(50),
  name: text(1000),
  fields: z.array(protocolFieldSchema).max(PROTOCOL_LIMITS.fields).default([]),
  answer,
  remark: text(1000),
});
export type ProtocolItem = z.infer<typeof protocolItemSchema>;

export const protocolChecklistSchema = z.object({
  deviceId: z.number().int(),
  deviceName: text(MAX.name),
  serialNumber: text(MAX.name),
  /** SERVICE: the category's operations; INSTALLATION: the installation operations. */
  kind: z.enum(['SERVICE', 'INSTALLATION']),
  items: z.array(protocolItemSchema).max(PROTOCOL_LIMITS.items),
});
export type ProtocolChecklist = z.infer<typeof protocolChecklistSchema>;

export const protocolMaterialSchema = z.object({
  name: text(MAX.name),
  quantity: text(20),
  unit: text(20),
});
export type ProtocolMaterial = z.infer<typeof protocolMaterialSchema>;

/** What the technician writes; sent whole by every draft save and by the sign call. */
export const protocolDataSchema = z.object({
  checklists: z.array(protocolChecklistSchema).max(PROTOCOL_LIMITS.checklists).default([]),
  workDone: text(MAX.text),
  materials: z.array(protocolMaterialSchema).max(PROTOCOL_LIMITS.materials).default([]),
  arrivalTime: time,
  startTime: time,
  endTime: time,
  kilometers: count(100_000),
  nights: count(365),
  recommendations: text(MAX.text),
  customerSignerName: text(MAX.name),
  technicianSignature: signature,
  customerSignature: signature,
});
export type ProtocolData = z.infer<typeof protocolDataSchema>;
export type ProtocolDataInput = z.input<typeof protocolDataSchema>;

/** The event as the protocol's header shows it. */
export const protocolHeaderSchema = z.object({
  serviceId: z.number().int(),
  fullNumber: z.string(),
  date: z.string(),
  state: z.string(),
  types: z.array(z.string()),
  paymentType: z.string(),
  faultDescription: z.string(),
  /** Months since the handover a periodic inspection covers; -1 when none was given or not an inspection. */
  period: z.number().int(),
  employee: z.string(),
  userCreatedId: z.number().int(),
  customer: z.object({
    id: z.number().int(),
    shortName: z.string(),
    fullName: z.string(),
    address: z.string(),
    email: z.string(),
  }),
  machines: z.array(z.object({ id: z.number().int(), name: z.string(), serialNumber: z.string() })),
  installation: z.boolean(),
});
export type ProtocolHeader = z.infer<typeof protocolHeaderSchema>;

/** Who and what a protocol signed in the app names, kept as signed (the customer's e-mail stays current). */
export type SignedParties = Pick<ProtocolHeader, 'employee' | 'machines'> & {
  /** `id`: which customer it was (missing in protocols signed before 2026-12-07). */
  customer: Pick<ProtocolHeader['customer'], 'shortName' | 'fullName' | 'address'> & { id?: number };
  /**
   * The event's own fields its PDF prints, as signed (missing in protocols signed before the
   * thirtieth session): a later edit of them leaves the PDF telling the former ones.
   */
  event?: SignedEventFields;
};

/** The fields of a service event a protocol's PDF prints in its header. */
export const SIGNED_EVENT_FIELDS = [
  'fullNumber',
  'date',
  'paymentType',
  'types',
  'faultDescription',
  'period',
] as const;
export type SignedEventFields = Pick<ProtocolHeader, (typeof SIGNED_EVENT_FIELDS)[number]>;

export const protocolSchema = z.object({
  header: protocolHeaderSchema,
  /** The title its PDF prints: "Protokół serwisowy", or the configured title of an installation's. */
  title: z.string(),
  data: protocolDataSchema,
  /** true once a draft was saved on the server (false: a fresh template). */
  saved: z.boolean(),
  signed: z.boolean(),
  /** May this employee change it now (own unsigned, or an admin)? */
  editable: z.boolean(),
  updatedAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  sentTo: z.string().nullable(),
  sentAt: z.string().nullable(),
  fileId: z.number().int().nullable(),
  /**
   * Signed in the app for another customer or other machines than its event has now (an
   * administrator corrected the event since): its PDF names the former ones until a correction.
   */
  signedForOthers: z.boolean(),
});
export type Protocol = z.infer<typeof protocolSchema>;

/**
 * An event signed without the app's protocol ("Podpisz przy zapisie", a scan of a paper one): its
 * PDF is the blank form to print, there is nothing signed to send, and its fields are only read.
 */
export const signedOutsideApp = (protocol: Pick<Protocol, 'signed' | 'signedAt'>) =>
  protocol.signed && protocol.signedAt === null;

export const protocolSendSchema = z.object({
  email: z
    .string()
    .trim()
    .max(MAX.email)
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || isEmailAddress(v), 'Nieprawidłowy adres email'),
});
