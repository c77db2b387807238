import { Badge } from '@mantine/core';
import { findMachineStatus } from '@serwis/domain';

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
