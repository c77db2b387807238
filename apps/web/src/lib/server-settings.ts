import { useQuery } from '@tanstack/react-query';
import { fileTooLargeMessage, type ReferenceDataAnswer } from '@serwis/domain';
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

/**
 * Checks a chosen file against MAX_UPLOAD_MB before it is sent: a file too large was sent whole and
 * only then refused (ten minutes on a field connection). Null when it may go (or the limit is not
 * known: the server checks anyway).
 */
export function useUploadSizeCheck(): (file: File) => string | null {
  const { data } = useServerSettings();
  const maxMb = data?.maxUploadMb;
  return (file) => (maxMb && file.size > maxMb * 1024 * 1024 ? fileTooLargeMessage(maxMb) : null);
}
