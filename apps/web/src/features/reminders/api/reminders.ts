import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderRun, ReminderRunResult, ReminderSettings } from '@serwis/domain';
import { api } from '../../../lib/api-client';

const keys = {
  settings: ['reminders', 'settings'] as const,
  runs: ['reminders', 'runs'] as const,
};

export function useReminderSettings() {
  return useQuery({
    queryKey: keys.settings,
    queryFn: () => api.get<ReminderSettings>('/api/reminders/settings'),
  });
}

export function useSaveReminderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReminderSettings) => api.post<ReminderSettings>('/api/reminders/settings', input),
    onSuccess: (saved) => client.setQueryData(keys.settings, saved),
  });
}

/** How often the list of runs is asked again while one of them is still sending. */
const RUNNING_REFRESH_MS = 2_000;

export function useReminderRuns(enabled: boolean) {
  return useQuery({
    queryKey: keys.runs,
    queryFn: () => api.get<ReminderRun[]>('/api/reminders/runs'),
    enabled,
    // A run still sending is followed until it ends (its counts grow as it goes).
    refetchInterval: (query) =>
      query.state.data?.some((run) => run.state === 'RUNNING') ? RUNNING_REFRESH_MS : false,
  });
}

export function useRunReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ReminderRunResult>('/api/reminders/run', {}),
    onSettled: () => client.invalidateQueries({ queryKey: keys.runs }),
  });
}
