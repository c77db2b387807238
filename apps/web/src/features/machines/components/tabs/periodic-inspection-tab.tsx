import { PeriodicInspectionPanel } from '../../../inspections/components/periodic-inspection-panel';

/** "Przeglądy": the machine's periodic inspections (feature `inspections`). */
export function PeriodicInspectionTab({ deviceId }: { deviceId: number }) {
  return <PeriodicInspectionPanel deviceId={deviceId} />;
}
