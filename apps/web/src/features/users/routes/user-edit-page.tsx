import { useNavigate, useSearchParams } from 'react-router';
import { Button, Center, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner } from '../../../components/error-banner';
import { confirmDelete } from '../../../components/confirm-delete';
import { useDeleteEmployee, useEmployee, useSaveEmployee } from '../api/users';
import { EmployeeForm } from '../components/employee-form';

export function UserEditPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const employee = useEmployee(id);
  const save = useSaveEmployee();
  const remove = useDeleteEmployee();
  const failure = save.error ?? remove.error;
  return (
    <>
      <PageHeader title="Edycja pracownika" backTo={paths.userList} />
      <ErrorBanner
        message={
          employee.isError
            ? errorMessage(employee.error)
            : failure
              ? errorMessage(failure, save.error ? { 500: MSG.employeeSaveFailed } : {})
              : null
        }
      />
      {employee.isPending ? (
        <Center py="xl">
          <Loader aria-label={MSG.loading} />
        </Center>
      ) : employee.data ? (
        <EmployeeForm
          key={employee.data.id}
          employee={employee.data}
          saving={save.isPending}
          onCancel={() => navigate(paths.userList)}
          onSubmit={(payload) =>
            save.mutate(
              { ...payload, id },
              {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: MSG.employeeSaved });
                  navigate(paths.userList);
                },
              },
            )
          }
          extraActions={
            <Button
              color="red"
              variant="light"
              loading={remove.isPending}
              onClick={() =>
                confirmDelete({
                  what: `pracownika ${employee.data.firstName} ${employee.data.lastName} (${employee.data.email})`,
                  onConfirm: () =>
                    remove.mutate(id, {
                      onSuccess: () => {
                        notifications.show({ color: 'green', message: MSG.employeeDeleted });
                        navigate(paths.userList);
                      },
                    }),
                })
              }
            >
              Usuń pracownika
            </Button>
          }
        />
      ) : null}
    </>
  );
}
