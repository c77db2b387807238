import { useRef, useState } from 'react';
import { ActionIcon, Checkbox } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { DEFAULT_TODO_SORT, PAGE_SIZES, type Todo } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { PageHeader } from '../../../components/page-header';
import {
  DataTable,
  SearchBox,
  tableStateProps,
  useClampPage,
  useListState,
} from '../../../components/data-table';
import { useFocusAfterChange } from '../../../lib/focus-after-change';
import { useSession } from '../../auth/api/session';
import { useTodoPage } from '../api/todos';
import { todoColumns } from '../components/todo-columns';
import { TodoModal } from '../components/todo-modal';
import { ErrorBanner } from '../../../components/error-banner';
import { errorMessage } from '../../../lib/api-client';

const [defaultField, defaultDirection] = DEFAULT_TODO_SORT.split(',');
const ADD_LABEL = 'Dodaj zadanie';
const rowLabel = (todo: Todo) => `Zadanie nr ${todo.id}`;

/** The list's row at `index`, or its last one when fewer are left. */
function rowNear(index: number): HTMLElement | null {
  const rows = document.querySelectorAll<HTMLElement>('tbody tr[tabindex]');
  return rows[Math.min(index, rows.length - 1)] ?? null;
}

/** /machineTodo: open to-dos (or all with "Pokaż zakończone"); a row opens the to-do's modal. */
export function TodoListPage() {
  const session = useSession();
  const isAdmin = session.data?.isAdmin ?? false;
  const userName = session.data ? `${session.data.firstName} ${session.data.lastName}`.trim() : '';
  const [open, setOpen] = useState<Todo | 'new' | null>(null);
  // The opened to-do's place in the list: when it is gone (finished or deleted), the keyboard goes
  // on from the row now there, not from the top of the page.
  const openedIndex = useRef(0);
  const focusLater = useFocusAfterChange();
  const list = useListState(
    {
      page: 1,
      size: PAGE_SIZES.other.default,
      sorting: [{ id: defaultField, desc: defaultDirection === 'desc' }],
      search: '',
      filters: { showDone: false },
    },
    'todos',
  );
  const showDone = list.state.filters.showDone === true;
  const { data, isFetching, isError, error, refetch } = useTodoPage({
    status: showDone ? 'ALL' : 'TODO',
    page: list.state.page,
    size: list.state.size,
    sort: list.sortParam,
    q: list.debouncedSearch.trim(),
  });
  useClampPage(list, data);

  return (
    <>
      <PageHeader
        title="Zadania do wykonania"
        backTo={paths.home}
        actions={
          isAdmin && (
            <ActionIcon
              aria-label={ADD_LABEL}
              title={ADD_LABEL}
              radius="xl"
              variant="filled"
              size={44}
              onClick={() => setOpen('new')}
            >
              <IconPlus size={24} />
            </ActionIcon>
          )
        }
      />
      <SearchBox value={list.state.search} onChange={list.setSearch} />
      <Checkbox
        mb="md"
        label="Pokaż zakończone"
        checked={showDone}
        onChange={(event) => list.setFilters({ showDone: event.currentTarget.checked })}
      />
      <ErrorBanner message={isError ? errorMessage(error) : null} />
      <DataTable
        {...tableStateProps(list, PAGE_SIZES.other.sizes)}
        columns={todoColumns}
        data={data?.items ?? []}
        total={data?.total ?? 0}
        totalEstimated={data?.estimated}
        totalLowerBound={data?.lowerBound}
        loading={isFetching}
        failed={isError}
        onRetry={() => void refetch()}
        onRowClick={(todo) => {
          openedIndex.current = data?.items.indexOf(todo) ?? 0;
          setOpen(todo);
        }}
        rowLabel={rowLabel}
        getRowId={(todo) => String(todo.id)}
      />
      <TodoModal
        todo={open}
        isAdmin={isAdmin}
        currentUserName={userName}
        onClose={() => {
          if (open !== null && open !== 'new') {
            const index = openedIndex.current;
            focusLater(rowLabel(open), () => rowNear(index), ADD_LABEL);
          }
          setOpen(null);
        }}
      />
    </>
  );
}
