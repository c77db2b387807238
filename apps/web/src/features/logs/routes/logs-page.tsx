import { useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { Anchor, Button } from '@mantine/core';
import { LOG_REDACT_TEXT, type LogEntry } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dayjs';
import { PageHeader } from '../../../components/page-header';
import {
  DataTable,
  SearchBox,
  tableStateProps,
  useClampPage,
  useListState,
} from '../../../components/data-table';
import { useLogPage } from '../api/logs';
import { ErrorBanner } from '../../../components/error-banner';
import { errorMessage } from '../../../lib/api-client';
import { RedactLogModal } from '../components/redact-log-modal';

const column = createColumnHelper<LogEntry>();

/** A long word (a file's or a machine's name without spaces) wraps instead of pushing "Rekord" away. */
const wrapAnywhere = { overflowWrap: 'anywhere' } as const;
/** An entry keeps a note's or a description's line breaks (what an administrator retypes): shown. */
const entryText = { ...wrapAnywhere, whiteSpace: 'pre-line' } as const;
/**
 * The record as a button a finger can hit on a tablet or phone (40 px, as every control). It wraps
 * after its kind ("service:" above "10005"), never inside the number: "service:1000" and a lone "5"
 * read as another record.
 */
const recordTarget = {
  overflowWrap: 'break-word',
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  minHeight: 40,
  minWidth: 40,
  textAlign: 'left',
} as const;

/** "service:10005" with a place to break after the colon (the text stays one for a search). */
function recordParts(record: string) {
  const colon = record.indexOf(':');
  if (colon < 0) return record;
  return (
    <>
      {record.slice(0, colon + 1)}
      <wbr />
      {record.slice(colon + 1)}
    </>
  );
}

const NEWEST_FIRST = [{ id: 'eventId', desc: true }];

export function LogsPage() {
  const list = useListState({ page: 1, size: 20, sorting: [], search: '', filters: {} }, 'logs');
  const { data, isFetching, isError, error, refetch } = useLogPage({
    page: list.state.page,
    size: list.state.size,
    q: list.debouncedSearch,
    sort: list.sortParam,
  });
  const total = data?.total ?? 0;
  const { setSearch } = list;
  useClampPage(list, data);
  const [redacting, setRedacting] = useState(false);
  const columns = useMemo(
    () => [
      // Newest first unless a header is clicked: the first click shows the oldest first (both
      // columns sort by the Nr, which follows the time).
      column.accessor('eventId', { header: 'Nr' }),
      column.accessor('timestmp', {
        header: 'Czas',
        meta: { nowrap: true },
        cell: (c) => formatDateTime(c.getValue()),
      }),
      column.accessor('arg0', { header: 'Użytkownik', enableSorting: false }),
      column.accessor('formattedMessage', {
        header: 'Zdarzenie',
        enableSorting: false,
        cell: (c) => <span style={entryText}>{c.getValue()}</span>,
      }),
      column.accessor('arg1', {
        header: 'Rekord',
        enableSorting: false,
        // The record's whole history one click away: the search takes "device:7" as that record.
        cell: (c) => {
          const record = c.getValue();
          return record ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              style={recordTarget}
              title={`Pokaż wpisy rekordu ${record}`}
              aria-label={record}
              onClick={() => setSearch(record)}
            >
              {recordParts(record)}
            </Anchor>
          ) : null;
        },
      }),
    ],
    [setSearch],
  );
  return (
    <>
      <PageHeader
        title="Logi"
        backTo={paths.home}
        actions={
          <Button variant="default" onClick={() => setRedacting(true)}>
            {LOG_REDACT_TEXT.open}
          </Button>
        }
      />
      <RedactLogModal
        opened={redacting}
        initialText={list.state.search}
        onClose={() => setRedacting(false)}
      />
      <SearchBox value={list.state.search} onChange={list.setSearch} label="Filtruj logi" />
      <ErrorBanner message={isError ? errorMessage(error) : null} />
      <DataTable
        columns={columns}
        data={data?.items ?? []}
        total={total}
        totalEstimated={data?.estimated}
        totalLowerBound={data?.lowerBound}
        loading={isFetching}
        failed={isError}
        onRetry={() => void refetch()}
        {...tableStateProps(list, [20, 50, 100])}
        // The server's own order, newest first: its arrow shows on "Nr" until a header is clicked.
        defaultSorting={NEWEST_FIRST}
      />
    </>
  );
}
