import { useQuery } from '@tanstack/react-query';
import type { ReferenceDataAnswer } from '@serwis/domain';
import { api } from './api-client';
import { setCompanyTimeZone } from './company-time';

export const SERVER_SETTINGS_QUERY_KEY = ['server-settings'] as const;

const SETTINGS_TIMEOUT_MS = 8_000;

/**
 * GET /api/reference-data, loaded before the signed-in screens render: the company's zone (taken at
 * once) and the upload limit. A failure (no network, an older server) settles too: the zone
 * remembered on the device, else Europe/Warsaw, stays, and uploads are checked by the server alone.
 */
export function useServerSettings() {
  return useQuery({
    queryKey: SERVER_SETTINGS_QUERY_KEY,
    queryFn: async () => {
      // A request that hangs (a stuck proxy) must not hold every signed-in screen on its spinner.
      const answer = await api.get<Partial<ReferenceDataAnswer>>('/api/reference-data', {
        signal: AbortSignal.timeout(SETTINGS_TIMEOUT_MS),
      });
      if (answer.companyTimeZone) setCompanyTimeZone(answer.companyTimeZone);
      return answer;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { unchangedByWrites: true },
    retry: false,
    refetchOnWindowFocus: false,
  });
}
