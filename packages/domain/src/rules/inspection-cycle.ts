import { nextInspectionPeriod } from './inspections.js';

/** A machine of a service event, as far as its inspection cycle goes (`GET /api/device/inspectionCycles`). */
export interface InspectionCycle {
  id: number;
  name: string;
  /** 'YYYY-MM-DD'; null while the machine is not handed over (no cycle runs). */
  transferDate: string | null;
  isPeriodicInspectionEnabled: boolean;
  /** Its largest counted period, leaving out the event being edited; -1 when none. */
  lastPeriod: number;
}

/** A followed machine whose next inspection is not the period typed. */
export interface PeriodMisfit {
  name: string;
  lastPeriod: number;
  nextPeriod: number;
}

/** Machines whose cycle runs: handed over, with periodic inspections switched on. */
const followed = (cycles: readonly InspectionCycle[]) =>
  cycles.filter((cycle) => cycle.transferDate !== null && cycle.isPeriodicInspectionEnabled);

/**
 * The event's machines for which `period` is not their next inspection (a period already covered,
 * or one that skips a cycle). An event has one period for all its machines; a warning, never a
 * refusal: a repeated or a late inspection is recorded as the technician says.
 */
export function periodMisfits(period: number, cycles: readonly InspectionCycle[]): PeriodMisfit[] {
  return followed(cycles)
    .map((cycle) => ({
      name: cycle.name,
      lastPeriod: cycle.lastPeriod,
      nextPeriod: nextInspectionPeriod(cycle.lastPeriod),
    }))
    .filter((misfit) => misfit.nextPeriod !== period);
}

/** The period every followed machine of the event is due for next; null when none is or they differ. */
export function commonNextPeriod(cycles: readonly InspectionCycle[]): number | null {
  const periods = new Set(followed(cycles).map((cycle) => nextInspectionPeriod(cycle.lastPeriod)));
  return periods.size === 1 ? [...periods][0] : null;
}
