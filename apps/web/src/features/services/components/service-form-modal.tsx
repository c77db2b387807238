import { useRef } from 'react';
import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG, SERVICE_ADDED_TEXT, type Service } from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAddService, useUpdateService } from '../api/services';
import { ServiceForm } from './service-form';
import type { MachineChoice, ServiceJsonBody } from '../service-form-values';
import { UploadProgressBar } from '../../../components/upload-progress-bar';
import { useUploadProgress } from '../../../lib/use-upload-progress';
import { usePhone } from '../../../lib/use-phone';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { useAbortable } from '../../../lib/use-abortable';
import { closeAfterAsking } from '../../../lib/unsaved-changes';

interface ServiceFormModalProps {
  /** 'new' adds an event; an event edits (or shows) it; null keeps the modal closed. */
  target: Service | 'new' | null;
  /** The machines a new event starts with (the card's machine). */
  devices: readonly MachineChoice[];
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
  const sending = useAbortable();
  /** The dialog's closings so far: a save knows whether its dialog is still the one open. */
  const closings = useRef(0);

  // The form's own check of changes not saved: Esc, ✕ and "Anuluj" ask before they are lost.
  const dirtyNow = useRef<() => boolean>(() => false);
  const close = () => {
    closings.current++;
    // "Anuluj" while a new event's scan is on its way stops it: a request cut before its last byte
    // stores nothing (it went on, and the event was saved behind the closed dialog).
    sending.abort();
    add.reset();
    update.reset();
    sent.clear();
    props.onClose();
  };
  const leave = () => closeAfterAsking(target !== null && !props.readOnly && dirtyNow.current(), close);
  // A new event is named: a dispatcher gives the caller its number, or its id until it is signed.
  const saved = (created?: Service) => {
    const message = !created
      ? MSG.saved
      : created.number > 0
        ? SERVICE_ADDED_TEXT.numbered(created.fullNumber)
        : SERVICE_ADDED_TEXT.unnumbered(created.id);
    notifications.show({ color: 'green', message });
    close();
  };

  /**
   * Settled through its promise, not mutate's callbacks: a dialog closed meanwhile resets the
   * mutation, which drops them, and "Zapisz" stayed locked until a reload. A save that ends after
   * its dialog was closed says nothing (another dialog may be open by then).
   */
  const submit = (json: ServiceJsonBody, file: File | null) => {
    const closing = closings.current;
    let saving: Promise<Service | undefined>;
    if (service) saving = update.mutateAsync({ ...json, id: service.id }).then(() => undefined);
    else {
      sent.clear();
      saving = add.mutateAsync({ json, file, signal: sending.start(), onProgress: sent.report });
    }
    return saving
      .then(
        (created) => closing === closings.current && saved(created),
        () => undefined,
      )
      .finally(() => sending.done());
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
            onSubmit={(json, file) => once((done) => void submit(json, file).finally(done))}
            beforeActions={add.isPending && <UploadProgressBar progress={sent.progress} />}
          />
        </>
      )}
    </Modal>
  );
}
