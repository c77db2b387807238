import { IncidentsPanel } from '../../../incidents/components/incidents-panel';

/** "Zdarzenia": the machine's incidents (feature `incidents`). */
export function IncidentTab({ deviceId }: { deviceId: number }) {
  return <IncidentsPanel deviceId={deviceId} />;
}
