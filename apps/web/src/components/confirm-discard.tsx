import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { MSG } from '@serwis/domain';
import { MODAL_LEVELS } from './modal-levels';

/**
 * A form with unsaved changes asks before it is closed; "Wróć do formularza" keeps what was typed
 * and gives the focus back to the field it was in. The question does not hand the focus back itself
 * (`returnFocus: false`): after "Odrzuć zmiany" Mantine put it in the form's field as the form's
 * dialog closed, and so on the page, and the keyboard lost its place. Now the form's dialog, closing
 * last, returns it to the button it was opened with.
 */
export function confirmDiscard(onDiscard: () => void, onClosed?: () => void): () => void {
  const typing = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  let discarded = false;
  let withdrawn = false;
  const id = modals.openConfirmModal({
    title: MSG.unsavedTitle,
    children: <Text size="sm">{MSG.unsavedQuestion}</Text>,
    labels: { confirm: MSG.discardChanges, cancel: MSG.keepEditing },
    confirmProps: { color: 'red' },
    returnFocus: false,
    zIndex: MODAL_LEVELS.question,
    onConfirm: () => {
      discarded = true;
      onDiscard();
    },
    onClose: () => {
      onClosed?.();
      if (!discarded && !withdrawn) requestAnimationFrame(() => typing?.focus());
    },
  });
  // The question withdrawn, unanswered: its form has gone (saved meanwhile).
  return () => {
    withdrawn = true;
    modals.close(id);
  };
}
