import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DELETION_TEXT, MSG } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDeletion } from '../../../lib/use-deletion';
import { useTabInUrl } from '../../../lib/use-tab-in-url';
import { PageHeader, withName } from '../../../components/page-header';
import { ErrorBanner } from '../../../components/error-banner';
import { cannotDelete, confirmDelete } from '../../../components/confirm-delete';
import { useCurrentUser } from '../../auth/api/session';
import { fetchCategory, useCategory, useDeleteCategory, useRenameCategory } from '../api/categories';
import { CategoryNameForm } from '../components/category-name-form';
import { CategoryMachinesTab } from '../components/category-machines-tab';
import { OperationsEditor } from '../components/operations-editor';
import { useNavigateAfterSave } from '../../../lib/unsaved-changes';

export function CategoryEditPage() {
  const navigate = useNavigate();
  const leaveSaved = useNavigateAfterSave();
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const validId = Number.isInteger(id) && id > 0;
  const rename = useRenameCategory();
  const remove = useDeleteCategory();
  const deletion = useDeletion(remove);
  const [tab, selectTab] = useTabInUrl(['machines', 'operations'], 'machines');
  const [saves, setSaves] = useState(0);
  const category = useCategory(id, { deleting: deletion.deleting });
  // A category deleted meanwhile (or never there) shows its message, not a form to save or delete.
  const missing = category.error instanceof ApiError && category.error.status === 404;
  // The list hands the name over in the query; the server copy replaces it once loaded.
  const name = category.data?.name ?? params.get('name') ?? '';

  const failure = rename.isError
    ? errorMessage(rename.error, { 409: MSG.categoryExists })
    : remove.isError
      ? errorMessage(remove.error)
      : category.isError
        ? errorMessage(category.error)
        : !validId
          ? MSG.categoryNotFound
          : null;

  const askDelete = async () => {
    // Its machines keep it, said before anything is asked (unknown: asked plainly, the server still refuses).
    const fresh = await fetchCategory(id).catch(() => null);
    const keptBy = fresh ? DELETION_TEXT.categoryKeptBy(fresh.count) : '';
    if (keptBy) return cannotDelete(keptBy);
    confirmDelete({
      what: `kategorię ${name}`,
      onConfirm: () => {
        rename.reset();
        deletion.run(id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: MSG.categoryDeleted });
            leaveSaved(paths.categoryList);
          },
        });
      },
    });
  };

  return (
    <>
      <PageHeader title={withName('Edycja kategorii', category.data?.name)} backTo={paths.categoryList} />
      <ErrorBanner message={failure} />
      {validId && !missing && (
        <>
          <CategoryNameForm
            // Drawn anew after each save, so a saved name (trimmed, perhaps unchanged) is no change;
            // a name arriving otherwise (loaded, or another's rename) replaces only an untouched one.
            key={saves}
            name={name}
            submitLabel="Zapisz"
            saving={rename.isPending}
            onCancel={() => navigate(paths.categoryList)}
            onSubmit={(newName) => {
              remove.reset();
              rename.mutate(
                { id, name: newName },
                {
                  onSuccess: (saved) => {
                    setSaves((n) => n + 1);
                    notifications.show({ color: 'green', message: MSG.categorySaved });
                    // The open tab stays open (a rename from "Czynności serwisowe" went to "Maszyny").
                    navigate(`${paths.categoryEdit(saved)}&activeTab=${tab}`, { replace: true });
                  },
                },
              );
            }}
            extraActions={
              // Renaming is every employee's, deleting the admins' (domain.md "Permissions").
              user.isAdmin && (
                <Button color="red" variant="light" loading={remove.isPending} onClick={askDelete}>
                  Usuń kategorię
                </Button>
              )
            }
          />
          <Tabs value={tab} onChange={selectTab} keepMounted={false} mt="xl">
            <Tabs.List>
              <Tabs.Tab value="machines">Maszyny</Tabs.Tab>
              <Tabs.Tab value="operations">Czynności serwisowe</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="machines" pt="md">
              <CategoryMachinesTab categoryId={id} />
            </Tabs.Panel>
            <Tabs.Panel value="operations" pt="md">
              <OperationsEditor categoryId={id} canEdit={user.isAdmin} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </>
  );
}
