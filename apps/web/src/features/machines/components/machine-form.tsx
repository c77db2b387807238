import { useMemo, useState, type ReactNode } from 'react';
import { Button, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  DEVICE_MAX,
  HANDOVER_DATE_FIRST_YEAR,
  MACHINE_FORM_MSG,
  PROVINCES,
  WARRANTY_MAX_MONTHS,
  deviceFormSchema,
  handoverDateLastYear,
  postcodeWarning,
  type Device,
} from '@serwis/domain';
import { FormFooter } from '../../../components/form-footer';
import { QuietSelect } from '../../../components/quiet-select';
import { DateField } from '../../../components/date-field';
import { customerSelectData, useCategoryOptions, useCustomerOptions, withOwnOption } from '../api/lookups';
import { useMachineNames, useSerialHolders } from '../api/machines';
import type { MachineFamily } from '../family';
import {
  blankNegative,
  toFieldErrors,
  toFormValues,
  keptForNext,
  toPayload,
  type MachineFormValues,
} from '../machine-form-values';
import type { MachinePayload } from '../api/machines';
import { NameField } from './name-field';
import { StatusSelect } from './status-select';
import { CustomerContact } from './customer-contact';
import { useServerFieldError } from '../../../lib/use-server-field-error';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useFieldWarnings } from '../../../lib/use-field-warnings';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';

interface MachineFormProps {
  family: MachineFamily;
  device?: Device;
  saving: boolean;
  /** The last refusal of a save: a 400 about one field shows under that field. */
  serverError?: unknown;
  onSubmit: (payload: MachinePayload) => void;
  /** Shows "Zapisz i dodaj kolejną" (a new machine): the payload and what the next form starts with. */
  onSubmitAndNext?: (payload: MachinePayload, next: MachineFormValues) => void;
  /** A new machine's starting values (the last one's kept after "Zapisz i dodaj kolejną"). */
  startValues?: MachineFormValues;
  onCancel: () => void;
  extraActions?: ReactNode;
  /** Two columns on the add screen; the card's narrow left panel uses one. */
  wide?: boolean;
}

/** An API path (`customer.id`) → the input that shows its message. */
const formFieldOf = (field: string) => Object.keys(toFieldErrors({ [field]: '' }))[0];

const provinceOptions = PROVINCES.filter(Boolean);

