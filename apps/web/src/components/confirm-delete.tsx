import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** Every delete asks first, naming what goes. */
export function confirmDelete(options: { title?: string; what: string; onConfirm: () => void }) {
  modals.openConfirmModal({
    title: options.title ?? 'Potwierdź usunięcie',
    children: <Text size="sm">{`Czy na pewno chcesz usunąć ${options.what}?`}</Text>,
    labels: { confirm: 'Usuń', cancel: 'Anuluj' },
    confirmProps: { color: 'red' },
    onConfirm: options.onConfirm,
  });
}
