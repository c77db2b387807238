import { Fragment, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod';
import { MSG, TODO_DESCRIPTION_MAX, todoSaveSchema, type Todo } from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { paths } from '../../../config/paths';
import { machineLabel } from '../../services/service-display';
import { formatDateTime } from '../../../lib/dayjs';
import { useDeleteTodo, useSaveServiceTodo, useSaveTodo } from '../api/todos';
import { serviceAddresses, todoErrorMessage, todoModalMode } from '../todo-mode';
import { closeAfterAsking, useUnsavedChanges } from '../../../lib/unsaved-changes';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { withCaretAtEnd } from '../../../lib/caret-at-end';

const formSchema = z.object({ description: todoSaveSchema.shape.description, done: z.boolean() });
type FormValues = z.input<typeof formSchema>;

interface TodoModalProps {
  /** `'new'` adds (ADD), a to-do edits it (EDIT_TODO or EDIT_SERVICE), null keeps the modal closed. */
  todo: Todo | 'new' | null;
  isAdmin: boolean;
  /** Shown as the author of a new to-do. */
  currentUserName: string;
  onClose: () => void;
}

const machineCardPath = (device: { id: number; type: string; customer: { id: number } }) =>
  (device.type === 'EXTERNAL' ? paths.machineExternalEdit : paths.machineEdit)({
    id: device.id,
    customerId: device.customer.id,
    prev: 'machineTodo',
  });

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">{`${label}: `}</Text>
      {children}
    </Text>
  );
}

/** Reads and (for admins) edits one to-do; users see the fields disabled and no save or delete. */
export function TodoModal({ todo, isAdmin, currentUserName, onClose }: TodoModalProps) {
  const title = todo === null ? 'Zadanie' : todo === 'new' ? 'Nowe zadanie' : `Zadanie nr ${todo.id}`;
  // The form's own check of changes not saved: Esc, ✕ and "Anuluj" ask before they are lost.
  const dirtyNow = useRef<() => boolean>(() => false);
  const leave = () => closeAfterAsking(todo !== null && dirtyNow.current(), onClose);
  return (
    <Modal opened={todo !== null} onClose={leave} title={title} size="lg">
      {/* Keyed, so every opening starts from the to-do's own values and a fresh error state. */}
      {todo !== null && (
        <TodoForm
          key={todo === 'new' ? 'new' : todo.id}
          todo={todo}
          isAdmin={isAdmin}
          currentUserName={currentUserName}
          onClose={onClose}
          onLeave={leave}
          dirtyCheckRef={dirtyNow}
        />
      )}
    </Modal>
  );
}

