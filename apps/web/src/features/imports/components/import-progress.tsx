import { Progress, Stack, Text } from '@mantine/core';
import { IMPORT_MSG, importProgressText, type ImportProgress } from '@serwis/domain';

/**
 * How far the server has got: the step and its count as a filling bar; before its first word (the
 * file still on its way) and while it reads the file, a moving bar.
 */
export function ImportProgressView({ progress, label }: { progress: ImportProgress | null; label: string }) {
  const counted = !!progress && progress.total > 0;
  const value = counted ? Math.floor((progress.done / progress.total) * 100) : 100;
  const text = progress ? importProgressText(progress) : IMPORT_MSG.uploading;
  return (
    <Stack gap={4}>
      <Text size="sm">{text}</Text>
      <Progress.Root>
        {counted ? (
          <Progress.Section value={value} aria-label={label} />
        ) : (
          // Nothing counted yet: a bar without a value (a full one read "100%" to a screen reader).
          <Progress.Section
            value={value}
            animated
            striped
            withAria={false}
            role="progressbar"
            aria-label={label}
            aria-valuetext={text}
          />
        )}
      </Progress.Root>
    </Stack>
  );
}
