import { Badge } from '@mantine/core';
import { findMachineStatus, serviceStateLabel, type ServiceState } from '@serwis/domain';

/** A machine status with its reference colours; the label carries the meaning, not only the colour. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const def = status ? findMachineStatus(status) : undefined;
  // A badge ellipsises its label; in a crowded table cell that left "AWA…", so it keeps its full width.
  if (!def)
    return (
      <Badge color="gray" miw="max-content">
        {status ?? '—'}
      </Badge>
    );
  return (
    <Badge
      styles={{ root: { backgroundColor: def.colorBackground, color: def.colorText } }}
      radius="sm"
      miw="max-content"
    >
      {def.label}
    </Badge>
  );
}

/** The colour of each service event's state (the reference data gives the states no colours). */
const SERVICE_STATE_COLORS: Record<ServiceState, string> = {
  UTWORZONY: 'gray',
  DODAJ_SKAN: 'yellow',
  PODPISANY: 'green',
  ODRZUCONY: 'red',
};

/**
 * A service event's state, the one way every screen shows it (the service lists, the machine
 * card's "Serwis" and "Przeglądy" tabs, the home dashboard): the reference data's word, in the
 * state's colour. The word carries the meaning, the colour only helps.
 */
export function ServiceStateBadge({ state, title }: { state: string; title?: string }) {
  return (
    <Badge
      color={SERVICE_STATE_COLORS[state as ServiceState] ?? 'gray'}
      variant="light"
      radius="sm"
      miw="max-content"
      title={title}
      data-service-state={state}
    >
      {serviceStateLabel(state)}
    </Badge>
  );
}
