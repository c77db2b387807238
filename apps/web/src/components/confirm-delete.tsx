import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { MSG } from '@serwis/domain';
import { keepFocusNearRemoved } from '../lib/focus-after-removal';

/**
 * Every delete asks first, naming what goes. Once deleted, the keyboard goes on from the record's
 * neighbour (focus-after-removal.ts), not from the top of the page.
 */
export function confirmDelete(options: { title?: string; what: string; onConfirm: () => void }) {
  const trigger = document.activeElement;
  modals.openConfirmModal({
    title: options.title ?? MSG.deleteConfirmTitle,
    children: <Text size="sm">{MSG.deleteQuestion(options.what)}</Text>,
    labels: { confirm: 'Usuń', cancel: 'Anuluj' },
    confirmProps: { color: 'red' },
    onConfirm: () => {
      keepFocusNearRemoved(trigger);
      options.onConfirm();
    },
  });
}
