import { Stack, Text } from '@mantine/core';
import { IMPORT_MSG, type ImportProgress } from '@serwis/domain';
import { ImportProgressView } from './import-progress';

/** While the server imports the rows. */
export function ImportRunningStep({ total, progress }: { total: number; progress: ImportProgress | null }) {
  return (
    <Stack gap="xs">
      <Text>{IMPORT_MSG.importing(total)}</Text>
      <ImportProgressView progress={progress} label="Postęp importu" />
    </Stack>
  );
}
