import { Progress, Stack, Text } from '@mantine/core';
import { UPLOAD_MSG } from '@serwis/domain';
import type { UploadProgress } from '../lib/upload-progress';
import { formatFileSize } from './file-preview/file-size';

/**
 * How much of a file has gone to the server, under a dialog's buttons while it is sent: a manual of
 * 80 MB on a site's connection took minutes with nothing but a turning button. Nothing before the
 * first bytes are counted; once all are sent, that the server is storing the file.
 */
export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  if (!progress || progress.total <= 0) return null;
  const percent = Math.min(100, Math.floor((progress.sent / progress.total) * 100));
  const done = progress.sent >= progress.total;
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label={UPLOAD_MSG.progressLabel} animated={done} striped={done} />
      {/* Not a live region: it changes many times a second, which a screen reader would read out
          each time; the bar itself says how far it is (aria-valuenow). */}
      <Text size="sm" c="dimmed">
        {done
          ? UPLOAD_MSG.storing
          : UPLOAD_MSG.sent(percent, formatFileSize(progress.sent, 'floor'), formatFileSize(progress.total))}
      </Text>
    </Stack>
  );
}
