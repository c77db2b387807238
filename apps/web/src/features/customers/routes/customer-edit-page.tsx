import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Grid, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DELETION_TEXT, MSG } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { PageHeader, withName } from '../../../components/page-header';
import { ErrorBanner } from '../../../components/error-banner';
import { cannotDelete, confirmDelete } from '../../../components/confirm-delete';
import { useSession } from '../../auth/api/session';
import { useDeletion } from '../../../lib/use-deletion';
import { fetchCustomerDependants, useCustomer, useDeleteCustomer, useSaveCustomer } from '../api/customers';
import { CustomerForm, emptyCustomer, type CustomerFormValues } from '../components/customer-form';
import { CustomerMachinesTab } from '../components/customer-machines-tab';
import { useNavigateAfterSave } from '../../../lib/unsaved-changes';

const fieldNames = Object.keys(emptyCustomer).filter((key) => key !== 'inspectionNotices');

function pick(source: (key: string) => string | boolean | null | undefined): CustomerFormValues {
  const texts = Object.fromEntries(fieldNames.map((key) => [key, source(key) ?? '']));
  const notices = source('inspectionNotices');
  return { ...texts, inspectionNotices: notices === true || notices === 'true' } as CustomerFormValues;
}

export function CustomerEditPage() {
  const navigate = useNavigate();
  const leaveSaved = useNavigateAfterSave();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const validId = Number.isInteger(id) && id > 0;
  // The list hands the row over in the query, so the form shows at once; the server copy follows.
  const initial = useMemo(() => pick((key) => params.get(key)), [params]);
  const remove = useDeleteCustomer();
  const deletion = useDeletion(remove);
  const customer = useCustomer(id, { deleting: deletion.deleting });
  const refreshed = useMemo(
    () => (customer.data ? pick((key) => customer.data[key as keyof CustomerFormValues]) : undefined),
    [customer.data],
  );
  const save = useSaveCustomer();
  // Editing and deleting a customer are the admins' (domain.md "Permissions"): an employee reads it.
  const isAdmin = Boolean(useSession().data?.isAdmin);
  const shortName = customer.data?.shortName ?? initial.shortName;
  // A customer deleted meanwhile (or never there) shows its message, not a form to save or delete.
  const missing = customer.error instanceof ApiError && customer.error.status === 404;

  const failure = save.isError
    ? errorMessage(save.error, { 409: MSG.customerExists })
    : remove.isError
      ? errorMessage(remove.error)
      : customer.isError
        ? errorMessage(customer.error)
        : !validId
          ? MSG.customerNotFound
          : null;

  const askDelete = async () => {
    // What keeps it, named before anything is asked (unknown: asked plainly, the server still refuses).
    const dependants = await fetchCustomerDependants(id).catch(() => null);
    const keptBy = dependants ? DELETION_TEXT.customerKeptBy(dependants) : '';
    if (keptBy) return cannotDelete(keptBy);
    confirmDelete({
      what: `kontrahenta ${shortName}`,
      onConfirm: () => {
        save.reset();
        deletion.run(id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: MSG.customerDeleted });
            leaveSaved(paths.customerList);
          },
        });
      },
    });
  };

  return (
    <>
      {/* Named once loaded (the address's name is not trusted): several open tabs are told apart. */}
      <PageHeader
        title={withName(isAdmin ? 'Edycja kontrahenta' : 'Kontrahent', customer.data?.shortName)}
        backTo={paths.customerList}
      />
      <ErrorBanner message={failure} />
      {validId && !missing && (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <CustomerForm
              id={id}
              initial={initial}
              refreshed={refreshed}
              saving={save.isPending}
              serverError={save.error}
              readOnly={!isAdmin}
              onCancel={() => navigate(paths.customerList)}
              onSubmit={(values) => {
                remove.reset();
                save.mutate(
                  { ...values, id },
                  {
                    onSuccess: () => {
                      notifications.show({ color: 'green', message: MSG.customerSaved });
                      leaveSaved(paths.customerList);
                    },
                  },
                );
              }}
              extraActions={
                <Button
                  color="red"
                  variant="light"
                  loading={remove.isPending}
                  onClick={() => void askDelete()}
                >
                  Usuń kontrahenta
                </Button>
              }
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Tabs defaultValue="machines" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="machines">Maszyny</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="machines" pt="md">
                <CustomerMachinesTab customerId={id} />
              </Tabs.Panel>
            </Tabs>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
