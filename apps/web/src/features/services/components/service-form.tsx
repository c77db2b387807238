import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { DateField } from '../../../components/date-field';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  INSPECTION_CYCLE_TEXT,
  INSPECTION_PERIOD_STEP,
  MSG,
  PAYMENT_TYPES,
  SERVICE_DATE_FIRST_YEAR,
  SERVICE_MAX,
  SERVICE_TYPES,
  isOpenServiceState,
  serviceDateLastYear,
  serviceDateWarning,
  serviceJsonSchema,
  SERVICE_MACHINES_TEXT,
  commonNextPeriod,
  movesNumberedYear,
  periodMisfits,
  renumberWarning,
  type Service,
} from '@serwis/domain';
import { QuietSelect } from '../../../components/quiet-select';
import { customerSelectData, useCustomerOptions } from '../../machines/api/lookups';
import { readProtocolNumberInput } from '../protocol-number-input';
import {
  choicesOf,
  heldNumber,
  isInspection,
  toFieldErrors,
  toFormValues,
  toServiceJson,
  type MachineChoice,
  type ServiceFormValues,
  type ServiceJsonBody,
} from '../service-form-values';
import { ServiceMachinesField } from './service-machines-field';
import { ProtocolNumberFields } from './protocol-number-fields';
import { useServerFieldError } from '../../../lib/use-server-field-error';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useUploadSizeCheck } from '../../../lib/upload-size-check';
import { useKeepFocusWhileSaving } from '../../../lib/keep-focus-while-saving';
import { useFieldWarnings, warningBelow } from '../../../lib/use-field-warnings';
import { useInspectionCycles } from '../../inspections/api/inspections';
import { companyToday } from '../../../lib/company-time';

export interface ServiceFormProps {
  /** The event to edit; a new one when absent. */
  service?: Service;
  /** Machines a new event starts with (the card's machine); an edited one starts with its own. */
  devices: readonly MachineChoice[];
  /** The machine's customer, preselected for a new event. */
  defaultCustomerId?: number | null;
  /** Signed or rejected events of others: shown, not changed (edit-lock). */
  readOnly?: boolean;
  /** Only admins write to-dos (domain.md); for others the field is shown but not sent. */
  canWriteTodo: boolean;
  saving: boolean;
  /** The last refusal of a save: a 400 about one field shows under that field. */
  serverError?: unknown;
  onSubmit: (json: ServiceJsonBody, file: File | null) => void;
  onCancel: () => void;
  /**
   * Given the form's own check of changes not saved, read as the modal is closed (it asks then): a
   * key pressed just before Esc counts.
   */
  dirtyCheckRef?: RefObject<() => boolean>;
  /** Shown above the buttons: how much of the scan has gone while it is sent. */
  beforeActions?: ReactNode;
}

/** An API path (`customer.id`, `type`) → the input that shows its message. */
const formFieldOf = (field: string) => Object.keys(toFieldErrors({ [field]: '' }))[0];

const paymentOptions = PAYMENT_TYPES.map((p) => ({ value: p.name, label: p.label }));

/**
 * What "Okres" says under it: a warning when the period is not the next inspection of some chosen
 * machine (it never refuses the save), or else its hint: the period the machines are due for while
 * it is empty (domain.md: an inspection without a period does not move the next one's date).
 */
function usePeriodNote(values: ServiceFormValues, serviceId: number | undefined, readOnly: boolean) {
  const inspection = isInspection(values.types);
  const before = values.date && /^\d{4}-\d{2}-\d{2}/.test(values.date) ? values.date.slice(0, 10) : undefined;
  const cycles = useInspectionCycles(
    values.devices,
    { exceptService: serviceId, before },
    inspection && !readOnly,
  );
  const empty = values.period === '' || values.period === null;
  if (readOnly) return { warning: null, hint: MSG.inspectionPeriodHint };
  // Only the machines chosen now: the former answer stays while a new machine's is on its way.
  const chosen = (cycles.data ?? []).filter((cycle) => values.devices.includes(String(cycle.id)));
  if (empty) {
    const next = commonNextPeriod(chosen);
    return {
      warning: null,
      hint: next ? INSPECTION_CYCLE_TEXT.suggested(next) : MSG.inspectionPeriodMissingHint,
    };
  }
  const misfits = periodMisfits(Number(values.period), chosen);
  return {
    warning: misfits.length ? INSPECTION_CYCLE_TEXT.misfits(misfits) : null,
    hint: MSG.inspectionPeriodHint,
  };
}

