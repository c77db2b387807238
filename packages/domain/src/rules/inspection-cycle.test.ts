import { describe, expect, it } from 'vitest';
import { commonNextPeriod, periodMisfits, type InspectionCycle } from './inspection-cycle.js';
import { INSPECTION_CYCLE_TEXT } from '../schemas/inspections.js';

const machine = (id: number, lastPeriod: number, extra: Partial<InspectionCycle> = {}): InspectionCycle => ({
  id,
  name: `Prasa ${id}`,
  transferDate: '2025-01-15',
  isPeriodicInspectionEnabled: true,
  lastPeriod,
  ...extra,
});

describe('an inspection period against its machines’ cycles', () => {
  it('fits machines due for it: the first is 6 months, then the largest period plus 6', () => {
    expect(periodMisfits(6, [machine(1, -1), machine(2, 0)])).toEqual([]);
    expect(periodMisfits(18, [machine(1, 12)])).toEqual([]);
  });

  it('names machines for which the period is covered already or skips a cycle', () => {
    const cycles = [machine(1, 12), machine(2, 6), machine(3, 18)];
    expect(periodMisfits(18, cycles)).toEqual([
      { name: 'Prasa 2', lastPeriod: 6, nextPeriod: 12 },
      { name: 'Prasa 3', lastPeriod: 18, nextPeriod: 24 },
    ]);
  });

  it('leaves out machines not handed over or with inspections switched off', () => {
    const cycles = [
      machine(1, -1, { transferDate: null }),
      machine(2, 30, { isPeriodicInspectionEnabled: false }),
    ];
    expect(periodMisfits(6, cycles)).toEqual([]);
    expect(commonNextPeriod(cycles)).toBeNull();
  });

  it('suggests a period only when every followed machine is due for the same one', () => {
    expect(commonNextPeriod([machine(1, 12), machine(2, 12), machine(3, 40, { transferDate: null })])).toBe(
      18,
    );
    expect(commonNextPeriod([machine(1, 12), machine(2, 6)])).toBeNull();
  });

  it('says one machine’s case in words and counts the rest of many', () => {
    expect(INSPECTION_CYCLE_TEXT.misfits(periodMisfits(12, [machine(1, -1)]))).toBe(
      'Maszyna „Prasa 1” nie miała jeszcze przeglądu okresowego: pierwszy to 6 mies. Zapisze się i tak.',
    );
    expect(INSPECTION_CYCLE_TEXT.misfits(periodMisfits(6, [machine(1, 12)]))).toBe(
      'Maszyna „Prasa 1” ma już przegląd za 12 mies.: następny to 18 mies. Zapisze się i tak.',
    );
    const many = [1, 2, 3, 4, 5].map((id) => machine(id, id * 6));
    expect(INSPECTION_CYCLE_TEXT.misfits(periodMisfits(48, many))).toBe(
      'Okres nie jest następnym przeglądem 5 maszyn: „Prasa 1” (12 mies.), „Prasa 2” (18 mies.), „Prasa 3” (24 mies.) i jeszcze 2. Zapisze się i tak.',
    );
  });
});
