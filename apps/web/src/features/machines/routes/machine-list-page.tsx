import { MachineList } from '../components/machine-list';

export function MachineListPage() {
  return <MachineList family="INTERNAL" />;
}

export function MachineExternalListPage() {
  return <MachineList family="EXTERNAL" />;
}
