import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { MSG } from '@serwis/domain';

/** Every delete asks first, naming what goes. */
export function confirmDelete(options: { title?: string; what: string; onConfirm: () => void }) {
  modals.openConfirmModal({
    title: options.title ?? MSG.deleteConfirmTitle,
    children: <Text size="sm">{MSG.deleteQuestion(options.what)}</Text>,
    labels: { confirm: 'Usuń', cancel: 'Anuluj' },
    confirmProps: { color: 'red' },
    onConfirm: options.onConfirm,
  });
}
