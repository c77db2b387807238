import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { MSG } from '@serwis/domain';

/** A form with unsaved changes asks before it is closed; "Wróć do formularza" keeps what was typed. */
export function confirmDiscard(onDiscard: () => void) {
  modals.openConfirmModal({
    title: MSG.unsavedTitle,
    children: <Text size="sm">{MSG.unsavedQuestion}</Text>,
    labels: { confirm: MSG.discardChanges, cancel: MSG.keepEditing },
    confirmProps: { color: 'red' },
    onConfirm: onDiscard,
  });
}
