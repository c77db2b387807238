import { useRef } from 'react';
import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG, type Service } from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAddService, useUpdateService } from '../api/services';
import { ServiceForm } from './service-form';
import { UploadProgressBar } from '../../../components/upload-progress-bar';
import { useUploadProgress } from '../../../lib/use-upload-progress';
import { usePhone } from '../../../lib/use-phone';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { closeAfterAsking } from '../../../lib/unsaved-changes';

interface ServiceFormModalProps {
  /** 'new' adds an event; an event edits (or shows) it; null keeps the modal closed. */
  target: Service | 'new' | null;
  devices: number[];
  defaultCustomerId?: number | null;
  readOnly: boolean;
  isAdmin: boolean;
  onClose: () => void;
}

/** Spec §8: the add refusals in their own words; an update's 409 may also be the year lock. */
export function saveErrorMessage(error: unknown, adding: boolean) {
  if (error instanceof ApiError && error.status === 409 && (adding || error.code === 'NUMBER_EXISTS')) {
    return MSG.serviceNumberExists;
  }
  return errorMessage(error, { 403: MSG.forbiddenBang });
}

export function ServiceFormModal(props: ServiceFormModalProps) {
  const add = useAddService();
  const update = useUpdateService();
  const phone = usePhone();
  const { target } = props;
  const service = target !== null && target !== 'new' ? target : undefined;
  const mutation = service ? update : add;
  // Two presses of "Zapisz" 0–47 ms apart made two numbered events (the ui.md audit).
  const once = useOneAtATime();
  const sent = useUploadProgress();

  // The form's own check of changes not saved: Esc, ✕ and "Anuluj" ask before they are lost.
  const dirtyNow = useRef<() => boolean>(() => false);
  const close = () => {
    add.reset();
    update.reset();
    sent.clear();
    props.onClose();
  };
  const leave = () => closeAfterAsking(target !== null && !props.readOnly && dirtyNow.current(), close);
  const saved = () => {
    notifications.show({ color: 'green', message: MSG.saved });
    close();
  };

  const title = !service
    ? 'Nowe zdarzenie serwisowe'
    : props.readOnly
      ? `Zdarzenie serwisowe ${service.fullNumber} (tylko do odczytu)`
      : `Edycja zdarzenia serwisowego ${service.fullNumber}`;

  return (
    <Modal opened={target !== null} onClose={leave} title={title} size="xl" fullScreen={phone}>
      {target !== null && (
        <>
          <ErrorBanner message={mutation.isError ? saveErrorMessage(mutation.error, !service) : null} />
          <ServiceForm
            key={service ? `edit-${service.id}` : 'new'}
            service={service}
            devices={props.devices}
            defaultCustomerId={props.defaultCustomerId}
            readOnly={props.readOnly}
            canWriteTodo={props.isAdmin}
            saving={mutation.isPending}
            serverError={mutation.error}
            onCancel={leave}
            dirtyCheckRef={dirtyNow}
            onSubmit={(json, file) =>
              once((done) => {
                if (service) {
                  update.mutate({ ...json, id: service.id }, { onSuccess: saved, onSettled: done });
                  return;
                }
                sent.clear();
                add.mutate({ json, file, onProgress: sent.report }, { onSuccess: saved, onSettled: done });
              })
            }
          />
          {add.isPending && <UploadProgressBar progress={sent.progress} />}
        </>
      )}
    </Modal>
  );
}
