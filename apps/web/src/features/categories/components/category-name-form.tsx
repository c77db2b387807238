import { useEffect, useRef, type ReactNode } from 'react';
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
  // The name loaded from the server, or renamed by someone else meanwhile: shown unless the user has
  // typed his own, which is kept (it was wiped when another administrator's rename came in).
  const shown = useRef(name);
  useEffect(() => {
    if (shown.current === name) return;
    shown.current = name;
    if (form.isDirty()) return;
    form.setInitialValues({ name });
    form.setValues({ name });
  }, [name, form]);
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
