import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { MSG } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner } from '../../../components/error-banner';
import { useAddEmployee } from '../api/users';
import { EmployeeForm } from '../components/employee-form';
import { useNavigateAfterSave } from '../../../lib/unsaved-changes';

export function UserAddPage() {
  const navigate = useNavigate();
  const leaveSaved = useNavigateAfterSave();
  const save = useAddEmployee();
  return (
    <>
      <PageHeader title="Dodawanie pracownika" backTo={paths.userList} />
      <ErrorBanner
        message={save.isError ? errorMessage(save.error, { 409: MSG.employeeEmailExists }) : null}
      />
      <EmployeeForm
        saving={save.isPending}
        serverError={save.error}
        onInvalid={save.reset}
        onCancel={() => navigate(paths.userList)}
        onSubmit={(payload) =>
          save.mutate(payload, {
            onSuccess: () => {
              notifications.show({
                color: 'green',
                message: payload.password ? MSG.employeeAddedWithPassword : MSG.employeeAdded,
              });
              leaveSaved(paths.userList);
            },
          })
        }
      />
    </>
  );
}
