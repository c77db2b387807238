import { Progress, Stack, Text } from '@mantine/core';
import { IMPORT_MSG, importProgressText, type ImportProgress } from '@serwis/domain';

/**
 * How far the server has got: the step and its count as a filling bar; before its first word (the
 * file still on its way) and while it reads the file, a moving bar.
 */
export function ImportProgressView({ progress, label }: { progress: ImportProgress | null; label: string }) {
  const counted = !!progress && progress.total > 0;
  const value = counted ? Math.floor((progress.done / progress.total) * 100) : 100;
  return (
    <Stack gap={4}>
      <Text size="sm">{progress ? importProgressText(progress) : IMPORT_MSG.uploading}</Text>
      <Progress value={value} animated={!counted} striped={!counted} aria-label={label} />
    </Stack>
  );
}
