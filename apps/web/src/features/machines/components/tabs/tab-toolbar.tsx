import type { ReactNode } from 'react';
import { ActionIcon, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** The row above a tab's content: anything on the left, the round plus button on the right. */
export function TabToolbar({
  addLabel,
  onAdd,
  children,
}: {
  addLabel: string;
  onAdd: () => void;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" mb="sm" wrap="nowrap">
      <Group gap="xs">{children}</Group>
      <ActionIcon
        aria-label={addLabel}
        title={addLabel}
        radius="xl"
        variant="filled"
        size={44}
        onClick={onAdd}
      >
        <IconPlus size={24} />
      </ActionIcon>
    </Group>
  );
}
