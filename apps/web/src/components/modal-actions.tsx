import { Button, Group } from '@mantine/core';

interface ModalActionsProps {
  onCancel: () => void;
  /** Shows progress on the submit button while the request runs. */
  saving: boolean;
  submitLabel?: string;
}

/** The footer of a modal form: "Anuluj" closes, the submit button sends the form. */
export function ModalActions({ onCancel, saving, submitLabel = 'Zapisz' }: ModalActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Anuluj
      </Button>
      <Button type="submit" loading={saving}>
        {submitLabel}
      </Button>
    </Group>
  );
}
