import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { IconCheck, IconX } from '@tabler/icons-react';
import { PAGE_SIZES, type Employee } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { PageHeader } from '../../../components/page-header';
import {
  DataTable,
  SearchBox,
  localPage,
  tableStateProps,
  useClampPage,
  useListState,
} from '../../../components/data-table';
import { useEmployees } from '../api/users';
import { ErrorBanner } from '../../../components/error-banner';
import { errorMessage } from '../../../lib/api-client';

const column = createColumnHelper<Employee>();
const accessors: Record<string, (e: Employee) => unknown> = {
  id: (e) => e.id,
  userName: (e) => e.userName,
  firstName: (e) => e.firstName,
  lastName: (e) => e.lastName,
  email: (e) => e.email,
  vacationDays: (e) => e.vacationDays,
  active: (e) => (e.active ? 1 : 0),
  roles: (e) => e.roles.map((r) => r.role).join(', '),
};

export function UserListPage() {
  const navigate = useNavigate();
  const { data = [], isPending, isFetching, isSuccess, isError, error, refetch } = useEmployees();
  const list = useListState(
    {
      page: 1,
      size: PAGE_SIZES.other.default,
      sorting: [{ id: 'id', desc: false }],
      search: '',
      filters: {},
    },
    'users',
  );
  const columns = useMemo(
    () => [
      column.accessor('id', { header: 'Id', meta: { align: 'right' } }),
      column.accessor('userName', { header: 'Stanowisko' }),
      column.accessor('firstName', { header: 'Imię' }),
      column.accessor('lastName', { header: 'Nazwisko' }),
      column.accessor('email', { header: 'E-mail' }),
      column.accessor('vacationDays', { header: 'Dni urlopu' }),
      column.accessor('active', {
        header: 'Aktywny',
        cell: (c) =>
          c.getValue() ? (
            <IconCheck color="green" aria-label="aktywny" />
          ) : (
            <IconX color="red" aria-label="nieaktywny" />
          ),
      }),
      column.accessor((e) => e.roles.map((r) => r.role).join(', '), { id: 'roles', header: 'Role' }),
    ],
    [],
  );
  const { items, total } = localPage(data, list.state, { accessors, searchFields: Object.values(accessors) });
  // A page kept from an earlier visit may be past the end once rows were deleted.
  useClampPage(list, isSuccess ? { total } : undefined);
  return (
    <>
      <PageHeader
        title="Lista pracowników"
        backTo={paths.home}
        addTo={paths.userAdd}
        addLabel="Dodaj pracownika"
      />
      <SearchBox value={list.state.search} onChange={list.setSearch} />
      <ErrorBanner message={isError ? errorMessage(error) : null} />
      <DataTable
        {...tableStateProps(list, PAGE_SIZES.other.sizes)}
        columns={columns}
        data={items}
        total={total}
        // Asked again after a failed load: said as loading, not as the failure still.
        loading={isPending || (isError && isFetching)}
        failed={isError}
        onRetry={() => void refetch()}
        onRowClick={(e) => navigate(paths.userEdit(e.id))}
        rowHref={(e) => paths.userEdit(e.id)}
        rowLabel={(e) => `${e.firstName} ${e.lastName} (${e.email})`}
      />
    </>
  );
}
