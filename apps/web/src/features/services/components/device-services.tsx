import { useState } from 'react';
import { useLocation } from 'react-router';
import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import {
  DELETION_TEXT,
  MSG,
  PAGE_SIZES,
  protocolPdfFileName,
  type Service,
  type ServiceFile,
} from '@serwis/domain';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, tableStateProps, useClampPage, useListState } from '../../../components/data-table';
import { ErrorBanner } from '../../../components/error-banner';
import { storageFileUrl, useFilePreview } from '../../../components/file-preview';
import { errorMessage } from '../../../lib/api-client';
import { useNavigateAfterAsking } from '../../../lib/unsaved-changes';
import { paths } from '../../../config/paths';
import { useSession } from '../../auth/api/session';
import {
  useDeleteService,
  useDeleteServiceFile,
  useDeviceServices,
  useServiceStateAction,
  type ServiceStateAction,
} from '../api/services';
import { numberLabel, serviceName } from '../service-display';
import { fileSignsEvent, mayModifyService, serviceActions } from '../service-permissions';
import { AddServiceFileModal } from './add-service-file-modal';
import { deviceServiceColumns } from './device-service-columns';
import { ServiceFormModal } from './service-form-modal';
import type { ServiceRowAction } from './service-row-actions';

const STATE_ACTIONS: Record<
  ServiceStateAction,
  { question: string; label: string; done: string; note?: (service: Service) => string }
> = {
  sign: { question: 'Podpisać', label: 'Podpisz', done: MSG.serviceSigned },
  reject: {
    question: 'Odrzucić',
    label: 'Odrzuć',
    done: MSG.serviceRejected,
    // Final (domain.md): a rejected event is not signed (again), and its number stays used.
    note: (service) =>
      `Odrzucenia nie można cofnąć: zdarzenia nie będzie można ${service.state === 'PODPISANY' ? 'ponownie' : 'już'} podpisać` +
      (service.number > 0 ? ', a jego numer pozostanie zajęty.' : '.'),
  },
  printForScan: {
    question: 'Oznaczyć do wydruku i skanu',
    label: 'Drukuj do skanu',
    done: MSG.servicePrintedForScan,
  },
};

/** Spec §8: the service delete refusals, the 304 one in words the user can act on. */
export function deleteServiceMessage(error: unknown) {
  return errorMessage(error, { 304: MSG.serviceNotLast, 403: MSG.forbiddenBang });
}

