import { useEffect } from 'react';
import { Button, Center, Group, SimpleGrid, Stack, Table, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  COMPANY_FIELDS,
  COMPANY_SETTING_LABELS,
  MSG,
  companySettingsSchema,
  identifierWarnings,
  type CompanySettings,
  type CompanySettingsChange,
} from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { errorMessage } from '../../../lib/api-client';
import { orConnectionError } from '../../../lib/failure-text';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useFieldWarnings } from '../../../lib/use-field-warnings';
import { useCurrentUser } from '../../auth/api/session';
import { useCompanySettings, useSaveCompanySettings } from '../api/company';
import { CompanyLogo } from './company-logo';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';

const field = (key: keyof CompanySettings) => ({ key, label: COMPANY_SETTING_LABELS[key] });
const FIELDS = COMPANY_FIELDS.map(field);
const PDF_FIELDS = (['installationProtocolTitle', 'installationProtocolTableHeader'] as const).map(field);
const KEYS = [...FIELDS, ...PDF_FIELDS].map((f) => f.key);

/** The fields typed over since the form was filled from `base`. */
const changedFields = (values: CompanySettings, base: CompanySettings): CompanySettingsChange =>
  Object.fromEntries(KEYS.filter((k) => values[k] !== base[k]).map((k) => [k, values[k]]));

/** The newer server copy, with the fields typed over since `base` kept as typed. */
const untouchedFrom = (next: CompanySettings, values: CompanySettings, base: CompanySettings) => ({
  ...next,
  ...changedFields(values, base),
});

/** "Dane firmy": the company identity that heads every PDF; admins edit it and the two PDF texts. */
export function CompanyDataTab() {
  const user = useCurrentUser();
  const settings = useCompanySettings();
  if (settings.isPending) {
    return (
      <Center py="lg">
        <LoadingSpinner />
      </Center>
    );
  }
  if (!settings.data) return <ErrorBanner message={orConnectionError(MSG.unknownError, settings.error)} />;
  if (!user.isAdmin) {
    return (
      <Stack maw={640}>
        <CompanyLogo editable={false} />
        <Table variant="vertical" withTableBorder>
          <Table.Tbody>
            {FIELDS.map((f) => (
              <Table.Tr key={f.key}>
                <Table.Th w={200}>{f.label}</Table.Th>
                <Table.Td>{settings.data[f.key] || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    );
  }
  return (
    <Stack maw={760}>
      <CompanyLogo editable />
      <CompanyDataForm initial={settings.data} />
    </Stack>
  );
}

function CompanyDataForm({ initial }: { initial: CompanySettings }) {
  const save = useSaveCompanySettings();
  const form = useForm<CompanySettings>({
    initialValues: initial,
    validate: zod4Resolver(companySettingsSchema),
  });
  // The form's initial values are the server's copy its fields were filled from: a save sends only
  // what differs from it, and a newer copy (another administrator's save) replaces the fields not
  // typed over here.
  useEffect(() => {
    const values = untouchedFrom(initial, form.getValues(), form.getInitialValues());
    // The new copy first: values set against the old one count as typed (a false "unsaved" question).
    form.setInitialValues(initial);
    form.setValues(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the server's copy changes
  }, [initial]);
  useUnsavedChanges(form.isDirty());
  const warned = useFieldWarnings<keyof CompanySettings>();
  // The company's own data heads every PDF: a slip there is on every printout.
  const warnings: Partial<Record<keyof CompanySettings, string | null>> = identifierWarnings(
    form.values,
    true,
  );
  return (
    <form
      onSubmit={form.onSubmit(
        (values) =>
          save.mutate(changedFields(values, form.getInitialValues()), {
            onSuccess: (saved) => {
              // The saved copy, with what was typed while it was being saved kept as typed.
              const next = untouchedFrom(saved, form.getValues(), values);
              form.setInitialValues(saved);
              form.setValues(next);
              notifications.show({ color: 'green', message: MSG.saved });
            },
          }),
        focusFirstInvalid,
      )}
    >
      <Stack maw={760}>
        <ErrorBanner message={save.isError ? errorMessage(save.error) : null} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map((f) => (
            <TextInput
              key={f.key}
              label={f.label}
              {...warned(f.key, warnings[f.key] ?? null, form.getInputProps(f.key))}
            />
          ))}
        </SimpleGrid>
        <Title order={4}>Teksty protokołu montażu</Title>
        {PDF_FIELDS.map((f) => (
          <TextInput key={f.key} label={f.label} {...form.getInputProps(f.key)} />
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Zapisz
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