export function MachineForm(props: MachineFormProps) {
  const { device } = props;
  const names = useMachineNames(props.family);
  const customers = useCustomerOptions();
  const categories = useCategoryOptions();
  const form = useForm<MachineFormValues>({
    initialValues: props.startValues ?? toFormValues(device),
    validate: (values) => toFieldErrors(zod4Resolver(deviceFormSchema)(toPayload(values))),
  });
  const values = form.getValues();
  useServerFieldError(form, props.serverError, formFieldOf);
  useUnsavedChanges(form.isDirty());
  const warned = useFieldWarnings<'zipCode' | 'serialNumber'>();
  // A nameplate's sheet typed in twice: the register's machines of that serial number are named.
  const serialHolders = useSerialHolders(values.serialNumber, device?.id);
  // Spec §5: a negative warranty is blanked. Typed, the change blanks it; pasted whole ("-5"), the
  // field kept showing it (the value it is given stays ''), so leaving the field draws it anew.
  const [warrantyDraw, setWarrantyDraw] = useState(0);
  const warrantyInput = form.getInputProps('warrantyLength');
  const cols = props.wide ? { base: 1, sm: 2 } : { base: 1, lg: 2 };

  // Built once per list, not on each keystroke: 5,000 customers rebuilt (and parsed anew by the
  // Select) on every render made typing in any field lag on a tablet. Before the lists load, the
  // machine's own category and customer still show by name.
  const ownCategory = device?.category;
  const categoryData = useMemo(
    () =>
      withOwnOption(
        (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
        ownCategory && { value: String(ownCategory.id), label: ownCategory.name },
      ),
    [categories.data, ownCategory],
  );
  const chosenCustomer = useMemo(
    () => customers.data?.find((c) => String(c.id) === values.customerId),
    [customers.data, values.customerId],
  );
  const ownCustomer = device?.customer;
  const customerData = useMemo(
    () => customerSelectData(customers.data, ownCustomer),
    [customers.data, ownCustomer],
  );

  const submit = form.onSubmit((v) => props.onSubmit({ ...toPayload(v), id: device?.id }), focusFirstInvalid);
  const { onSubmitAndNext } = props;
  const submitAndNext =
    onSubmitAndNext &&
    form.onSubmit(
      (v) => onSubmitAndNext({ ...toPayload(v), id: device?.id }, keptForNext(v)),
      focusFirstInvalid,
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={cols} spacing="sm" verticalSpacing="sm">
          <StatusSelect
            value={values.status}
            onChange={(s) => form.setFieldValue('status', s)}
            error={form.errors.status}
          />
          <NameField
            value={values.name}
            names={names.data ?? []}
            error={form.errors.name}
            autoFocus={props.startValues !== undefined}
            onChange={(n) => form.setFieldValue('name', n)}
          />
          <QuietSelect
            label="Kategoria"
            required
            placeholder="Wybierz..."
            data={categoryData}
            searchable
            clearable
            nothingFoundMessage="Brak kategorii"
            {...form.getInputProps('categoryId')}
          />
          <QuietSelect
            label="Kontrahent"
            required
            placeholder="Wybierz..."
            data={customerData}
            searchable
            clearable
            limit={100}
            nothingFoundMessage="Brak kontrahenta"
            description={chosenCustomer && <CustomerContact customer={chosenCustomer} />}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('customerId')}
          />
          <TextInput
            label="Numer seryjny"
            maxLength={DEVICE_MAX.serialNumber}
            {...warned(
              'serialNumber',
              serialHolders && MACHINE_FORM_MSG.serialHeldBy(serialHolders),
              form.getInputProps('serialNumber'),
            )}
          />
          <TextInput
            label="Moc źródła"
            maxLength={DEVICE_MAX.sourcePower}
            {...form.getInputProps('sourcePower')}
          />
          <DateField
            label="Data przekazania"
            clearable
            valueFormat="YYYY-MM-DD"
            minDate={`${HANDOVER_DATE_FIRST_YEAR}-01-01`}
            maxDate={`${handoverDateLastYear()}-12-31`}
            {...form.getInputProps('transferDate')}
          />
          <NumberInput
            key={warrantyDraw}
            label="Długość gwarancji (miesiące)"
            // "24.5" is said to be no whole number, not taken as 245 months.
            max={WARRANTY_MAX_MONTHS}
            {...warrantyInput}
            onChange={(v) => form.setFieldValue('warrantyLength', blankNegative(v))}
            onBlur={(event) => {
              if (event.currentTarget.value.trim().startsWith('-')) setWarrantyDraw((n) => n + 1);
              warrantyInput.onBlur?.(event);
            }}
          />
          <TextInput
            label="Rodzaj gwarancji"
            maxLength={DEVICE_MAX.warranty}
            {...form.getInputProps('warranty')}
          />
          <TextInput
            label="Ulica"
            maxLength={DEVICE_MAX.streetAddress}
            {...form.getInputProps('streetAddress')}
          />
          <TextInput
            label="Kod pocztowy"
            maxLength={DEVICE_MAX.zipCode}
            {...warned(
              'zipCode',
              postcodeWarning(values.zipCode, Boolean(values.province)),
              form.getInputProps('zipCode'),
            )}
          />
          <TextInput label="Miasto" maxLength={DEVICE_MAX.city} {...form.getInputProps('city')} />
          <Select
            label="Województwo"
            placeholder="Wybierz..."
            data={provinceOptions}
            searchable
            clearable
            {...form.getInputProps('province')}
          />
        </SimpleGrid>
        <FormFooter
          mt="xs"
          saving={props.saving}
          onCancel={props.onCancel}
          extraActions={props.extraActions}
          afterSubmit={
            submitAndNext && (
              <Button variant="light" disabled={props.saving} onClick={() => submitAndNext()}>
                Zapisz i dodaj kolejną
              </Button>
            )
          }
        />
      </Stack>
    </form>
  );
}
