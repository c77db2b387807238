import { z } from 'zod';

/** The home screen's "upcoming" inspections: due from today up to this many days ahead (inclusive). */
export const DASHBOARD_UPCOMING_DAYS = 30;

const machineDue = z.object({
  id: z.number().int(),
  name: z.string(),
  serialNumber: z.string(),
  customerShortName: z.string(),
  nextInspection: z.string(),
  /** Negative when overdue. */
  daysLeft: z.number().int(),
});

const waitingProtocol = z.object({
  id: z.number().int(),
  number: z.string(),
  state: z.string(),
  customerShortName: z.string(),
  date: z.string(),
  /** Whole days since the protocol's date. */
  ageDays: z.number().int(),
});

/** `GET /api/dashboard`: the home screen's figures in one answer. */
export const dashboardSchema = z.object({
  today: z.string(),
  overdue: z.object({ count: z.number().int(), nearest: z.array(machineDue) }),
  upcoming: z.object({ count: z.number().int(), nearest: z.array(machineDue) }),
  waitingProtocols: z.object({ count: z.number().int(), oldest: z.array(waitingProtocol) }),
  openTodos: z.number().int(),
  incidentsLast7Days: z.number().int(),
  /** Admins only: this month's protocols. */
  month: z.object({ issued: z.number().int(), signed: z.number().int() }).nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