/** The service form of spec §2, for a new event (multipart with a protocol file) or an edit. */
export function ServiceForm(props: ServiceFormProps) {
  const { service, readOnly = false } = props;
  // The machine forms' list: one cache entry for both.
  const customers = useCustomerOptions();
  const context = { id: service?.id, withTodo: props.canWriteTodo };
  // Whose each machine named so far is: a new customer keeps only its own machines chosen.
  const [machineChoices] = useState(() => ({
    current: new Map<string, MachineChoice>(
      (service ? choicesOf(service) : props.devices).map((choice) => [String(choice.id), choice]),
    ),
  }));
  const tooLarge = useUploadSizeCheck();
  const saveButton = useRef<HTMLButtonElement>(null);
  useKeepFocusWhileSaving(props.saving, saveButton);
  const form = useForm<ServiceFormValues>({
    initialValues: toFormValues(service, { customerId: props.defaultCustomerId, devices: props.devices }),
    validate: (values) => {
      const errors = toFieldErrors(zod4Resolver(serviceJsonSchema)(toServiceJson(values, context)));
      const number = readProtocolNumberInput(values.numberText, heldNumber(service));
      if (values.isToSign && number.error) errors.numberText = number.error;
      // Refused before it is sent, as the other uploads do: not after 200 MB went up the wire.
      const refusal = !service && values.file ? tooLarge(values.file) : null;
      if (refusal) errors.file = refusal;
      // The server keeps a numbered event in its year (409): said under the date before sending.
      if (service && movesNumberedYear(service, values.date)) errors.date = MSG.serviceYearLocked;
      return errors;
    },
  });
  const { values } = form;
  useServerFieldError(form, props.serverError, formFieldOf);
  // Changes not saved: a reload and the app's links ask before they are lost.
  useUnsavedChanges(!readOnly && form.isDirty());
  const { dirtyCheckRef } = props;
  const { isDirty } = form;
  useEffect(() => {
    if (dirtyCheckRef) dirtyCheckRef.current = isDirty;
  }, [dirtyCheckRef, isDirty]);

  // Built once per list, not on each keystroke (5,000 customers); before the list loads (or when it
  // fails) the event's own customer still shows by name.
  const ownCustomer = service?.customer;
  const customerData = useMemo(
    () => customerSelectData(customers.data, ownCustomer),
    [customers.data, ownCustomer],
  );

  const customerInput = form.getInputProps('customerId');
  /** Machines a customer change took off, by their customer: chosen again, that customer brings them back. */
  const [setAside] = useState(() => new Map<string, string[]>());
  const [asideNote, setAsideNote] = useState<string | null>(null);
  const chooseCustomer = (customerId: string | null) => {
    const { devices, customerId: former } = form.getValues();
    const mine = (id: string) => String(machineChoices.current.get(id)?.customerId) === customerId;
    const takenOff = devices.filter((id) => !mine(id));
    if (former && former !== customerId && takenOff.length) setAside.set(former, takenOff);
    const back = (customerId && setAside.get(customerId)) || [];
    form.setFieldValue('customerId', customerId);
    form.setFieldValue('devices', [...new Set([...devices.filter(mine), ...back])]);
    const formerName =
      customers.data?.find((c) => String(c.id) === former)?.shortName ??
      (former === String(ownCustomer?.id) ? ownCustomer?.shortName : undefined);
    setAsideNote(takenOff.length && formerName ? SERVICE_MACHINES_TEXT.setAside(formerName) : null);
  };

  // A signed event's protocol names its customer and machines as they were (an admin's correction),
  // and prints its date, payment, types, description and period as they were.
  const signed = service?.state === 'PODPISANY' ? service : undefined;
  const signedPartiesChanged =
    signed !== undefined &&
    (values.customerId !== String(signed.customer.id) ||
      values.devices.join() !== signed.devices.map((d) => d.id).join());
  // The types as a set: ticked again in another order, they are the ones printed.
  const signedFieldsChanged =
    signed !== undefined &&
    ((['date', 'paymentType', 'faultDescription', 'period', 'numberText'] as const).some((field) =>
      form.isDirty(field),
    ) ||
      [...values.types].sort().join() !== [...signed.type].sort().join());

  const submit = form.onSubmit(
    (v) => props.onSubmit(toServiceJson(v, context), service ? null : v.file),
    focusFirstInvalid,
  );
  const signDisabled = Boolean(service && !isOpenServiceState(service.state));
  // A day ahead is told at once (picked, not typed); more for an inspection that moves the next one.
  const { date, types, period } = form.values;
  const movesNextInspection = isInspection(types) && period !== '' && period !== null;
  // A numbered event moved to another month takes another full number (told, saved as picked).
  const dateWarning =
    [
      serviceDateWarning(date, companyToday(), movesNextInspection),
      service ? renumberWarning(service, date) : null,
    ]
      .filter(Boolean)
      .join(' ') || null;
  const periodNote = usePeriodNote(values, service?.id, readOnly);
  const warned = useFieldWarnings<'period'>();

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <DateField
            label="Data"
            withAsterisk
            valueFormat="YYYY-MM-DD"
            minDate={`${SERVICE_DATE_FIRST_YEAR}-01-01`}
            maxDate={`${serviceDateLastYear()}-12-31`}
            clearable
            disabled={readOnly}
            data-autofocus
            {...form.getInputProps('date')}
            {...warningBelow(readOnly ? null : dateWarning)}
          />
          <Select
            label="Płatność"
            data={paymentOptions}
            allowDeselect={false}
            disabled={readOnly}
            {...form.getInputProps('paymentType')}
          />
          <ProtocolNumberFields
            form={form}
            service={service}
            signDisabled={signDisabled}
            readOnly={readOnly}
          />
        </SimpleGrid>
        <Checkbox.Group label="Typ serwisu" withAsterisk {...form.getInputProps('types')}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={4} mt={6}>
            {SERVICE_TYPES.map((t) => (
              <Checkbox
                key={t.name}
                value={t.name}
                label={t.label}
                disabled={readOnly}
                styles={{ body: { alignItems: 'center', minHeight: 40 } }}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {isInspection(values.types) && (
          <NumberInput
            label="Okres (miesiące)"
            min={0}
            step={INSPECTION_PERIOD_STEP}
            max={SERVICE_MAX.period}
            // "1,5" is refused under the field, not taken as 15 months.
            allowNegative={false}
            disabled={readOnly}
            {...warned('period', periodNote.warning, form.getInputProps('period'), periodNote.hint)}
          />
        )}
        <Textarea
          label="Opis usterki"
          autosize
          minRows={3}
          maxRows={10}
          maxLength={SERVICE_MAX.faultDescription}
          disabled={readOnly}
          {...form.getInputProps('faultDescription')}
        />
        <QuietSelect
          label="Kontrahent"
          withAsterisk
          placeholder="Wybierz..."
          data={customerData}
          searchable
          limit={100}
          nothingFoundMessage="Brak kontrahenta"
          disabled={readOnly}
          {...customerInput}
          onChange={chooseCustomer}
        />
        <ServiceMachinesField
          customerId={values.customerId ? Number(values.customerId) : null}
          choices={machineChoices}
          notice={asideNote ?? (signedPartiesChanged ? SERVICE_MACHINES_TEXT.signedChange : null)}
          disabled={readOnly}
          {...form.getInputProps('devices')}
          value={values.devices}
          onChange={(ids) => form.setFieldValue('devices', ids)}
        />
        <Textarea
          label="Zadanie do wykonania"
          description={props.canWriteTodo ? 'Opcjonalne' : 'Zadania dodaje i zmienia administrator'}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={SERVICE_MAX.todo}
          disabled={readOnly || !props.canWriteTodo}
          {...form.getInputProps('todo')}
        />
        {!service && (
          <FileInput
            label="Protokół serwisowy (plik)"
            placeholder="Wybierz plik…"
            clearable
            leftSection={<IconUpload size={16} aria-hidden />}
            {...form.getInputProps('file')}
          />
        )}
        {signedFieldsChanged && (
          <Alert color="yellow" variant="light">
            {SERVICE_MACHINES_TEXT.signedFieldsChange}
          </Alert>
        )}
        {props.beforeActions}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={props.onCancel}>
            {readOnly ? 'Zamknij' : 'Anuluj'}
          </Button>
          {!readOnly && (
            <Button ref={saveButton} type="submit" loading={props.saving}>
              Zapisz
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
