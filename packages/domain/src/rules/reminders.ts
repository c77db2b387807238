import { daysBetween, formatCalendarDate, parseCalendarDate } from './calendar-date.js';

/** The stage of the "overdue" reminder in the sent-reminders key: one day past the due date. */
export const OVERDUE_STAGE = -1;

/** Lead times when nobody chose others: 30 and 7 days before the due date. */
export const DEFAULT_REMINDER_LEAD_DAYS: readonly number[] = [30, 7];

export interface ReminderPlan {
  /** Days before the due date, any order; 1–365 each. */
  leadDays: readonly number[];
  /** Also remind once the inspection is overdue. */
  overdue: boolean;
}

/**
 * Which reminder a machine due on `dueDate` is owed on `today`, or null for none.
 *
 * A lead time L is owed from the day the machine is L days or fewer away (not only on that exact
 * day), so a day the job did not run loses nothing; of several owed lead times the nearest one is
 * the stage, so a machine first seen 5 days before is listed once (stage 7), not once per lead
 * time. Overdue is owed from the day after the due date, for as many days as the longest lead
 * time (at least 30): the mail tells what just happened, machines overdue for longer are on the
 * dashboard and the inspection list. The sent-reminders record of (machine, due date, stage,
 * recipient) makes each stage go out once.
 */
export function reminderStage(dueDate: string, today: string, plan: ReminderPlan): number | null {
  const daysLeft = daysBetween(today, dueDate);
  if (daysLeft < 0) {
    const window = Math.max(30, ...plan.leadDays);
    return plan.overdue && -daysLeft <= window ? OVERDUE_STAGE : null;
  }
  const owed = plan.leadDays.filter((lead) => daysLeft <= lead);
  return owed.length ? Math.min(...owed) : null;
}

/**
 * The due dates a run on `today` may have to look at: from `window` days ago (overdue) to the
 * longest lead time ahead, both inclusive, as 'YYYY-MM-DD'. The job reads the machines due in this
 * range through the summaries' index and asks reminderStage for each.
 */
export function reminderDueRange(
  today: string,
  plans: readonly ReminderPlan[],
): { from: string; to: string } {
  const leads = plans.flatMap((p) => p.leadDays);
  const longest = Math.max(0, ...leads);
  const window = Math.max(30, longest);
  return { from: shiftDays(today, -window), to: shiftDays(today, longest) };
}

function shiftDays(date: string, days: number): string {
  // UTC midnight has no daylight-saving gaps, so whole days are exact.
  const anchor = new Date(`${formatCalendarDate(parseCalendarDate(date))}T00:00:00Z`);
  anchor.setUTCDate(anchor.getUTCDate() + days);
  return anchor.toISOString().slice(0, 10);
}

/** Days from `today` to `dueDate` (negative when overdue), for the mails. */
export const daysLeftTo = (today: string, dueDate: string) => daysBetween(today, dueDate);
