import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { MSG } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner } from '../../../components/error-banner';
import { useAddCategory } from '../api/categories';
import { CategoryNameForm } from '../components/category-name-form';
import { useNavigateAfterSave } from '../../../lib/unsaved-changes';

export function CategoryAddPage() {
  const navigate = useNavigate();
  const leaveSaved = useNavigateAfterSave();
  const add = useAddCategory();
  return (
    <>
      <PageHeader title="Dodawanie kategorii" backTo={paths.categoryList} />
      <ErrorBanner message={add.isError ? errorMessage(add.error, { 409: MSG.categoryExists }) : null} />
      <CategoryNameForm
        submitLabel="Dodaj"
        saving={add.isPending}
        onCancel={() => navigate(paths.categoryList)}
        onSubmit={(name) =>
          add.mutate(name, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: MSG.categoryAdded });
              leaveSaved(paths.categoryList);
            },
          })
        }
      />
    </>
  );
}
