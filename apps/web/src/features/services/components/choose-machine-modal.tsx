import { Button, Modal, Stack } from '@mantine/core';
import type { Service } from '@serwis/domain';
import { machineLabel } from '../service-display';

type ServiceDevice = Service['devices'][number];

/** Spec §2: an event of several machines asks which machine card to open. */
export function ChooseMachineModal({
  service,
  onChoose,
  onClose,
}: {
  service: Service | null;
  onChoose: (device: ServiceDevice) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={service !== null} onClose={onClose} title="Wybierz maszynę.">
      <Stack gap="xs">
        {service?.devices.map((device) => (
          <Button
            key={device.id}
            variant="default"
            justify="flex-start"
            h={44}
            onClick={() => onChoose(device)}
          >
            {machineLabel(device)}
          </Button>
        ))}
      </Stack>
    </Modal>
  );
}
