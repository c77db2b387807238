import { MachineEdit } from '../components/machine-edit';

export function MachineEditPage() {
  return <MachineEdit family="INTERNAL" />;
}

export function MachineExternalEditPage() {
  return <MachineEdit family="EXTERNAL" />;
}
