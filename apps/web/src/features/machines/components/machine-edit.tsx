import { Link, useNavigate, useSearchParams } from 'react-router';
import { Anchor, Button, Center, Grid, Group, Paper, Text } from '@mantine/core';
import { QrLabelsButton } from './qr-labels-button';
import { notifications } from '@mantine/notifications';
import { DELETION_TEXT, MACHINE_FORM_MSG, MSG, PLACES_MSG, type Device } from '@serwis/domain';
import { PageHeader, withName } from '../../../components/page-header';
import { ErrorBanner } from '../../../components/error-banner';
import { cannotDelete, confirmDelete } from '../../../components/confirm-delete';
import { ApiError } from '../../../lib/api-client';
import { orConnectionError } from '../../../lib/failure-text';
import { fetchMachineDependants, useDeleteMachine, useMachine, useSaveMachine } from '../api/machines';
import { FAMILIES, prevPath, type MachineFamily } from '../family';
import { MachineForm } from './machine-form';
import { MachineTabs } from './machine-tabs';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { useSession } from '../../auth/api/session';
import { useNavigateAfterSave } from '../../../lib/unsaved-changes';
import { useDeletion } from '../../../lib/use-deletion';
import { goneOrError } from './tabs/tab-errors';

/** Spec §8: the delete refusals, each in its own words. */
export function deleteErrorMessage(error: unknown) {
  if (error instanceof ApiError && error.status === 403) return MSG.forbidden;
  if (error instanceof ApiError && error.status === 409) return MSG.machineInUse;
  return orConnectionError(MSG.unknownError, error);
}

type Address = { streetAddress: string; zipCode: string; city: string };
const addressText = (a: Address) =>
  [a.streetAddress, a.zipCode, a.city].map((part) => part.trim()).join('\n');

/**
 * Whether a save moves a machine with a position on the map to another address: the position (and
 * the hotels near it) stays where it was unless the user sets it anew, so the user is told.
 */
const addressLeavesPosition = (device: Device, saved: Address) =>
  device.gpsLatitude !== null && device.gpsLongitude !== null && addressText(device) !== addressText(saved);

/** The machine card: the form on the left, the tabs on the right (stacked below 992 px). */
export function MachineEdit({ family }: { family: MachineFamily }) {
  const config = FAMILIES[family];
  const navigate = useNavigate();
  const leaveSaved = useNavigateAfterSave();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const back = prevPath(params.get('prev'), config);
  const remove = useDeleteMachine();
  const deletion = useDeletion(remove);
  const machine = useMachine(id, { deleting: deletion.deleting });
  // A card reached through the other family's link (e.g. a customer's machine list) still saves
  // through the machine's own family, whose update call accepts it.
  const ownFamily = machine.data?.type ?? family;
  const save = useSaveMachine(ownFamily);
  // Deleting a machine is the admins' (domain.md "Permissions"); an employee is not offered it.
  const isAdmin = Boolean(useSession().data?.isAdmin);

  const loadStatus = machine.error instanceof ApiError ? machine.error.status : undefined;
  // A card read after the session ended (401) is told by the session's dialog alone: "Nieznany
  // błąd." under it suggested something broke, and the card loads once the user logs in again.
  const banner = machine.isError
    ? loadStatus === 404
      ? MSG.machineNotFound
      : loadStatus === 401
        ? null
        : orConnectionError(MSG.unknownError, machine.error)
    : save.isError
      ? goneOrError(save.error)
      : remove.isError
        ? deleteErrorMessage(remove.error)
        : !Number.isInteger(id) || id <= 0
          ? MSG.machineNotFound
          : null;

  const device = machine.data;
  const askDelete = async () => {
    if (!device) return;
    // What keeps it and what goes with it, named before anything is asked (unknown: asked plainly).
    const dependants = await fetchMachineDependants(device.id).catch(() => null);
    const keptBy = dependants ? DELETION_TEXT.machineKeptBy(dependants) : '';
    if (keptBy) return cannotDelete(keptBy);
    confirmDelete({
      title: 'Usuń maszynę',
      what: `maszynę „${device.name}” (id ${device.id}${device.serialNumber ? `, S/N ${device.serialNumber}` : ''})`,
      also: dependants ? DELETION_TEXT.machineTakesWith(dependants) : undefined,
      onConfirm: () => {
        save.reset();
        deletion.run(device.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: MSG.machineDeleted });
            leaveSaved(back);
          },
        });
      },
    });
  };

  return (
    <>
      {/* Titled by what the machine is, also when reached through the other family's address. */}
      <PageHeader
        title={withName(device ? FAMILIES[ownFamily].editTitle : config.editTitle, device?.name)}
        backTo={back}
      />
      <ErrorBanner message={banner} />
      {banner === MSG.machineNotFound && (
        // Reached from an old QR label or a link with a wrong id: where to look instead.
        <Text size="sm">
          {MACHINE_FORM_MSG.machineNotFoundHint}{' '}
          <Anchor component={Link} to={config.listPath}>
            {config.listTitle}
          </Anchor>
        </Text>
      )}
      {machine.isPending && id > 0 ? (
        <Center py="xl">
          <LoadingSpinner />
        </Center>
      ) : device ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder p="md">
              <MachineForm
                key={device.id}
                family={ownFamily}
                device={device}
                saving={save.isPending}
                serverError={save.error}
                onCancel={() => navigate(back)}
                onSubmit={(payload) => {
                  remove.reset();
                  save.mutate(payload, {
                    onSuccess: (saved) => {
                      notifications.show({ color: 'green', message: MSG.saved });
                      if (addressLeavesPosition(device, saved)) {
                        notifications.show({
                          color: 'yellow',
                          message: PLACES_MSG.machinePositionKept,
                          autoClose: 15_000,
                        });
                      }
                      leaveSaved(back);
                    },
                  });
                }}
                extraActions={
                  <Group gap="xs">
                    <QrLabelsButton
                      family={ownFamily}
                      label="Naklejka QR"
                      variant="light"
                      selection={() => ({ ids: [device.id] })}
                      count={1}
                    />
                    {isAdmin && (
                      <Button
                        color="red"
                        variant="light"
                        loading={remove.isPending}
                        onClick={() => void askDelete()}
                      >
                        Usuń maszynę
                      </Button>
                    )}
                  </Group>
                }
              />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder p="md">
              <MachineTabs deviceId={device.id} />
            </Paper>
          </Grid.Col>
        </Grid>
      ) : null}
    </>
  );
}
