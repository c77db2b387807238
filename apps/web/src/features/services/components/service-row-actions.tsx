import { useRef } from 'react';
import { ActionIcon, Box, Menu } from '@mantine/core';
import {
  IconCheck,
  IconClipboardCheck,
  IconDots,
  IconEye,
  IconFilePlus,
  IconPencil,
  IconPrinter,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import type { ServiceActions } from '../service-permissions';

export type ServiceRowAction =
  'open' | 'protocol' | 'addFile' | 'sign' | 'reject' | 'printForScan' | 'remove';

interface ServiceRowActionsProps {
  /** Names the event for screen readers ("Akcje: zdarzenie 25/03/2026"). */
  label: string;
  allowed: ServiceActions;
  onAction: (action: ServiceRowAction) => void;
}

/** One menu per row, so the table stays narrow on a tablet; only what the user may do is offered. */
export function ServiceRowActions({ label, allowed, onAction: act }: ServiceRowActionsProps) {
  // The menu lives inside a clickable row: its clicks and keys must not open the row as well.
  const stop = (event: React.SyntheticEvent) => event.stopPropagation();
  // A choice (or Esc) gives the focus back to the menu's button, before a dialog the choice opens
  // takes it: closed, that dialog gives it back there, not to the page (the chosen item is gone).
  const button = useRef<HTMLButtonElement>(null);
  const onAction = (action: ServiceRowAction) => {
    button.current?.focus();
    act(action);
  };
  return (
    <Box onClick={stop} onKeyDown={stop}>
      <Menu position="bottom-end" withinPortal returnFocus>
        <Menu.Target>
          <ActionIcon ref={button} aria-label={`Akcje: ${label}`}>
            <IconDots size={20} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={allowed.edit ? <IconPencil size={16} /> : <IconEye size={16} />}
            onClick={() => onAction('open')}
          >
            {allowed.edit ? 'Edytuj' : 'Pokaż'}
          </Menu.Item>
          <Menu.Item leftSection={<IconClipboardCheck size={16} />} onClick={() => onAction('protocol')}>
            Protokół
          </Menu.Item>
          {allowed.addFile && (
            <Menu.Item leftSection={<IconFilePlus size={16} />} onClick={() => onAction('addFile')}>
              Dodaj plik
            </Menu.Item>
          )}
          {allowed.sign && (
            <Menu.Item leftSection={<IconCheck size={16} />} onClick={() => onAction('sign')}>
              Podpisz
            </Menu.Item>
          )}
          {allowed.printForScan && (
            <Menu.Item leftSection={<IconPrinter size={16} />} onClick={() => onAction('printForScan')}>
              Drukuj do skanu
            </Menu.Item>
          )}
          {allowed.reject && (
            <Menu.Item leftSection={<IconX size={16} />} onClick={() => onAction('reject')}>
              Odrzuć
            </Menu.Item>
          )}
          {allowed.remove && (
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onAction('remove')}>
              Usuń
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Box>
  );
}
