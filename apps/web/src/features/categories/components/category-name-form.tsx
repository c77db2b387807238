import type { ReactNode } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { MAX, categoryInsertSchema } from '@serwis/domain';
import { FormFooter } from '../../../components/form-footer';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';

interface CategoryNameFormProps {
  name?: string;
  submitLabel: string;
  saving: boolean;
  onSubmit: (name: string) => void;
  onCancel?: () => void;
  extraActions?: ReactNode;
}

/** The one field of a category, for adding (Dodaj / Anuluj) and renaming. */
export function CategoryNameForm({
  name = '',
  submitLabel,
  saving,
  onSubmit,
  onCancel,
  extraActions,
}: CategoryNameFormProps) {
  const form = useForm({ initialValues: { name }, validate: zod4Resolver(categoryInsertSchema) });
  useUnsavedChanges(form.isDirty());
  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(values.name.trim()), focusFirstInvalid)} noValidate>
      <Stack maw={520}>
        <TextInput label="Nazwa kategorii" required maxLength={MAX.short} {...form.getInputProps('name')} />
        <FormFooter
          saving={saving}
          submitLabel={submitLabel}
          onCancel={onCancel}
          extraActions={extraActions}
        />
      </Stack>
    </form>
  );
}
