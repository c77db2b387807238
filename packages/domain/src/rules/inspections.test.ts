import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import {
  inspectionNotice,
  isActualInspection,
  isCountedInspection,
  summarizeInspections,
  warrantyNotice,
} from './inspections.js';

const TODAY = '2026-03-15';

describe('summarizeInspections', () => {
  it('handed over 14 months ago, 24-month warranty, the 6-month inspection done: next is overdue', () => {
    const summary = summarizeInspections({
      transferDate: '2025-01-15',
      warrantyLength: 24,
      inspections: [{ date: '2025-07-20', period: 6 }],
      today: TODAY,
    });
    expect(summary).toEqual({
      lastPeriod: 6,
      lastInspection: '2025-07-20',
      // transfer + (6 + 6) months
      nextInspection: '2026-01-15',
      // 15 Jan → 15 Feb is 31 days, 15 Feb → 15 Mar is 28: two months overdue
      daysToNextInspection: -59,
      warrantyEnd: '2027-01-15',
      daysToEndWarranty: 306,
      lastWarrantyInspectionDone: false,
    });
  });

  it('without inspections the first one is six months after handover', () => {
    const summary = summarizeInspections({
      transferDate: '2026-01-10',
      warrantyLength: 12,
      inspections: [],
      today: TODAY,
    });
    expect(summary.lastPeriod).toBe(-1);
    expect(summary.lastInspection).toBeNull();
    expect(summary.nextInspection).toBe('2026-07-10');
    // 15 Mar → 10 Jul: 16 + 30 + 31 + 30 + 10
    expect(summary.daysToNextInspection).toBe(117);
    expect(summary.warrantyEnd).toBe('2027-01-10');
  });

  it('clamps month ends (2025-08-31 + 6 months, leap and common years)', () => {
    const base = { warrantyLength: 24, inspections: [], today: TODAY };
    expect(summarizeInspections({ ...base, transferDate: '2025-08-31' }).nextInspection).toBe('2026-02-28');
    expect(summarizeInspections({ ...base, transferDate: '2023-08-31' }).nextInspection).toBe('2024-02-29');
    const afterLeapDay = summarizeInspections({
      ...base,
      transferDate: '2024-02-29',
      inspections: [{ date: '2024-08-29', period: 6 }],
    });
    expect(afterLeapDay.nextInspection).toBe('2025-02-28');
    expect(afterLeapDay.warrantyEnd).toBe('2026-02-28');
  });

  it('takes the largest period and the latest date, even from different events', () => {
    const summary = summarizeInspections({
      transferDate: '2024-01-01',
      warrantyLength: 36,
      inspections: [
        { date: '2025-01-10', period: 12 },
        { date: '2024-07-03', period: 6 },
        // A late, re-done 6-month inspection: the latest date, but not the largest period.
        { date: '2025-02-01', period: 6 },
      ],
      today: TODAY,
    });
    expect(summary.lastPeriod).toBe(12);
    expect(summary.lastInspection).toBe('2025-02-01');
    expect(summary.nextInspection).toBe('2025-07-01');
  });

  it('treats inspections without a period (-1) as "none given" for the next date', () => {
    const summary = summarizeInspections({
      transferDate: '2025-12-01',
      warrantyLength: 24,
      inspections: [{ date: '2026-01-05', period: -1 }],
      today: TODAY,
    });
    expect(summary.lastPeriod).toBe(-1);
    expect(summary.lastInspection).toBe('2026-01-05');
    expect(summary.nextInspection).toBe('2026-06-01');
  });

  it('has no dates without a transfer date', () => {
    const summary = summarizeInspections({
      transferDate: null,
      warrantyLength: 24,
      inspections: [{ date: '2026-01-05', period: 6 }],
      today: TODAY,
    });
    expect(summary.nextInspection).toBeNull();
    expect(summary.daysToNextInspection).toBeNull();
    expect(summary.warrantyEnd).toBeNull();
    expect(summary.daysToEndWarranty).toBeNull();
    expect(summary.lastInspection).toBe('2026-01-05');
    expect(summary.lastPeriod).toBe(6);
  });

  it('marks the last warranty inspection done when a period reaches the warranty length', () => {
    const summarize = (warrantyLength: number, period: number) =>
      summarizeInspections({
        transferDate: '2023-01-01',
        warrantyLength,
        inspections: [{ date: '2025-01-02', period }],
        today: TODAY,
      }).lastWarrantyInspectionDone;
    expect(summarize(24, 24)).toBe(true);
    expect(summarize(24, 30)).toBe(true);
    expect(summarize(24, 18)).toBe(false);
    // No warranty: never "done", however far the inspections went.
    expect(summarize(0, 30)).toBe(false);
  });

  it('counts days to the warranty end, zero on the day and negative after', () => {
    const at = (today: string) =>
      summarizeInspections({ transferDate: '2024-03-15', warrantyLength: 24, inspections: [], today })
        .daysToEndWarranty;
    expect(at('2026-03-15')).toBe(0);
    expect(at('2026-03-14')).toBe(1);
    expect(at('2026-03-20')).toBe(-5);
    expect(
      summarizeInspections({ transferDate: '2026-03-01', warrantyLength: 0, inspections: [], today: TODAY })
        .daysToEndWarranty,
    ).toBe(-14);
  });

  it('reads date-times by their calendar day', () => {
    const summary = summarizeInspections({
      transferDate: '2025-06-30',
      warrantyLength: 12,
      inspections: [{ date: '2025-12-30T00:00:00', period: 6 }],
      today: TODAY,
    });
    expect(summary.lastInspection).toBe('2025-12-30');
    expect(summary.nextInspection).toBe('2026-06-30');
  });
});

