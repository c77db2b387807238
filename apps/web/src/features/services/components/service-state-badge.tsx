import { Badge } from '@mantine/core';
import type { ServiceState } from '@serwis/domain';
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
