import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { companyToday } from '../../lib/company-time';
import { refreshAfterWrites } from '../../lib/query-client';

/** How often an open tab looks whether the company's day has changed. */
export const NEW_DAY_CHECK_MS = 60_000;

/**
 * A screen left open overnight (the home screen in the office, a list on a tablet) kept counting its
 * "dzisiaj", "po terminie" and overdue inspections for the day it was opened, until F5. When the
 * company's day changes (checked every minute, and when the tab is shown again after sleeping),
 * what is on screen is asked for again, as after a write.
 */
export function useNewDayRefresh() {
  const client = useQueryClient();
  useEffect(() => {
    let day = companyToday();
    const check = () => {
      const today = companyToday();
      if (today === day) return;
      day = today;
      refreshAfterWrites(client);
    };
    const timer = setInterval(check, NEW_DAY_CHECK_MS);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [client]);
}
