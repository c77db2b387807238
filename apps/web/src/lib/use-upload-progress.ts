import { useCallback, useState } from 'react';
import type { UploadProgress } from './upload-progress';

/**
 * The progress of a dialog's upload: `report` goes with the upload (its `onProgress`), `progress`
 * to the bar, `clear` when the dialog closes or sends again.
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const clear = useCallback(() => setProgress(null), []);
  return { progress, report: setProgress, clear };
}
