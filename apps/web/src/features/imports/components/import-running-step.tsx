import { Stack, Text } from '@mantine/core';
import { IMPORT_MSG, type ImportProgress } from '@serwis/domain';
import { ImportProgressView } from './import-progress';
import { useFocusWhenLost } from '../../../lib/focus-when-lost';

/** While the server imports the rows. */
export function ImportRunningStep({ total, progress }: { total: number; progress: ImportProgress | null }) {
  const takeFocus = useFocusWhenLost<HTMLParagraphElement>();
  return (
    <Stack gap="xs">
      <Text ref={takeFocus} tabIndex={-1}>
        {IMPORT_MSG.importing(total)}
      </Text>
      <ImportProgressView progress={progress} label="Postęp importu" />
    </Stack>
  );
}
