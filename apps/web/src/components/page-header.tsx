import type { ReactNode } from 'react';
import { ActionIcon, Group, Title } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { usePageTitle } from '../lib/use-page-title';
import { useNavigateAfterAsking } from '../lib/unsaved-changes';
import { useBackArrow } from '../lib/back-arrow';

/** A record's screen title with its name once known ("Edycja kategorii: Tokarki"), as a machine's. */
export const withName = (title: string, name: string | null | undefined) =>
  name?.trim() ? `${title}: ${name.trim()}` : title;

interface PageHeaderProps {
  title: string;
  /** Where the back arrow leads; no arrow when absent. */
  backTo?: string;
  /** Route of the round plus button of the lists. */
  addTo?: string;
  addLabel?: string;
  actions?: ReactNode;
}

/**
 * The header row every screen opens with: back arrow, Polish title, primary action on the right.
 * On a phone the actions move under the title (still on the right) rather than push the page wider.
 * The title also names the browser tab.
 */
export function PageHeader({ title, backTo, addTo, addLabel = 'Dodaj', actions }: PageHeaderProps) {
  // The back arrow and the plus button leave the screen: a form with changes asks first.
  const navigate = useNavigateAfterAsking();
  const goBack = useBackArrow();
  usePageTitle(title);
  return (
    <Group justify="space-between" mb="md" gap="xs">
      {/* A name without spaces (255 letters, a serial number) wraps rather than widen the page. */}
      <Group gap="xs" wrap="nowrap" miw={0}>
        {backTo && (
          <ActionIcon aria-label="Wstecz" onClick={() => goBack(backTo)}>
            <IconArrowLeft size={22} />
          </ActionIcon>
        )}
        <Title order={2} miw={0} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
      </Group>
      <Group gap="xs" wrap="nowrap" ml="auto">
        {actions}
        {addTo && (
          <ActionIcon
            aria-label={addLabel}
            title={addLabel}
            radius="xl"
            variant="filled"
            size={44}
            onClick={() => navigate(addTo)}
          >
            <IconPlus size={24} />
          </ActionIcon>
        )}
      </Group>
    </Group>
  );
}