describe('which events count', () => {
  it('counts periodic inspections that were not rejected', () => {
    expect(isCountedInspection({ type: ['PRZEGLAD_OKRESOWY'], state: 'PODPISANY' })).toBe(true);
    expect(isCountedInspection({ type: ['NAPRAWA', 'PRZEGLAD_OKRESOWY'], state: 'UTWORZONY' })).toBe(true);
    expect(isCountedInspection({ type: ['PRZEGLAD_OKRESOWY'], state: 'DODAJ_SKAN' })).toBe(true);
    expect(isCountedInspection({ type: ['PRZEGLAD_OKRESOWY'], state: 'ODRZUCONY' })).toBe(false);
    expect(isCountedInspection({ type: ['NAPRAWA'], state: 'PODPISANY' })).toBe(false);
  });

  it('keeps on the current list only handed-over machines with inspections on and not finished', () => {
    const on = { isPeriodicInspectionEnabled: true, transferDate: '2025-01-01' };
    expect(isActualInspection(on, { lastWarrantyInspectionDone: false })).toBe(true);
    expect(isActualInspection(on, { lastWarrantyInspectionDone: true })).toBe(false);
    expect(isActualInspection({ ...on, transferDate: null }, { lastWarrantyInspectionDone: false })).toBe(
      false,
    );
    expect(
      isActualInspection(
        { ...on, isPeriodicInspectionEnabled: false },
        { lastWarrantyInspectionDone: false },
      ),
    ).toBe(false);
  });
});

describe('inspection notices (spec §4)', () => {
  const base = {
    nextInspection: '2026-04-15',
    daysToNextInspection: 31,
    daysToEndWarranty: 300,
    lastWarrantyInspectionDone: false,
    warrantyLength: 24,
  };

  it('shows the next inspection with the days left', () => {
    expect(inspectionNotice(base)).toEqual({
      kind: 'next',
      tone: 'info',
      text: 'Następny przegląd okresowy: 2026-04-15, pozostało dni: 31',
    });
    expect(inspectionNotice({ ...base, daysToNextInspection: 0 }).kind).toBe('next');
  });

  it('shows an overdue inspection in red with the days past the deadline', () => {
    const notice = inspectionNotice({ ...base, nextInspection: '2026-01-15', daysToNextInspection: -59 });
    expect(notice.kind).toBe('overdue');
    expect(notice.tone).toBe('danger');
    expect(notice.text).toBe('Przegląd okresowy po terminie! Termin: 2026-01-15, dni po terminie: 59');
  });

  it('says in green that the final warranty inspection was done', () => {
    expect(inspectionNotice({ ...base, lastWarrantyInspectionDone: true })).toEqual({
      kind: 'warrantyInspectionsDone',
      tone: 'success',
      text: MSG.inspectionWarrantyDone,
    });
  });

  it('says the machine is not handed over when there is no next date', () => {
    const notice = inspectionNotice({ ...base, nextInspection: null, daysToNextInspection: null });
    expect(notice).toMatchObject({ kind: 'notHandedOver', text: MSG.inspectionNotHandedOver });
  });

  it('says there is no warranty when its length is 0 or less', () => {
    expect(inspectionNotice({ ...base, warrantyLength: 0 })).toMatchObject({
      kind: 'noWarranty',
      text: MSG.inspectionNoWarranty,
    });
    expect(inspectionNotice({ ...base, warrantyLength: -3, daysToNextInspection: -10 }).kind).toBe(
      'noWarranty',
    );
  });

  it('says plainly that inspections are switched off, before any date or warning', () => {
    const overdue = { ...base, nextInspection: '2026-01-15', daysToNextInspection: -59 };
    expect(inspectionNotice({ ...overdue, inspectionsEnabled: false })).toEqual({
      kind: 'switchedOff',
      tone: 'neutral',
      text: MSG.inspectionSwitchedOff,
    });
    expect(inspectionNotice({ ...overdue, inspectionsEnabled: true }).kind).toBe('overdue');
  });

  it('adds a warranty line: days left, or no warranty when the days are 0 or less', () => {
    expect(warrantyNotice(base)).toMatchObject({
      kind: 'warrantyLeft',
      text: 'Do końca gwarancji pozostało dni: 300',
    });
    expect(warrantyNotice({ ...base, daysToEndWarranty: 0 })?.kind).toBe('noWarranty');
    expect(warrantyNotice({ ...base, daysToEndWarranty: -40 })?.text).toBe(MSG.inspectionNoWarranty);
    expect(warrantyNotice({ ...base, warrantyLength: 0 })?.kind).toBe('noWarranty');
    expect(warrantyNotice({ ...base, daysToEndWarranty: null })).toBeNull();
  });
});
