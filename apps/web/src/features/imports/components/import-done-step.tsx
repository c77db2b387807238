import { Alert, Button, Group } from '@mantine/core';
import { IMPORT_MSG, type ImportResult } from '@serwis/domain';
import { useFocusWhenLost } from '../../../lib/focus-when-lost';

/** The import went in: what it did. */
export function ImportDoneStep({ result, onClose }: { result: ImportResult; onClose: () => void }) {
  const takeFocus = useFocusWhenLost<HTMLDivElement>();
  return (
    <>
      <Alert ref={takeFocus} tabIndex={-1} color="green" title={IMPORT_MSG.doneTitle}>
        {result.message}
        {result.createdCustomers > 0 && ` ${IMPORT_MSG.createdCustomers(result.createdCustomers)}`}
        {result.createdCategories > 0 && ` ${IMPORT_MSG.createdCategories(result.createdCategories)}`}
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onClose}>Zamknij</Button>
      </Group>
    </>
  );
}
