import { Group, ThemeIcon, Tooltip } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { PROTOCOL_MSG, type Service } from '@serwis/domain';
import { ServiceStateBadge } from '../../../components/status-badge';
import { formatDateTime } from '../../../lib/dayjs';

/** "Wysłano do klienta {adres} {data}": the last "Wyślij do klienta" of the event's protocol. */
export function protocolSentLabel(sent: { to: string; at: string }) {
  return PROTOCOL_MSG.protocolSentTo(sent.to, formatDateTime(sent.at));
}

/** The state column of the event rows: the state, and an envelope once the protocol was sent. */
export function ServiceStateCell({ service }: { service: Pick<Service, 'state' | 'protocolSent'> }) {
  const sent = service.protocolSent;
  if (!sent) return <ServiceStateBadge state={service.state} />;
  const label = protocolSentLabel(sent);
  return (
    <Group gap={6} wrap="nowrap">
      <ServiceStateBadge state={service.state} />
      <Tooltip label={label} withArrow>
        <ThemeIcon variant="light" color="teal" size="sm" radius="xl" role="img" aria-label={label}>
          <IconMailCheck size={14} />
        </ThemeIcon>
      </Tooltip>
    </Group>
  );
}