/** The machine card's "Serwis" tab: the machine's events, their files and state changes. */
export function DeviceServices({
  deviceId,
  customerId,
  machine,
}: {
  deviceId: number;
  customerId?: number | null;
  /** The card's machine, named in a new event's "Maszyny" (by its id until it has loaded). */
  machine?: { name: string; serialNumber?: string | null };
}) {
  // "Protokół" leaves the machine card, whose form may hold changes.
  const navigate = useNavigateAfterAsking();
  const location = useLocation();
  const me = useSession().data ?? null;
  const remove = useDeleteService();
  const removeFile = useDeleteServiceFile();
  const changeState = useServiceStateAction();
  const { open: openFile, preview } = useFilePreview();
  const [editing, setEditing] = useState<Service | 'new' | null>(null);
  const [addingFileTo, setAddingFileTo] = useState<Service | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const list = useListState({
    page: 1,
    size: PAGE_SIZES.services.default,
    sorting: [{ id: 'fullNumber', desc: true }],
    search: '',
    filters: {},
  });
  const services = useDeviceServices(deviceId, {
    page: list.state.page,
    size: list.state.size,
    sort: list.sortParam,
  });
  useClampPage(list, services.data);

  const act = (service: Service, action: ServiceRowAction) => {
    setBanner(null);
    const name = serviceName(service);
    if (action === 'open') setEditing(service);
    else if (action === 'protocol')
      navigate(paths.serviceProtocol(service.id, location.pathname + location.search));
    else if (action === 'addFile') setAddingFileTo(service);
    else if (action === 'remove') {
      confirmDelete({
        what: name,
        also:
          [DELETION_TEXT.serviceDeletionWarning(service), DELETION_TEXT.serviceTakesWith(service)]
            .filter(Boolean)
            .join(' ') || undefined,
        onConfirm: () =>
          remove.mutate(service.id, {
            onSuccess: () => notifications.show({ color: 'green', message: MSG.serviceDeleted }),
            onError: (error) => setBanner(deleteServiceMessage(error)),
          }),
      });
    } else {
      const texts = STATE_ACTIONS[action];
      modals.openConfirmModal({
        title: texts.label,
        children: (
          <Stack gap="xs">
            <Text size="sm">{`${texts.question} ${name}?`}</Text>
            {texts.note && <Text size="sm">{texts.note(service)}</Text>}
          </Stack>
        ),
        labels: { confirm: texts.label, cancel: 'Anuluj' },
        onConfirm: () =>
          changeState.mutate(
            { id: service.id, action },
            {
              onSuccess: (updated) => {
                notifications.show({ color: 'green', message: texts.done });
                // "Drukuj do skanu" prints: the protocol PDF with empty signature boxes opens at once.
                if (action === 'printForScan') {
                  openFile({
                    filename: protocolPdfFileName(updated.fullNumber, service.id),
                    url: paths.protocolPdf(service.id),
                    generated: true,
                  });
                }
              },
              onError: (error) => setBanner(errorMessage(error, { 403: MSG.forbiddenBang })),
            },
          ),
      });
    }
  };

  const deleteFile = (service: Service, file: ServiceFile) => {
    setBanner(null);
    confirmDelete({
      what: `plik „${file.originalName}” (${serviceName(service)})`,
      onConfirm: () =>
        removeFile.mutate(file.id, {
          onSuccess: () => notifications.show({ color: 'green', message: MSG.fileDeleted }),
          onError: (error) => setBanner(errorMessage(error, { 403: MSG.forbidden })),
        }),
    });
  };

  const columns = deviceServiceColumns({
    allowed: (service) => serviceActions(me, service),
    onAction: act,
    onOpenFile: (file) => openFile({ filename: file.originalName, url: storageFileUrl(file.filename) }),
    onDeleteFile: deleteFile,
  });
  const readOnly = editing !== null && editing !== 'new' && !mayModifyService(me, editing);

  return (
    <>
      <Group justify="flex-end" mb="sm">
        <ActionIcon
          aria-label="Nowe zdarzenie serwisowe"
          title="Nowe zdarzenie serwisowe"
          radius="xl"
          variant="filled"
          size={44}
          onClick={() => setEditing('new')}
        >
          <IconPlus size={24} />
        </ActionIcon>
      </Group>
      <ErrorBanner message={banner} onClose={() => setBanner(null)} />
      <ErrorBanner message={services.isError ? errorMessage(services.error) : null} />
      <DataTable
        {...tableStateProps(list, PAGE_SIZES.services.sizes)}
        columns={columns}
        data={services.data?.items ?? []}
        total={services.data?.total ?? 0}
        loading={services.isPending || (services.isError && services.isFetching)}
        failed={services.isError}
        onRetry={() => void services.refetch()}
        onRowClick={(service) => setEditing(service)}
        rowLabel={(s) => `Zdarzenie serwisowe ${numberLabel(s)} z ${s.date.slice(0, 10)}`}
        getRowId={(s) => String(s.id)}
      />
      <ServiceFormModal
        target={editing}
        devices={[
          {
            id: deviceId,
            name: machine?.name ?? '',
            serialNumber: machine?.serialNumber,
            customerId: customerId ?? null,
          },
        ]}
        defaultCustomerId={customerId}
        readOnly={readOnly}
        isAdmin={Boolean(me?.isAdmin)}
        onClose={() => setEditing(null)}
      />
      <AddServiceFileModal
        service={addingFileTo}
        signs={addingFileTo !== null && fileSignsEvent(me, addingFileTo)}
        onClose={() => setAddingFileTo(null)}
      />
      {preview}
    </>
  );
}
