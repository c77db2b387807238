import { describe, expect, it } from 'vitest';
import { addMonths } from './calendar-date.js';
import { OVERDUE_STAGE, reminderDueRange, reminderStage } from './reminders.js';

const plan = { leadDays: [30, 7], overdue: true };

describe('reminderStage', () => {
  it('owes the nearest lead time that has been reached, once the machine is that close', () => {
    expect(reminderStage('2025-03-31', '2025-03-01', plan)).toBe(30);
    expect(reminderStage('2025-03-31', '2025-02-28', plan)).toBeNull();
    expect(reminderStage('2025-03-31', '2025-03-24', plan)).toBe(7);
    expect(reminderStage('2025-03-31', '2025-03-26', plan)).toBe(7);
    expect(reminderStage('2025-03-31', '2025-03-31', plan)).toBe(7);
  });

  it('owes the overdue reminder from the day after the due date, within the window', () => {
    expect(reminderStage('2025-03-31', '2025-04-01', plan)).toBe(OVERDUE_STAGE);
    expect(reminderStage('2025-03-31', '2025-04-30', plan)).toBe(OVERDUE_STAGE);
    expect(reminderStage('2025-03-31', '2025-05-01', plan)).toBeNull();
    expect(reminderStage('2025-03-31', '2025-04-01', { leadDays: [30], overdue: false })).toBeNull();
  });

  it('counts days across a leap day and month ends', () => {
    // Handed over 2023-08-31: the six-month inspection clamps to 2024-02-29 (leap year).
    const due = addMonths('2023-08-31', 6);
    expect(due).toBe('2024-02-29');
    expect(reminderStage(due, '2024-01-30', plan)).toBe(30);
    expect(reminderStage(due, '2024-01-29', plan)).toBeNull();
    expect(reminderStage(due, '2024-02-22', plan)).toBe(7);
    expect(reminderStage(due, '2024-03-01', plan)).toBe(OVERDUE_STAGE);
    // 2025 is not a leap year: 2024-08-31 + 6 months is 2025-02-28.
    expect(reminderStage(addMonths('2024-08-31', 6), '2025-01-29', plan)).toBe(30);
  });
});

describe('reminderDueRange', () => {
  it('spans the overdue window back and the longest lead time ahead', () => {
    expect(reminderDueRange('2024-03-01', [plan])).toEqual({ from: '2024-01-31', to: '2024-03-31' });
    expect(reminderDueRange('2024-12-31', [{ leadDays: [60], overdue: true }])).toEqual({
      from: '2024-11-01',
      to: '2025-03-01',
    });
  });
});
