import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Group } from '@mantine/core';
import { CUSTOMER_CSV_FILE_NAME, PAGE_SIZES, type Customer } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner } from '../../../components/error-banner';
import {
  DataTable,
  SearchBox,
  tableStateProps,
  useClampPage,
  useListState,
} from '../../../components/data-table';
import { CsvDownloadButton } from '../../../components/csv-download-button';
import { fetchCustomerCsv, useCustomerPage } from '../api/customers';
import { ImportButton } from '../../imports/components/import-button';

const column = createColumnHelper<Customer>();

export function CustomerListPage() {
  const navigate = useNavigate();
  const list = useListState(
    {
      page: 1,
      size: PAGE_SIZES.other.default,
      sorting: [{ id: 'id', desc: true }],
      search: '',
      filters: {},
    },
    'customers',
  );
  const { data, isFetching, isError, error, refetch } = useCustomerPage({
    page: list.state.page,
    size: list.state.size,
    sort: list.sortParam,
    q: list.debouncedSearch,
  });
  useClampPage(list, data);
  const columns = useMemo(
    () => [
      column.accessor('id', { header: 'Id' }),
      column.accessor('shortName', { header: 'Nazwa skrócona' }),
      column.accessor('fullName', { header: 'Nazwa pełna' }),
      column.accessor('streetAddress', { header: 'Ulica' }),
      column.accessor('zipCode', { header: 'Kod pocztowy' }),
      column.accessor('city', { header: 'Miejscowość' }),
      column.accessor('province', { header: 'Województwo' }),
      column.accessor('nip', { header: 'NIP' }),
      column.accessor('regon', { header: 'REGON' }),
      column.accessor('phoneNumber', { header: 'Telefon' }),
      column.accessor('email', { header: 'E-mail' }),
    ],
    [],
  );
  return (
    <>
      <PageHeader
        title="Lista kontrahentów"
        backTo={paths.home}
        addTo={paths.customerAdd}
        addLabel="Dodaj kontrahenta"
        actions={<ImportButton kind="customers" />}
      />
      <Group justify="space-between" align="flex-end">
        <SearchBox value={list.state.search} onChange={list.setSearch} />
        {/* What is typed, also in the 300 ms before the table follows it: the file the user asked for. */}
        <CsvDownloadButton
          fileName={CUSTOMER_CSV_FILE_NAME}
          load={() => fetchCustomerCsv({ sort: list.sortParam, q: list.state.search.trim() })}
        />
      </Group>
      <ErrorBanner message={isError ? errorMessage(error) : null} />
      <DataTable
        {...tableStateProps(list, PAGE_SIZES.other.sizes)}
        columns={columns}
        data={data?.items ?? []}
        total={data?.total ?? 0}
        totalEstimated={data?.estimated}
        totalLowerBound={data?.lowerBound}
        loading={isFetching}
        failed={isError}
        onRetry={() => void refetch()}
        onRowClick={(c) => navigate(paths.customerEdit(c))}
        rowHref={(c) => paths.customerEdit(c)}
        rowLabel={(c) => `Kontrahent ${c.shortName} (id ${c.id})`}
      />
    </>
  );
}
