import { Progress, Stack, Text } from '@mantine/core';
import { IMPORT_MSG, importProgressText, type ImportProgress } from '@serwis/domain';
import { BusyBar } from '../../../components/busy-bar';

/**
 * How far the server has got: the step and its count as a filling bar; before its first word (the
 * file still on its way) and while it reads the file, a moving bar.
 */
export function ImportProgressView({ progress, label }: { progress: ImportProgress | null; label: string }) {
  const counted = !!progress && progress.total > 0;
  const text = progress ? importProgressText(progress) : IMPORT_MSG.uploading;
  return (
    <Stack gap={4}>
      <Text size="sm">{text}</Text>
      {counted ? (
        <Progress value={Math.floor((progress.done / progress.total) * 100)} aria-label={label} />
      ) : (
        // Nothing counted yet: a bar without a value (a full one read "100%").
        <BusyBar label={label} text={text} />
      )}
    </Stack>
  );
}
