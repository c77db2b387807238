import { Badge, Group, ThemeIcon, Tooltip } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { PROTOCOL_MSG, type Service, type ServiceState } from '@serwis/domain';
import { formatDateTime } from '../../../lib/dayjs';
import { serviceStateLabel } from '../service-display';

const COLORS: Record<ServiceState, string> = {
  UTWORZONY: 'gray',
  DODAJ_SKAN: 'yellow',
  PODPISANY: 'green',
  ODRZUCONY: 'red',
};

/** The event's state; the label carries the meaning, the colour only helps. */
export function ServiceStateBadge({ state }: { state: ServiceState }) {
  return (
    <Badge color={COLORS[state] ?? 'gray'} variant="light" radius="sm" miw="max-content">
      {serviceStateLabel(state)}
    </Badge>
  );
}

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
