import { Checkbox, Group, NumberInput, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  MAX,
  MSG,
  employeeInsertSchema,
  employeeUpdateSchema,
  isAdminRoles,
  rolesForAdmin,
  type Employee,
} from '@serwis/domain';
import { FormFooter } from '../../../components/form-footer';
import type { EmployeePayload } from '../api/users';
import { useServerFieldError } from '../../../lib/use-server-field-error';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';

interface EmployeeFormProps {
  employee?: Employee;
  saving: boolean;
  /** The last refusal of a save: a 400 about one field shows under that field. */
  serverError?: unknown;
  onSubmit: (payload: EmployeePayload) => void;
  /** A save stopped by the form's own checks: an earlier refusal's banner is no longer current. */
  onInvalid?: () => void;
  onCancel: () => void;
  extraActions?: React.ReactNode;
  /** The logged-in admin's own account: it cannot be switched off here. */
  own?: boolean;
}

export function EmployeeForm(props: EmployeeFormProps) {
  const { employee, saving, onSubmit, onCancel, extraActions } = props;
  const editing = Boolean(employee);
  const form = useForm({
    initialValues: {
      userName: employee?.userName ?? '',
      firstName: employee?.firstName ?? '',
      lastName: employee?.lastName ?? '',
      email: employee?.email ?? '',
      country: employee?.country ?? '',
      vacationDays: employee?.vacationDays ?? 0,
      active: employee?.active ?? true,
      admin: employee ? isAdminRoles(employee.roles) : false,
      password: '',
    },
    validate: (values) =>
      zod4Resolver(editing ? employeeUpdateSchema : employeeInsertSchema)({
        ...values,
        // A cleared field is sent as 0 days (see submit), so it is checked as 0.
        vacationDays: Number(values.vacationDays) || 0,
        id: employee?.id,
        roles: [],
      }),
  });
  useServerFieldError(form, props.serverError, (field) => (field === 'roles' ? 'admin' : field));
  useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(
    ({ admin, ...values }) =>
      onSubmit({
        ...values,
        vacationDays: Number(values.vacationDays) || 0,
        roles: rolesForAdmin(admin),
      }),
    (errors, values, event) => {
      props.onInvalid?.();
      focusFirstInvalid(errors, values, event);
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={720}>
        <TextInput label="Stanowisko" required maxLength={MAX.short} {...form.getInputProps('userName')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Imię" maxLength={MAX.short} {...form.getInputProps('firstName')} />
          <TextInput label="Nazwisko" maxLength={MAX.short} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="E-mail"
            type="email"
            required
            disabled={editing}
            maxLength={MAX.email}
            {...form.getInputProps('email')}
          />
          <TextInput label="Kraj" maxLength={MAX.short} {...form.getInputProps('country')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Dni urlopu"
            min={0}
            max={366}
            // Told, not changed unseen: 99999 became 366 when the field was left.
            clampBehavior="none"
            allowNegative={false}
            // "2.5" is refused under the field, not taken as 25 days.
            {...form.getInputProps('vacationDays')}
          />
          <PasswordInput
            label={editing ? 'Nowe hasło (opcjonalnie)' : 'Hasło (opcjonalnie)'}
            description={
              editing
                ? 'Puste pole: hasło bez zmian.'
                : 'Puste pole: hasło zostanie wygenerowane i wysłane e-mailem.'
            }
            autoComplete="new-password"
            maxLength={MAX.password}
            {...form.getInputProps('password')}
          />
        </SimpleGrid>
        <Group>
          <Checkbox
            label="Aktywny"
            disabled={props.own && employee?.active}
            description={props.own && employee?.active ? MSG.cannotDeactivateSelf : undefined}
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          <Checkbox label="Admin" {...form.getInputProps('admin', { type: 'checkbox' })} />
        </Group>
        <FormFooter saving={saving} onCancel={onCancel} extraActions={extraActions} />
      </Stack>
    </form>
  );
}
