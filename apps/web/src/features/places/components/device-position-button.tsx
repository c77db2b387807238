import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { askDevicePosition, canAskDevicePosition, type DevicePosition } from '../device-position';

interface DevicePositionButtonProps {
  onLocated: (position: DevicePosition) => void;
  /** The Polish reason the browser gave none. */
  onError: (message: string) => void;
}

/**
 * "Użyj położenia urządzenia": the tablet's own position, for a technician standing at the machine
 * or the hotel. Offered only where the browser may ask for it (HTTPS or localhost).
 */
export function DevicePositionButton({ onLocated, onError }: DevicePositionButtonProps) {
  const [locating, setLocating] = useState(false);
  if (!canAskDevicePosition()) return null;
  const locate = async () => {
    setLocating(true);
    try {
      onLocated(await askDevicePosition());
    } catch (error) {
      onError((error as Error).message);
    } finally {
      setLocating(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconCurrentLocation size={16} />}
      loading={locating}
      onClick={() => void locate()}
    >
      Użyj położenia urządzenia
    </Button>
  );
}
