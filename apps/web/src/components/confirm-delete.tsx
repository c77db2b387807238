import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { DELETION_TEXT, MSG } from '@serwis/domain';
import { keepFocusNearRemoved } from '../lib/focus-after-removal';

/**
 * Every delete asks first, naming what goes, and what goes with it (`also`: a machine's notes,
 * parts and files). Once deleted, the keyboard goes on from the record's neighbour
 * (focus-after-removal.ts), not from the top of the page.
 */
export function confirmDelete(options: {
  title?: string;
  what: string;
  also?: string;
  onConfirm: () => void;
}) {
  const trigger = document.activeElement;
  modals.openConfirmModal({
    title: options.title ?? MSG.deleteConfirmTitle,
    children: (
      <Stack gap="xs">
        <Text size="sm">{MSG.deleteQuestion(options.what)}</Text>
        {options.also && <Text size="sm">{options.also}</Text>}
      </Stack>
    ),
    labels: { confirm: 'Usuń', cancel: 'Anuluj' },
    confirmProps: { color: 'red' },
    onConfirm: () => {
      keepFocusNearRemoved(trigger);
      options.onConfirm();
    },
  });
}

/**
 * A delete that the record's links keep from happening (a machine's service events, a customer's
 * machines): said, with what keeps it, before anything is asked, instead of a question whose "Usuń"
 * could only be refused.
 */
export function cannotDelete(why: string, title: string = DELETION_TEXT.cannotDeleteTitle) {
  const id = modals.open({
    title,
    // Its one button closes it (and Escape): no second "Zamknij" in the corner.
    withCloseButton: false,
    children: (
      <Stack gap="md">
        <Text size="sm">{why}</Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)}>Zamknij</Button>
        </Group>
      </Stack>
    ),
  });
}
