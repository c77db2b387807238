import { Badge, Group } from '@mantine/core';
import { IconCloudCheck, IconCloudOff } from '@tabler/icons-react';
import { PROTOCOL_SYNC_TEXT } from '@serwis/domain';
import type { SyncState } from '../use-draft-sync';

/** Where the draft is saved, and whether the screen would open again without the network. */
export function ProtocolSyncBadges(props: { state: SyncState; offlineReady: boolean; signed: boolean }) {
  const { state } = props;
  return (
    <Group gap="xs">
      <Badge
        size="lg"
        variant="light"
        color={state === 'saved' ? 'green' : state === 'offline' || state === 'refused' ? 'orange' : 'gray'}
        leftSection={state === 'offline' ? <IconCloudOff size={14} /> : undefined}
        role="status"
        style={{ whiteSpace: 'normal', height: 'auto', minHeight: 28 }}
      >
        {state === 'saved' && props.signed ? PROTOCOL_SYNC_TEXT.savedSigned : PROTOCOL_SYNC_TEXT[state]}
      </Badge>
      {props.offlineReady && !props.signed && (
        <Badge
          size="lg"
          variant="outline"
          color="teal"
          leftSection={<IconCloudCheck size={14} />}
          title="Ten ekran otworzy się także po przeładowaniu bez sieci"
        >
          Działa bez sieci
        </Badge>
      )}
    </Group>
  );
}
