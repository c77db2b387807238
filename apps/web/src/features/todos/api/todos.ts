import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Service, Todo, TodoListFilter, ToDoStatus } from '@serwis/domain';
import { api } from '../../../lib/api-client';

const keys = {
  all: ['todos'] as const,
  page: (params: TodoPageParams) => ['todos', params] as const,
};

export interface TodoPageParams {
  status: TodoListFilter;
  page: number;
  size: number;
  sort?: string;
  q: string;
}

export function useTodoPage(params: TodoPageParams) {
  return useQuery({
    queryKey: keys.page(params),
    queryFn: () =>
      api.page<Todo>('GET', '/api/todo/get', {
        query: {
          toDoStatus: params.status,
          page: params.page,
          size: params.size,
          sort: params.sort,
          q: params.q || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

function useTodoMutation<I, R>(mutationFn: (input: I) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}

/** ADD (no id) and EDIT_TODO: a to-do of its own. */
export function useSaveTodo() {
  return useTodoMutation((input: { id: number | null; toDoStatus: ToDoStatus; description: string }) =>
    api.post<Todo>('/api/todo/save', {
      id: input.id ?? 0,
      toDoStatus: input.toDoStatus,
      description: input.description,
      date: new Date().toISOString(),
    }),
  );
}

/** EDIT_SERVICE: the to-do belongs to a service event and is changed through it. */
export function useSaveServiceTodo() {
  return useTodoMutation((input: { serviceId: number; toDoStatus: ToDoStatus; todo: string }) =>
    api.patch<Service>('/api/service/changeTodoStatus', {
      id: input.serviceId,
      toDoStatus: input.toDoStatus,
      todo: input.todo,
    }),
  );
}

export function useDeleteTodo() {
  return useTodoMutation((id: number) => api.delete('/api/todo/delete', { query: { id } }));
}
