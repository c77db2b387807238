import { notifications } from '@mantine/notifications';
import { useState, type ReactNode, type SetStateAction } from 'react';
import { Marker } from 'react-leaflet';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { MAP_VIEW, MSG, branchLink, type Branch, PLACES_MSG } from '@serwis/domain';
import { ApiError } from '../../../lib/api-client';
import { orConnectionError } from '../../../lib/failure-text';
import { closeAfterAsking, useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useBranches, useDeleteBranch, useSaveBranch } from '../api/places';
import { AddressSearch } from './address-search';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { BaseMap, dotIcon } from './base-map';
import { EMPTY_PLACE, PlaceFields, validatePlace, type PlaceFormValues } from './place-fields';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';

const BRANCH_PIN = dotIcon('#e8590c', '#ffffff', 26);
const CHOSEN_PIN = dotIcon('#c92a2a', '#ffffff', 30);

/**
 * Spec §8: a refusal reads "Brak uprawnień do tej operacji.", anything else "Nieznany błąd."; no
 * answer at all "Błąd połączenia z serwerem.", as on every form.
 */
const branchError = (error: unknown) =>
  error instanceof ApiError && error.status === 403
    ? MSG.forbidden
    : orConnectionError(MSG.unknownError, error);

/** Spec §4: the side panel is idle (the count), a branch's details, or the add/edit form. */
type Panel = { mode: 'idle' } | { mode: 'details'; id: number } | { mode: 'form'; branch: Branch | null };

