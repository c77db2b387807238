import { paths } from '../../../config/paths';
import { MachinesOfTable, type OwnerColumn } from '../../../components/machines-of-table';
import { customerMachinesKey, loadCustomerMachines, type CustomerMachine } from '../api/customers';

const CATEGORY_COLUMN: OwnerColumn<CustomerMachine> = {
  id: 'category',
  header: 'Kategoria',
  value: (m) => m.category?.name,
};

/** The customer's machines; a row opens the machine card, whose back arrow returns to the list. */
export function CustomerMachinesTab({ customerId }: { customerId: number }) {
  return (
    <MachinesOfTable
      queryKey={customerMachinesKey(customerId)}
      load={loadCustomerMachines(customerId)}
      ownerColumn={CATEGORY_COLUMN}
      persistKey={`customerMachines:${customerId}`}
      rowPath={(m) =>
        paths.machineEdit({ id: m.id, customerId: m.customer?.id ?? customerId, prev: 'customerList' })
      }
    />
  );
}
