import { MSG } from '../messages.js';
import { addMonths, daysBetween } from './calendar-date.js';

/** Months between two periodic inspections (6, 12, 18 … months after handover). */
export const INSPECTION_INTERVAL_MONTHS = 6;

/** A machine's PRZEGLAD_OKRESOWY event that counts (callers leave out ODRZUCONY ones). */
export interface InspectionEvent {
  /** 'YYYY-MM-DD' */
  date: string;
  /** Months since handover this inspection covers; -1 when none was given. */
  period: number;
}

export interface InspectionInput {
  /** Handover date 'YYYY-MM-DD'; null while the machine is not handed over. */
  transferDate: string | null;
  /** Warranty in whole months. */
  warrantyLength: number;
  inspections: readonly InspectionEvent[];
  /** 'YYYY-MM-DD' in the company's time zone (see todayInZone). */
  today: string;
}

export interface InspectionSummary {
  /** Largest period among the inspections; -1 when there is none. */
  lastPeriod: number;
  /** Date of the latest inspection; null when there is none. */
  lastInspection: string | null;
  nextInspection: string | null;
  daysToNextInspection: number | null;
  warrantyEnd: string | null;
  /** ≤ 0 means no warranty left (or none). */
  daysToEndWarranty: number | null;
  lastWarrantyInspectionDone: boolean;
}

/** Whether a service event counts as a periodic inspection: PRZEGLAD_OKRESOWY and not ODRZUCONY. */
export function isCountedInspection(event: { type: readonly string[]; state: string }): boolean {
  return event.type.includes('PRZEGLAD_OKRESOWY') && event.state !== 'ODRZUCONY';
}

/**
 * The period (months since handover) of a machine's next inspection, after its largest one. A period
 * of -1 means "not given": the next one is then the first, six months after handover.
 */
export const nextInspectionPeriod = (lastPeriod: number) =>
  Math.max(lastPeriod, 0) + INSPECTION_INTERVAL_MONTHS;

/** domain.md "Periodic inspections", exactly; the SQL of the inspection list mirrors it. */
export function summarizeInspections(input: InspectionInput): InspectionSummary {
  const { transferDate, warrantyLength, inspections, today } = input;
  let lastPeriod = -1;
  let lastInspection: string | null = null;
  for (const event of inspections) {
    if (event.period > lastPeriod) lastPeriod = event.period;
    const date = event.date.slice(0, 10);
    if (lastInspection === null || date > lastInspection) lastInspection = date;
  }
  const monthsToNext = nextInspectionPeriod(lastPeriod);
  const nextInspection = transferDate ? addMonths(transferDate, monthsToNext) : null;
  const warrantyEnd = transferDate ? addMonths(transferDate, warrantyLength) : null;
  return {
    lastPeriod,
    lastInspection,
    nextInspection,
    daysToNextInspection: nextInspection ? daysBetween(today, nextInspection) : null,
    warrantyEnd,
    daysToEndWarranty: warrantyEnd ? daysBetween(today, warrantyEnd) : null,
    lastWarrantyInspectionDone: warrantyLength > 0 && lastPeriod >= warrantyLength,
  };
}

/** Whether a machine belongs on the "only current" inspection list (checkbox ticked). */
export function isActualInspection(
  machine: { isPeriodicInspectionEnabled: boolean; transferDate: string | null },
  summary: Pick<InspectionSummary, 'lastWarrantyInspectionDone'>,
): boolean {
  return machine.isPeriodicInspectionEnabled && !!machine.transferDate && !summary.lastWarrantyInspectionDone;
}

export type InspectionNoticeKind =
  | 'next'
  | 'overdue'
  | 'warrantyInspectionsDone'
  | 'notHandedOver'
  | 'noWarranty'
  | 'warrantyLeft'
  | 'switchedOff';

/** How the notice is coloured: danger is red, success green. */
export type InspectionNoticeTone = 'info' | 'danger' | 'success' | 'neutral';

export interface InspectionNotice {
  kind: InspectionNoticeKind;
  tone: InspectionNoticeTone;
  text: string;
}

type NoticeInput = Pick<
  InspectionSummary,
  'nextInspection' | 'daysToNextInspection' | 'daysToEndWarranty' | 'lastWarrantyInspectionDone'
> & {
  warrantyLength: number;
  /** The machine's switch: off, nobody follows its inspections (no list, no reminder). */
  inspectionsEnabled?: boolean;
};

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/** The main line of the machine card's inspection summary (spec §4). */
export function inspectionNotice(summary: NoticeInput): InspectionNotice {
  // Said first: "overdue" in red beside a switch that is off read as a fault nobody would be told of.
  if (summary.inspectionsEnabled === false) {
    return { kind: 'switchedOff', tone: 'neutral', text: MSG.inspectionSwitchedOff };
  }
  if (summary.lastWarrantyInspectionDone) {
    return { kind: 'warrantyInspectionsDone', tone: 'success', text: MSG.inspectionWarrantyDone };
  }
  if (!summary.nextInspection || summary.daysToNextInspection === null) {
    return { kind: 'notHandedOver', tone: 'neutral', text: MSG.inspectionNotHandedOver };
  }
  if (summary.warrantyLength <= 0) {
    return { kind: 'noWarranty', tone: 'neutral', text: MSG.inspectionNoWarranty };
  }
  const days = summary.daysToNextInspection;
  if (days < 0) {
    return {
      kind: 'overdue',
      tone: 'danger',
      text: fill(MSG.inspectionOverdue, { date: summary.nextInspection, days: -days }),
    };
  }
  return {
    kind: 'next',
    tone: 'info',
    text: fill(MSG.inspectionNext, { date: summary.nextInspection, days }),
  };
}

/**
 * The warranty line beside it: days left, or "no warranty" when the length is 0 or the days to
 * its end are 0 or less (spec §4). Null while the machine is not handed over (no warranty yet).
 */
export function warrantyNotice(
  summary: Pick<InspectionSummary, 'daysToEndWarranty'> & { warrantyLength: number },
): InspectionNotice | null {
  if (summary.daysToEndWarranty === null) return null;
  if (summary.warrantyLength <= 0 || summary.daysToEndWarranty <= 0) {
    return { kind: 'noWarranty', tone: 'neutral', text: MSG.inspectionNoWarranty };
  }
  return {
    kind: 'warrantyLeft',
    tone: 'info',
    text: fill(MSG.inspectionWarrantyLeft, { days: summary.daysToEndWarranty }),
  };
}