function Details({ branch, onEdit, onDelete }: { branch: Branch; onEdit: () => void; onDelete: () => void }) {
  const rows: [string, ReactNode][] = [
    ['Nazwa', branch.name],
    ['Ulica', branch.street],
    ['Kod pocztowy', branch.zipCode],
    ['Miasto', branch.city],
    ['Województwo', branch.province],
    ['Telefon', branch.phone],
    ['E-mail', branch.email],
    [
      'Strona www',
      branchLink(branch.www) ? (
        <Anchor href={branchLink(branch.www)} target="_blank" rel="noreferrer">
          {branch.www}
        </Anchor>
      ) : (
        branch.www
      ),
    ],
    ['Opis', branch.description],
    [
      'Położenie',
      branch.latitude !== null && branch.longitude !== null
        ? `${branch.latitude}, ${branch.longitude}`
        : PLACES_MSG.branchNoPosition,
    ],
  ];
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={4}>{branch.name}</Title>
        <Group gap={4}>
          <ActionIcon aria-label="Edytuj oddział" onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon color="red" aria-label="Usuń oddział" onClick={onDelete}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>
      <Table variant="vertical" aria-label="Dane oddziału">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={120}>{label}</Table.Th>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Oddziały (admin): the branches on a map with a side panel. */
export function BranchesTab() {
  const branches = useBranches();
  const save = useSaveBranch();
  const remove = useDeleteBranch();
  const [panel, setPanel] = useState<Panel>({ mode: 'idle' });
  const [focus, setFocus] = useState<{ center: [number, number]; zoom?: number } | null>(null);
  const form = useForm<PlaceFormValues>({ initialValues: EMPTY_PLACE, validate: validatePlace });
  const list = branches.data ?? [];
  const selected = panel.mode === 'details' ? list.find((b) => b.id === panel.id) : undefined;

  // The panel's form with changes asks before anything else takes its place (another branch, a
  // pin, "Anuluj", "Odśwież"), and before the tab or the screen is left.
  const dirtyForm = panel.mode === 'form' && form.isDirty();
  useUnsavedChanges(dirtyForm);
  const showPanel = (next: SetStateAction<Panel>) => closeAfterAsking(dirtyForm, () => setPanel(next));
  const openForm = (branch: Branch | null) =>
    closeAfterAsking(dirtyForm, () => {
      save.reset();
      form.clearErrors();
      const values = branch
        ? { ...EMPTY_PLACE, ...branch, latitude: branch.latitude ?? 0, longitude: branch.longitude ?? 0 }
        : EMPTY_PLACE;
      form.setValues(values);
      form.resetDirty(values);
      setPanel({ mode: 'form', branch });
    });
  const confirmDelete = (branch: Branch) =>
    modals.openConfirmModal({
      title: 'Usuwanie oddziału',
      // Spec's question, word for word, then the branch it is about (ui.md: name what goes).
      children: (
        <>
          <Text size="sm">{PLACES_MSG.branchDeleteConfirm}</Text>
          <Text size="sm" fw={600} mt="xs">
            {branch.name}
          </Text>
        </>
      ),
      labels: { confirm: 'Usuń', cancel: 'Anuluj' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(branch.id, {
          onSuccess: () => {
            setPanel({ mode: 'idle' });
            notifications.show({ color: 'green', message: PLACES_MSG.branchDeleted });
          },
        }),
    });
  const inForm = panel.mode === 'form';
  const placed = form.values.latitude !== 0 || form.values.longitude !== 0;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Oddziały</Title>
        <Group gap="xs">
          <Tooltip label="Odśwież">
            <ActionIcon
              variant="default"
              size={40}
              aria-label="Odśwież"
              onClick={() => {
                showPanel((p) => (p.mode === 'form' ? { mode: 'idle' } : p));
                void branches.refetch();
              }}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Dodaj oddział">
            <ActionIcon size={40} aria-label="Dodaj oddział" onClick={() => openForm(null)}>
              <IconPlus size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {(branches.isError || remove.isError) && (
        <Alert color="red" role="alert">
          {branchError(branches.error ?? remove.error)}
        </Alert>
      )}
      <AddressSearch
        onPick={(r) => {
          setFocus({ center: [r.latitude, r.longitude], zoom: 13 });
          if (inForm) form.setValues({ latitude: r.latitude, longitude: r.longitude });
        }}
      />
      <Group align="flex-start" wrap="wrap">
        <div style={{ flex: '2 1 420px' }}>
          <BaseMap
            label="Mapa oddziałów"
            center={MAP_VIEW.places.center}
            zoom={MAP_VIEW.places.zoom}
            height={520}
            focus={focus}
            onPick={
              inForm ? (p) => form.setValues({ latitude: p.latitude, longitude: p.longitude }) : undefined
            }
          >
            {list
              .filter((b) => b.latitude !== null && b.longitude !== null)
              .map((b) => (
                <Marker
                  key={b.id}
                  position={[b.latitude!, b.longitude!]}
                  icon={BRANCH_PIN}
                  title={b.name}
                  alt={b.name}
                  eventHandlers={{
                    click: () => showPanel({ mode: 'details', id: b.id }),
                    // The marker takes the focus (Tab) as a button does, and opens as one: Enter or Space.
                    keypress: (event) => {
                      if (event.originalEvent.key !== 'Enter' && event.originalEvent.key !== ' ') return;
                      event.originalEvent.preventDefault();
                      showPanel({ mode: 'details', id: b.id });
                    },
                  }}
                />
              ))}
            {inForm && placed && (
              <Marker position={[form.values.latitude, form.values.longitude]} icon={CHOSEN_PIN} />
            )}
          </BaseMap>
        </div>
        <Paper withBorder p="md" style={{ flex: '1 1 320px' }} aria-label="Panel oddziału" role="region">
          {panel.mode === 'idle' &&
            (branches.isPending ? <LoadingSpinner /> : <Text>Liczba oddziałów: {list.length}</Text>)}
          {panel.mode === 'details' && selected && (
            <Details
              branch={selected}
              onEdit={() => openForm(selected)}
              onDelete={() => confirmDelete(selected)}
            />
          )}
          {panel.mode === 'form' && (
            <form
              noValidate
              onSubmit={form.onSubmit(
                ({ ...values }) =>
                  save.mutate(
                    { ...values, id: panel.branch?.id ?? 0 },
                    { onSuccess: (saved) => setPanel({ mode: 'details', id: saved.id }) },
                  ),
                focusFirstInvalid,
              )}
            >
              <Stack gap="xs">
                <Title order={4}>{panel.branch ? 'Edytuj dane oddziału' : 'Wprowadź dane oddziału'}</Title>
                {save.isError && (
                  <Alert color="red" role="alert">
                    {branchError(save.error)}
                  </Alert>
                )}
                <PlaceFields form={form} />
                <Text size="sm" c={form.errors.latitude ? 'red' : 'dimmed'}>
                  {form.errors.latitude ??
                    (placed
                      ? `Położenie: ${form.values.latitude}, ${form.values.longitude}`
                      : PLACES_MSG.chooseLocationPrompt)}
                </Text>
                <Group justify="flex-end">
                  <Button
                    variant="default"
                    onClick={() =>
                      showPanel(panel.branch ? { mode: 'details', id: panel.branch.id } : { mode: 'idle' })
                    }
                  >
                    Anuluj
                  </Button>
                  <Button type="submit" loading={save.isPending}>
                    Zapisz
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Paper>
      </Group>
    </Stack>
  );
}
