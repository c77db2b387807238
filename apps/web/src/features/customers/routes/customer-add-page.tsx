import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { MSG } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner } from '../../../components/error-banner';
import { useSaveCustomer } from '../api/customers';
import { CustomerForm } from '../components/customer-form';
import { useNavigateAfterSave } from '../../../lib/unsaved-changes';

export function CustomerAddPage() {
  const navigate = useNavigate();
  const leaveSaved = useNavigateAfterSave();
  const save = useSaveCustomer();
  return (
    <>
      <PageHeader title="Dodawanie kontrahenta" backTo={paths.customerList} />
      <ErrorBanner message={save.isError ? errorMessage(save.error, { 409: MSG.customerExists }) : null} />
      <CustomerForm
        saving={save.isPending}
        serverError={save.error}
        onCancel={() => navigate(paths.customerList)}
        onSubmit={(values) =>
          save.mutate(values, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: MSG.customerAdded });
              leaveSaved(paths.customerList);
            },
          })
        }
      />
    </>
  );
}
