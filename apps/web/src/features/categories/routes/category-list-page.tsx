import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { PAGE_SIZES, type Category } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner } from '../../../components/error-banner';
import {
  DataTable,
  SearchBox,
  localPage,
  tableStateProps,
  useClampPage,
  useListState,
} from '../../../components/data-table';
import { useCategories } from '../api/categories';

const column = createColumnHelper<Category>();
const accessors: Record<string, (c: Category) => unknown> = {
  id: (c) => c.id,
  name: (c) => c.name,
  count: (c) => c.count,
};

export function CategoryListPage() {
  const navigate = useNavigate();
  const { data = [], isPending, isFetching, isSuccess, isError, error, refetch } = useCategories();
  const list = useListState(
    {
      page: 1,
      size: PAGE_SIZES.other.default,
      sorting: [{ id: 'id', desc: false }],
      search: '',
      filters: {},
    },
    'categories',
  );
  const columns = useMemo(
    () => [
      column.accessor('id', { header: 'Id' }),
      column.accessor('name', { header: 'Nazwa' }),
      column.accessor('count', { header: 'Ilość' }),
    ],
    [],
  );
  const { items, total } = localPage(data, list.state, {
    accessors,
    searchFields: [accessors.id, accessors.name],
  });
  // A page kept from an earlier visit may be past the end once rows were deleted.
  useClampPage(list, isSuccess ? { total } : undefined);
  return (
    <>
      <PageHeader
        title="Lista kategorii"
        backTo={paths.home}
        addTo={paths.categoryAdd}
        addLabel="Dodaj kategorię"
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
        onRowClick={(c) => navigate(paths.categoryEdit(c))}
        rowHref={(c) => paths.categoryEdit(c)}
        rowLabel={(c) => `Kategoria ${c.name} (id ${c.id})`}
      />
    </>
  );
}
