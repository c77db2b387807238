import { useState } from 'react';
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
import { useSession } from '../../auth/api/session';
import { useTodoPage } from '../api/todos';
import { todoColumns } from '../components/todo-columns';
import { TodoModal } from '../components/todo-modal';

const [defaultField, defaultDirection] = DEFAULT_TODO_SORT.split(',');

/** /machineTodo: open to-dos (or all with "Pokaż zakończone"); a row opens the to-do's modal. */
export function TodoListPage() {
  const session = useSession();
  const isAdmin = session.data?.isAdmin ?? false;
  const userName = session.data ? `${session.data.firstName} ${session.data.lastName}`.trim() : '';
  const [open, setOpen] = useState<Todo | 'new' | null>(null);
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
  const { data, isFetching } = useTodoPage({
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
              aria-label="Dodaj zadanie"
              title="Dodaj zadanie"
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
      <DataTable
        {...tableStateProps(list, PAGE_SIZES.other.sizes)}
        columns={todoColumns}
        data={data?.items ?? []}
        total={data?.total ?? 0}
        totalEstimated={data?.estimated}
        totalLowerBound={data?.lowerBound}
        loading={isFetching}
        onRowClick={setOpen}
        rowLabel={(todo) => `Zadanie nr ${todo.id}`}
        getRowId={(todo) => String(todo.id)}
      />
      <TodoModal todo={open} isAdmin={isAdmin} currentUserName={userName} onClose={() => setOpen(null)} />
    </>
  );
}
