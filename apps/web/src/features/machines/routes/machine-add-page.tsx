import { MachineAdd } from '../components/machine-add';

export function MachineAddPage() {
  return <MachineAdd family="INTERNAL" />;
}

export function MachineExternalAddPage() {
  return <MachineAdd family="EXTERNAL" />;
}
