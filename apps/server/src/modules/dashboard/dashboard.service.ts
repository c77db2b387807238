import {
  DASHBOARD_UPCOMING_DAYS,
  daysBetween,
  formatFullNumber,
  monthOf,
  type Dashboard,
  type SessionUser,
} from '@serwis/domain';
import type { Db } from '../../db/database.js';
import {
  countDue,
  countIncidentsSince,
  countMonthProtocols,
  countWaitingProtocols,
  nearestDue,
  oldestWaitingProtocols,
} from './dashboard.repository.js';
import { keptTodoTotal } from '../todos/todos.repository.js';

const shift = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * The home screen's figures, `today` in the company time zone. The queries are independent and run
 * side by side on the pool (PGlite serialises them).
 */
export async function getDashboard(
  db: Db,
  user: SessionUser,
  today: string,
  timeZone: string,
): Promise<Dashboard> {
  // Exclusive end: today … today + DASHBOARD_UPCOMING_DAYS.
  const upcomingEnd = shift(today, DASHBOARD_UPCOMING_DAYS + 1);
  const { first, last } = monthOf(today);
  const [
    overdueCount,
    overdue,
    upcomingCount,
    upcoming,
    waitingCount,
    waiting,
    openTodos,
    incidents,
    monthCounts,
  ] = await Promise.all([
    countDue(db, null, today),
    nearestDue(db, { before: today }),
    countDue(db, today, upcomingEnd),
    nearestDue(db, { from: today, toExclusive: upcomingEnd }),
    countWaitingProtocols(db),
    oldestWaitingProtocols(db),
    // todo_status_counts' row of the open ones.
    keptTodoTotal(db, 'TODO').then((open) => open.total),
    countIncidentsSince(db, shift(today, -6), today, timeZone),
    user.isAdmin ? countMonthProtocols(db, first, last) : Promise.resolve(null),
  ]);
  const machine = (m: (typeof overdue)[number]) => ({
    ...m,
    daysLeft: daysBetween(today, m.nextInspection),
  });
  return {
    today,
    overdue: { count: overdueCount, nearest: overdue.map(machine) },
    upcoming: { count: upcomingCount, nearest: upcoming.map(machine) },
    waitingProtocols: {
      count: waitingCount,
      oldest: waiting.map((w) => ({
        id: w.id,
        number: formatFullNumber(w.number, w.numberExtension, w.month, w.year),
        state: w.state,
        customerShortName: w.customerShortName,
        date: w.date,
        ageDays: Math.max(0, daysBetween(w.date, today)),
      })),
    },
    openTodos,
    incidentsLast7Days: incidents,
    month: monthCounts,
  };
}
