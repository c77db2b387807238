import { useEffect, useRef } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { DateField } from '../../../components/date-field';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod';
import {
  INCIDENT_DATE_FIRST_YEAR,
  INCIDENT_TEXT_MAX,
  MSG,
  incidentDateLastYear,
  validationMessage,
  type Incident,
} from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { ModalActions } from '../../../components/modal-actions';
import { ApiError } from '../../../lib/api-client';
import { orConnectionError } from '../../../lib/failure-text';
import { useMachineServiceOptions, useSaveIncident } from '../api/incidents';
import { joinDateTime, splitDateTime } from '../incident-query';
import { companyToday } from '../../../lib/company-time';
import { isIncompleteTime } from '../../../lib/incomplete-time';
import { useModalLeave } from '../../../lib/unsaved-changes';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';

const formSchema = z.object({
  date: z.string({ error: MSG.incidentDateRequired }).min(1, MSG.incidentDateRequired),
  time: z.string().regex(/^$|^([01]\d|2[0-3]):[0-5]\d$/, MSG.invalidDate),
  text: z.string().max(INCIDENT_TEXT_MAX, validationMessage.tooLong(INCIDENT_TEXT_MAX)),
  serviceId: z.string().nullable(),
});
type FormValues = { date: string | null; time: string; text: string; serviceId: string | null };

const EMPTY: FormValues = { date: null, time: '', text: '', serviceId: null };

/**
 * Spec §8: a refused save says "Brak uprawnień.", any other failure "Próba zakończona
 * niepowodzeniem.", followed by the reason when the server names one: the time the clocks skipped,
 * a date outside the years (nothing else in the form tells which of its values it could not take).
 */
const saveError = (error: unknown) => {
  if (error instanceof ApiError && error.status === 403) return MSG.forbiddenIncident;
  if (error instanceof ApiError && (error.code === 'TIME_SKIPPED' || error.status === 400))
    return `${MSG.incidentSaveFailed} ${error.message}`;
  return orConnectionError(MSG.incidentSaveFailed, error);
};

interface IncidentModalProps {
  deviceId: number;
  /** `'new'` creates (id 0), an incident edits it (id above 0), null keeps the modal closed. */
  incident: Incident | 'new' | null;
  onClose: () => void;
  /**
   * Shown, not edited: another employee's incident, which only its author and admins may change
   * (domain.md "Permissions"). The fields take no typing and there is nothing to save.
   */
  readOnly?: boolean;
}

export function IncidentModal({ deviceId, incident, onClose, readOnly = false }: IncidentModalProps) {
  const opened = incident !== null;
  const save = useSaveIncident(deviceId);
  const services = useMachineServiceOptions(deviceId, opened);
  const form = useForm<FormValues>({ initialValues: EMPTY, validate: zod4Resolver(formSchema) });
  const timeField = useRef<HTMLInputElement>(null);
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (incident === null) return;
    // A new incident is most often written the day it happens: its date starts as today (the
    // company's), as a new service event's does; the time is left to be typed.
    const values: FormValues =
      incident === 'new'
        ? { ...EMPTY, date: companyToday() }
        : {
            ...splitDateTime(incident.date),
            text: incident.text,
            serviceId: incident.serviceId ? String(incident.serviceId) : null,
          };
    setValues(values);
    resetDirty(values);
  }, [incident, setValues, resetDirty]);

  const close = () => {
    save.reset();
    form.clearErrors();
    onClose();
  };
  const leave = useModalLeave(opened && !readOnly && form.isDirty(), close);
  const editing = incident !== null && incident !== 'new';
  // Read-only fields rather than disabled ones: the text can still be selected and copied.
  const readOnlyProps = readOnly ? { readOnly: true, variant: 'filled' as const } : {};
  const title = !editing ? 'Nowe zdarzenie' : readOnly ? 'Zdarzenie (tylko do odczytu)' : 'Edycja zdarzenia';

  const submit = form.onSubmit((values) => {
    if (readOnly) return;
    save.mutate(
      {
        id: editing ? incident.id : 0,
        date: joinDateTime(values.date ?? '', values.time),
        text: values.text.trim(),
        serviceId: values.serviceId ? Number(values.serviceId) : null,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: MSG.saved });
          close();
        },
      },
    );
  }, focusFirstInvalid);

  return (
    <Modal opened={opened} onClose={leave} title={title} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          if (!readOnly && isIncompleteTime(timeField.current)) {
            event.preventDefault();
            form.setFieldError('time', MSG.timeIncomplete);
            timeField.current?.focus();
            return;
          }
          submit(event);
        }}
      >
        <Stack>
          <ErrorBanner message={save.isError ? saveError(save.error) : null} />
          {readOnly && (
            <Text size="sm" c="dimmed">
              {MSG.incidentReadOnly}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DateField
              label="Data"
              withAsterisk={!readOnly}
              clearable={!readOnly}
              {...readOnlyProps}
              valueFormat="YYYY-MM-DD"
              minDate={`${INCIDENT_DATE_FIRST_YEAR}-01-01`}
              maxDate={`${incidentDateLastYear()}-12-31`}
              {...form.getInputProps('date')}
            />
            <TimeInput label="Godzina" ref={timeField} {...readOnlyProps} {...form.getInputProps('time')} />
          </SimpleGrid>
          <Textarea
            label="Treść"
            autosize
            minRows={3}
            maxRows={12}
            maxLength={INCIDENT_TEXT_MAX}
            {...readOnlyProps}
            {...form.getInputProps('text')}
          />
          <Select
            label="Zdarzenie serwisowe"
            placeholder="Brak powiązania"
            data={services.data ?? []}
            clearable={!readOnly}
            searchable={!readOnly}
            {...readOnlyProps}
            nothingFoundMessage="Brak zdarzeń serwisowych tej maszyny"
            {...form.getInputProps('serviceId')}
          />
          {readOnly ? (
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Zamknij
              </Button>
            </Group>
          ) : (
            <ModalActions onCancel={leave} saving={save.isPending} />
          )}
        </Stack>
      </form>
    </Modal>
  );
}
