import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Center, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { DELETION_TEXT, EMPLOYEE_MSG, MSG, employeeName, isAdminRoles, type Employee } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { PageHeader, withName } from '../../../components/page-header';
import { ErrorBanner } from '../../../components/error-banner';
import { cannotDelete, confirmDelete } from '../../../components/confirm-delete';
import {
  anotherActiveAdmin,
  fetchEmployeeDependants,
  useDeleteEmployee,
  useEmployee,
  useUpdateEmployee,
} from '../api/users';
import { useDeletion } from '../../../lib/use-deletion';
import { EmployeeForm } from '../components/employee-form';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { sessionQueryKey, useSession } from '../../auth/api/session';
import type { EmployeePayload } from '../api/users';
import { useNavigateAfterSave } from '../../../lib/unsaved-changes';

export function UserEditPage() {
  const navigate = useNavigate();
  const leaveSaved = useNavigateAfterSave();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const validId = Number.isInteger(id) && id > 0;
  const remove = useDeleteEmployee();
  const deletion = useDeletion(remove);
  const employee = useEmployee(id, { deleting: deletion.deleting });
  const session = useSession();
  // The version the form was opened on: the query's copy may be asked again while it is open.
  const [opened, setOpened] = useState<Employee>();
  if (employee.data && opened?.id !== employee.data.id) setOpened(employee.data);
  const save = useUpdateEmployee(opened);
  const client = useQueryClient();
  const failure = save.error ?? remove.error;
  const own = session.data?.id === employee.data?.id;

  const run = (payload: EmployeePayload, demotesSelf: boolean) =>
    save.mutate(payload, {
      onSuccess: ({ merged, clashes }) => {
        notifications.show(
          merged
            ? {
                color: 'yellow',
                message: clashes.length
                  ? EMPLOYEE_MSG.employeeMergedClashes(clashes)
                  : EMPLOYEE_MSG.employeeMerged,
                autoClose: 15_000,
              }
            : { color: 'green', message: MSG.employeeSaved },
        );
        // No longer an administrator: the list of employees is not his to see; the menus follow.
        if (demotesSelf) void client.invalidateQueries({ queryKey: sessionQueryKey });
        leaveSaved(demotesSelf ? paths.home : paths.userList);
      },
    });

  /**
   * An administrator taking his own role away is asked first: he cannot give it back himself. The
   * last active one is told at once that he cannot (the server refuses it, 409 LAST_ADMIN).
   */
  const submit = async (payload: EmployeePayload) => {
    const demotesSelf =
      own && Boolean(employee.data && isAdminRoles(employee.data.roles)) && !isAdminRoles(payload.roles);
    if (!demotesSelf) return run(payload, false);
    if ((await anotherActiveAdmin(id)) === false)
      return cannotDelete(MSG.cannotDemoteLastAdmin, EMPLOYEE_MSG.demoteSelfImpossibleTitle);
    modals.openConfirmModal({
      title: EMPLOYEE_MSG.demoteSelfTitle,
      children: <Text size="sm">{EMPLOYEE_MSG.demoteSelfQuestion}</Text>,
      labels: { confirm: EMPLOYEE_MSG.demoteSelfConfirm, cancel: 'Anuluj' },
      confirmProps: { color: 'red' },
      onConfirm: () => run(payload, true),
    });
  };
  const askDelete = async (shown: Employee) => {
    // What keeps him, said before anything is asked (unknown: asked plainly, the server still refuses).
    const dependants = await fetchEmployeeDependants(id).catch(() => null);
    const keptBy = dependants ? DELETION_TEXT.employeeKeptBy(dependants) : '';
    if (keptBy) return cannotDelete(keptBy);
    confirmDelete({
      what: `pracownika ${employeeName(shown)} (${shown.email})`,
      onConfirm: () =>
        deletion.run(id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: MSG.employeeDeleted });
            leaveSaved(paths.userList);
          },
        }),
    });
  };

  return (
    <>
      <PageHeader
        title={withName(
          'Edycja pracownika',
          employee.data && `${employee.data.firstName} ${employee.data.lastName}`.trim(),
        )}
        backTo={paths.userList}
      />
      <ErrorBanner
        message={
          !validId
            ? MSG.employeeNotFound
            : employee.isError
              ? errorMessage(employee.error)
              : failure
                ? errorMessage(
                    failure,
                    // Spec §8: a failed update reads "Błąd zapisu do bazy danych."; the server's own
                    // refusals (4xx) keep their message, and no answer at all reads "Błąd połączenia
                    // z serwerem.", as on every form.
                    save.error ? { 500: MSG.employeeSaveFailed } : {},
                  )
                : null
        }
      />
      {validId && employee.isPending ? (
        <Center py="xl">
          <LoadingSpinner />
        </Center>
      ) : employee.data ? (
        <EmployeeForm
          key={employee.data.id}
          employee={opened ?? employee.data}
          own={own}
          saving={save.isPending}
          serverError={save.error}
          onInvalid={() => {
            save.reset();
            remove.reset();
          }}
          onCancel={() => navigate(paths.userList)}
          onSubmit={submit}
          extraActions={
            <Button
              color="red"
              variant="light"
              loading={remove.isPending}
              // His own account is not his to delete (the server refuses it too): said, not asked.
              disabled={own}
              title={own ? MSG.cannotDeleteSelf : undefined}
              onClick={() => void askDelete(employee.data)}
            >
              Usuń pracownika
            </Button>
          }
        />
      ) : null}
    </>
  );
}
