import type { ListScenario } from './types.js';

/**
 * Not lists, so not in LIST_SCENARIOS (issue 11's count of list calls): the statistics screen's two
 * calls, measured with `--only=statystyki`. Its default (open) range, a whole year, and a range
 * that starts and ends inside months (those days counted from the events).
 */
export const STATISTICS_SCENARIOS: ListScenario[] = [
  ['cały okres', '', ''],
  ['rok 2025', '2025-01-01T00:00', '2025-12-31T00:00'],
  ['15.01.2025–20.06.2026', '2025-01-15T00:00', '2026-06-20T00:00'],
].flatMap(([name, dateFrom, dateTo]) =>
  ['servicesUsers', 'servicesCharts'].map((call) => ({
    group: 'statystyki',
    name: `statystyki: ${call === 'servicesUsers' ? 'pracownicy' : 'wykresy'}, ${name}`,
    url: () => `/api/statistics/${call}?${new URLSearchParams({ dateFrom, dateTo })}`,
    pages: [1],
  })),
);
