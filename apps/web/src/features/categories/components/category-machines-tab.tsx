import { paths } from '../../../config/paths';
import { MachinesOfTable, type OwnerColumn } from '../../../components/machines-of-table';
import { categoryMachinesKey, loadCategoryMachines, type CategoryMachine } from '../api/categories';

const CUSTOMER_COLUMN: OwnerColumn<CategoryMachine> = {
  id: 'customer',
  header: 'Kontrahent',
  value: (m) => m.customer?.shortName,
};

/** Machines of both families in the category; a row opens the machine card. */
export function CategoryMachinesTab({ categoryId }: { categoryId: number }) {
  return (
    <MachinesOfTable
      queryKey={categoryMachinesKey(categoryId)}
      load={loadCategoryMachines(categoryId)}
      persistKey={`categoryMachines:${categoryId}`}
      ownerColumn={CUSTOMER_COLUMN}
      rowPath={(m) => paths.machineEdit({ id: m.id, customerId: m.customer?.id, prev: 'categoryList' })}
    />
  );
}
