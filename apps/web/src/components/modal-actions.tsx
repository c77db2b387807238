import { useRef } from 'react';
import { Button, Group } from '@mantine/core';
import { useKeepFocusWhileSaving } from '../lib/keep-focus-while-saving';

interface ModalActionsProps {
  onCancel: () => void;
  /** Shows progress on the submit button while the request runs. */
  saving: boolean;
  submitLabel?: string;
}

/** The footer of a modal form: "Anuluj" closes, the submit button sends the form. */
export function ModalActions({ onCancel, saving, submitLabel = 'Zapisz' }: ModalActionsProps) {
  const submit = useRef<HTMLButtonElement>(null);
  useKeepFocusWhileSaving(saving, submit);
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Anuluj
      </Button>
      <Button ref={submit} type="submit" loading={saving}>
        {submitLabel}
      </Button>
    </Group>
  );
}