function TodoForm({
  todo,
  isAdmin,
  currentUserName,
  onClose,
  onLeave,
  dirtyCheckRef,
}: Omit<TodoModalProps, 'todo'> & {
  todo: Todo | 'new';
  /** "Anuluj": asks first when the form holds changes. */
  onLeave: () => void;
  /** Given the form's own check, read as the modal is closed (a key pressed just before Esc counts). */
  dirtyCheckRef: RefObject<() => boolean>;
}) {
  const saveTodo = useSaveTodo();
  const saveServiceTodo = useSaveServiceTodo();
  const remove = useDeleteTodo();
  const [confirming, setConfirming] = useState(false);
  const [openedAt] = useState(() => new Date().toISOString());
  const form = useForm<FormValues>({
    initialValues:
      todo === 'new'
        ? { description: '', done: false }
        : { description: todo.description, done: todo.toDoStatus === 'DONE' },
    validate: zod4Resolver(formSchema),
  });

  // Only an admin edits; a user's form never holds changes. A reload and the app's links ask too.
  useUnsavedChanges(isAdmin && form.isDirty());
  const { isDirty } = form;
  useEffect(() => {
    dirtyCheckRef.current = () => isAdmin && isDirty();
  }, [dirtyCheckRef, isAdmin, isDirty]);

  const mode = todoModalMode(todo);
  const existing = todo === 'new' ? null : todo;
  const pending = saveTodo.isPending || saveServiceTodo.isPending || remove.isPending;
  const failure = saveTodo.error ?? saveServiceTodo.error ?? remove.error;

  const done = (message: string) => {
    notifications.show({ color: 'green', message });
    onClose();
  };

  // One banner: the latest attempt's failure.
  const submit = form.onSubmit((values) => {
    remove.reset();
    const toDoStatus = values.done ? 'DONE' : 'TODO';
    const description = values.description.trim();
    if (mode === 'EDIT_SERVICE' && existing?.service) {
      saveServiceTodo.mutate(
        { serviceId: existing.service.id, toDoStatus, todo: description },
        { onSuccess: () => done(MSG.saved) },
      );
    } else {
      saveTodo.mutate(
        { id: existing?.id ?? null, toDoStatus, description },
        { onSuccess: () => done(MSG.saved) },
      );
    }
  }, focusFirstInvalid);

  const service = existing?.service ?? null;

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <ErrorBanner message={failure ? todoErrorMessage(failure) : null} />
        <Stack gap={4}>
          <Detail label="Autor">{existing ? existing.userCreated.fullName : currentUserName}</Detail>
          <Detail label="Data">{formatDateTime(existing?.date ?? openedAt).slice(0, 16)}</Detail>
          {service && existing && (
            <>
              <Detail label="Zdarzenie serwisowe">{`${service.fullNumber} z ${service.date.slice(0, 10)}`}</Detail>
              {/* Where to go next: the customer's card (its phone) and each machine's card (its events). */}
              <Detail label="Kontrahent">
                <Anchor component={Link} to={paths.customerCard(service.customer.id)} size="sm">
                  {service.customer.shortName}
                </Anchor>
              </Detail>
              <Detail label="Maszyny">
                {service.devices.length
                  ? service.devices.map((d, i) => (
                      <Fragment key={d.id}>
                        {i > 0 && ', '}
                        <Anchor component={Link} to={machineCardPath(d)} size="sm">
                          {machineLabel(d)}
                        </Anchor>
                      </Fragment>
                    ))
                  : '—'}
              </Detail>
              {serviceAddresses(existing).map((address) => (
                <Detail key={address} label="Adres maszyny">
                  {address}
                </Detail>
              ))}
            </>
          )}
        </Stack>
        <Textarea
          label="Opis"
          autosize
          minRows={4}
          maxRows={14}
          maxLength={TODO_DESCRIPTION_MAX}
          disabled={!isAdmin}
          data-autofocus
          {...withCaretAtEnd(form.getInputProps('description'))}
        />
        {/* Spec §4: a new to-do starts as TODO; it can be finished once it exists. */}
        {mode !== 'ADD' && (
          <Checkbox
            label="zakończone"
            disabled={!isAdmin}
            {...form.getInputProps('done', { type: 'checkbox' })}
          />
        )}
        {confirming && existing ? (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {MSG.todoDeleteQuestion(existing.id)}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                Nie usuwaj
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() => {
                  saveTodo.reset();
                  saveServiceTodo.reset();
                  remove.mutate(existing.id, { onSuccess: () => done(MSG.todoDeleted) });
                }}
              >
                Tak, usuń
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group justify="space-between">
            {isAdmin && mode === 'EDIT_TODO' ? (
              <Button color="red" variant="light" onClick={() => setConfirming(true)} disabled={pending}>
                Usuń
              </Button>
            ) : (
              <span />
            )}
            <Group>
              <Button variant="default" onClick={onLeave}>
                Anuluj
              </Button>
              {isAdmin && (
                <Button type="submit" loading={saveTodo.isPending || saveServiceTodo.isPending}>
                  Zapisz
                </Button>
              )}
            </Group>
          </Group>
        )}
      </Stack>
    </form>
  );
}
