import { z } from 'zod';
import { MSG, validationMessage } from '../messages.js';
import { MACHINE_STATUS_NAMES, MACHINE_TYPES } from '../reference-data.js';
import { id, listQuery } from './common.js';
import { SERVICE_MAX, serviceNumberFields } from './services.js';
import type { PeriodMisfit } from '../rules/inspection-cycle.js';
import { isCalendarDate } from '../rules/calendar-date.js';

/** `/api/device/periodicInspections/{mode}`: onlyActual (the default on screen) or all. */
export const INSPECTION_LIST_MODES = ['onlyActual', 'all'] as const;
export type InspectionListMode = (typeof INSPECTION_LIST_MODES)[number];

export const inspectionListParams = z.object({
  mode: z.enum(INSPECTION_LIST_MODES, { error: MSG.inspectionListModeInvalid }),
});

/**
 * Columns the inspection list may sort by (`sort=<field>,asc|desc`); a missing date sorts last both
 * ways, an empty text as the smallest text (docs/decisions.md, "Sort").
 */
export const inspectionSortFields = [
  'id',
  'status',
  'name',
  'category',
  'customer',
  'city',
  'transferDate',
  'lastInspection',
  'nextInspection',
  'daysToNextInspection',
  'daysToEndWarranty',
] as const;
export type InspectionSortField = (typeof inspectionSortFields)[number];
export const DEFAULT_INSPECTION_SORT = 'daysToNextInspection,asc';

export const inspectionListQuery = listQuery;

export const inspectionDeviceParams = z.object({ deviceId: id });

export const inspectionSwitchSchema = z.object({
  id,
  isPeriodicInspectionEnabled: z.boolean({ error: validationMessage.wrongType }),
});
export type InspectionSwitch = z.infer<typeof inspectionSwitchSchema>;

const nullableDate = z.string().nullable();
const nullableDays = z.number().int().nullable();

/** The machine as an inspection row shows it. */
export const inspectionDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(MACHINE_TYPES),
  status: z.enum(MACHINE_STATUS_NAMES),
  statusWeight: z.number().int(),
  /** 'YYYY-MM-DD' or null (not handed over). */
  transferDate: nullableDate,
  warrantyLength: z.number().int(),
  warranty: z.string(),
  streetAddress: z.string(),
  zipCode: z.string(),
  city: z.string(),
  isPeriodicInspectionEnabled: z.boolean(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  customer: z.object({ id: z.number().int(), shortName: z.string() }),
});
export type InspectionDevice = z.infer<typeof inspectionDeviceSchema>;

const inspectionFigures = {
  /** 'YYYY-MM-DD' of the latest counted inspection, or null. */
  lastInspection: nullableDate,
  nextInspection: nullableDate,
  /** Negative when overdue; null when not handed over. */
  daysToNextInspection: nullableDays,
  /** ≤ 0: no warranty left (or none); null when not handed over. */
  daysToEndWarranty: nullableDays,
  warrantyEnd: nullableDate,
  /** -1 when no inspection counts yet. */
  lastPeriod: z.number().int(),
  lastWarrantyInspectionDone: z.boolean(),
};

export const periodicInspectionRowSchema = z.object({ device: inspectionDeviceSchema, ...inspectionFigures });
export type PeriodicInspectionRow = z.infer<typeof periodicInspectionRowSchema>;

/** A PRZEGLAD_OKRESOWY service event in the machine card's inspection table. */
export const periodicInspectionEventSchema = z.object({
  ...serviceNumberFields,
  fullNumber: z.string(),
  period: z.number().int(),
  state: z.string(),
  paymentType: z.string(),
  type: z.array(z.string()),
  faultDescription: z.string(),
  customer: z.object({ id: z.number().int(), shortName: z.string() }),
  userCreated: z.object({ id: z.number().int(), fullName: z.string() }),
  /** False for ODRZUCONY events, which are listed but do not count. */
  counted: z.boolean(),
});
export type PeriodicInspectionEvent = z.infer<typeof periodicInspectionEventSchema>;

export const periodicInspectionSummarySchema = z.object({
  device: inspectionDeviceSchema,
  periodicInspections: z.array(periodicInspectionEventSchema),
  ...inspectionFigures,
});
export type PeriodicInspectionSummary = z.infer<typeof periodicInspectionSummarySchema>;

/** `GET /api/device/inspectionCycles?ids=1,2,3&exceptService=7`: a service form's machines (docs/api.md). */
export const inspectionCyclesQuery = z.object({
  ids: z
    .string({ error: validationMessage.wrongType })
    .max(1_200, validationMessage.wrongType)
    .transform((text, ctx) => {
      const parts = text.split(',').map((part) => part.trim());
      const ids = parts.map(Number);
      // Digits only: Number() would also read "1e2" or "0x10" as an id.
      if (parts.some((part) => !/^\d{1,10}$/.test(part)) || ids.some((n) => n <= 0 || n > 2_147_483_647)) {
        ctx.addIssue({ code: 'custom', message: validationMessage.wrongType });
        return z.NEVER;
      }
      return [...new Set(ids)];
    })
    .pipe(z.array(z.number()).max(SERVICE_MAX.devices, validationMessage.wrongType)),
  /** The event being edited: its own period is not the machine's last one. */
  exceptService: id.optional(),
  /**
   * The event's date ('YYYY-MM-DD'): only inspections up to it count, so an older inspection being
   * corrected is weighed against those before it, not against later ones.
   */
  before: z
    .string({ error: validationMessage.wrongType })
    .refine((v) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      return !!match && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
    }, MSG.invalidDate)
    .optional(),
});

export const inspectionCycleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  transferDate: nullableDate,
  isPeriodicInspectionEnabled: z.boolean(),
  lastPeriod: z.number().int(),
});

/** How many machines a period warning names before "i N innych". */
const MISFITS_NAMED = 3;

export const INSPECTION_CYCLE_TEXT = {
  /** Under "Okres" while it is empty: what the event's machines are due for. */
  suggested: (next: number) =>
    `Następny przegląd: ${next} mies. Bez okresu przegląd nie przesunie terminu następnego przeglądu.`,
  /** Under "Okres": machines for which the typed period is not their next inspection (saved anyway). */
  misfits: (misfits: readonly PeriodMisfit[]) => {
    const [first] = misfits;
    const said =
      misfits.length > 1
        ? `Okres nie jest następnym przeglądem ${misfits.length} maszyn: ${misfits
            .slice(0, MISFITS_NAMED)
            .map((m) => `„${m.name}” (${m.nextPeriod} mies.)`)
            .join(
              ', ',
            )}${misfits.length > MISFITS_NAMED ? ` i jeszcze ${misfits.length - MISFITS_NAMED}` : ''}.`
        : first.lastPeriod < 0
          ? `Maszyna „${first.name}” nie miała jeszcze przeglądu okresowego: pierwszy to ${first.nextPeriod} mies.`
          : `Maszyna „${first.name}” ma już przegląd za ${first.lastPeriod} mies.: następny to ${first.nextPeriod} mies.`;
    return `${said} Zapisze się i tak.`;
  },
} as const;
