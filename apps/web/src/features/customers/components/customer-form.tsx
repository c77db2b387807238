import { useEffect, useRef, type ReactNode } from 'react';
import { Checkbox, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { FormFooter } from '../../../components/form-footer';
import { useServerFieldError } from '../../../lib/use-server-field-error';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useFieldWarnings } from '../../../lib/use-field-warnings';
import {
  CUSTOMER_LIMITS,
  MSG,
  PROVINCES,
  REMINDER_MSG,
  customerInsertSchema,
  customerUpdateSchema,
  emailFieldHoldsNoAddress,
  identifierWarnings,
  type Customer,
  type CustomerInsert,
} from '@serwis/domain';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useNipHolders } from '../api/customers';

export type CustomerFormValues = Omit<Customer, 'id'>;

export const emptyCustomer: CustomerFormValues = {
  shortName: '',
  fullName: '',
  streetAddress: '',
  zipCode: '',
  city: '',
  province: '',
  nip: '',
  regon: '',
  phoneNumber: '',
  email: '',
  inspectionNotices: false,
};

const provinceOptions = PROVINCES.filter(Boolean).map((p) => ({ value: p, label: p }));

interface CustomerFormProps {
  /** Edit mode when given: the edit rule for the short name applies. */
  id?: number;
  initial?: CustomerFormValues;
  /** Fresh values from the server; applied while the user has not typed anything yet. */
  refreshed?: CustomerFormValues;
  saving: boolean;
  /** The last refusal of a save: a 400 about one field shows under that field. */
  serverError?: unknown;
  onSubmit: (values: CustomerInsert) => void;
  onCancel: () => void;
  extraActions?: ReactNode;
  /**
   * Shown, not edited: an employee may read a customer but not change it (domain.md
   * "Permissions"), so the fields take no typing and there is nothing to save.
   */
  readOnly?: boolean;
}

export function CustomerForm({
  id,
  initial = emptyCustomer,
  refreshed,
  saving,
  serverError,
  onSubmit,
  onCancel,
  extraActions,
  readOnly = false,
}: CustomerFormProps) {
  const editing = id !== undefined;
  const form = useForm<CustomerFormValues>({
    initialValues: initial,
    validate: (values) =>
      editing
        ? zod4Resolver(customerUpdateSchema)({ ...values, id })
        : zod4Resolver(customerInsertSchema)(values),
  });

  useServerFieldError(form, serverError);
  useUnsavedChanges(!readOnly && form.isDirty());

  const applied = useRef<CustomerFormValues | undefined>(undefined);
  useEffect(() => {
    if (!refreshed || refreshed === applied.current) return;
    applied.current = refreshed;
    if (form.isDirty()) return;
    form.setValues(refreshed);
    form.resetDirty(refreshed);
  }, [refreshed, form]);

  const submit = form.onSubmit((values) => {
    if (!readOnly) onSubmit(trimAll(values));
  }, focusFirstInvalid);

  const warned = useFieldWarnings<CustomerTextField>();
  const nipHolders = useNipHolders(readOnly ? '' : form.values.nip, id);
  const warnings = readOnly ? {} : customerWarnings(form.values, nipHolders);

  // Read-only fields rather than disabled ones: the text can still be selected and copied.
  const text = (
    field: CustomerTextField,
    label: string,
    extra: { required?: boolean; type?: string } = {},
  ) => (
    <TextInput
      label={label}
      maxLength={CUSTOMER_LIMITS[field]}
      type={extra.type}
      required={extra.required && !readOnly}
      readOnly={readOnly}
      variant={readOnly ? 'filled' : undefined}
      {...(field in warnings
        ? warned(field, warnings[field] ?? null, form.getInputProps(field))
        : form.getInputProps(field))}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={720}>
        {readOnly && (
          <Text size="sm" c="dimmed">
            {MSG.customerReadOnly}
          </Text>
        )}
        {text('shortName', 'Nazwa skrócona', { required: true })}
        {text('fullName', 'Nazwa pełna')}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('streetAddress', 'Ulica')}
          {text('zipCode', 'Kod pocztowy')}
          {text('city', 'Miejscowość')}
          <Select
            label="Województwo"
            placeholder={readOnly ? undefined : 'Wybierz...'}
            data={provinceOptions}
            clearable={!readOnly}
            searchable={!readOnly}
            readOnly={readOnly}
            variant={readOnly ? 'filled' : undefined}
            {...form.getInputProps('province')}
            value={form.values.province || null}
            onChange={(value) => form.setFieldValue('province', value ?? '')}
          />
          {text('nip', 'NIP')}
          {text('regon', 'REGON')}
          {text('phoneNumber', 'Telefon', { type: 'tel' })}
          {text('email', 'E-mail')}
        </SimpleGrid>
        <Checkbox
          label={REMINDER_MSG.customerNoticesLabel}
          description={REMINDER_MSG.customerNoticesHint}
          disabled={readOnly}
          {...form.getInputProps('inspectionNotices', { type: 'checkbox' })}
        />
        {!readOnly && <FormFooter saving={saving} onCancel={onCancel} extraActions={extraActions} />}
      </Stack>
    </form>
  );
}

type CustomerTextField = Exclude<keyof CustomerFormValues, 'inspectionNotices'>;

/** What a customer's fields may hold that is saved all the same, but is likely a slip. */
function customerWarnings(
  values: CustomerFormValues,
  nipHolders: ReturnType<typeof useNipHolders>,
): Partial<Record<CustomerTextField, string | null>> {
  const warnings = identifierWarnings(values, values.province !== '');
  return {
    ...warnings,
    nip: warnings.nip ?? (nipHolders ? MSG.nipHeldBy(nipHolders.named, nipHolders.more) : null),
    email: emailFieldHoldsNoAddress(values.email) ? MSG.emailNoAddressWarning : null,
  };
}

function trimAll(values: CustomerFormValues): CustomerFormValues {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
  ) as CustomerFormValues;
}
