import { fileTooLargeMessage } from '@serwis/domain';
import { useServerSettings } from './server-settings';

// Apart from server-settings.ts, which every signed-in screen loads: the file schemas this needs
// stay out of the login screen's code (bench/bundle-size.ts's budget).

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
