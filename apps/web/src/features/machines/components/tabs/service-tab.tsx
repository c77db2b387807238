import { DeviceServices } from '../../../services/components/device-services';
import { useMachine } from '../../api/machines';

/** "Serwis": the machine's service events; a new event defaults to the machine's customer. */
export function ServiceTab({ deviceId }: { deviceId: number }) {
  const machine = useMachine(deviceId);
  return (
    <DeviceServices
      deviceId={deviceId}
      customerId={machine.data?.customer?.id ?? null}
      machine={machine.data}
    />
  );
}
