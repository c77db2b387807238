import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';

interface FormFooterProps {
  onCancel: () => void;
  /** Shows progress on "Zapisz" while the request runs. */
  saving: boolean;
  /** On the right, apart from saving: e.g. the record's "Usuń". */
  extraActions?: ReactNode;
  mt?: string;
}

/** The footer of a record's form on its page: "Zapisz" and "Anuluj" on the left, the rest on the right. */
export function FormFooter({ onCancel, saving, extraActions, mt }: FormFooterProps) {
  return (
    <Group justify="space-between" mt={mt}>
      <Group>
        <Button type="submit" loading={saving}>
          Zapisz
        </Button>
        <Button variant="default" onClick={onCancel}>
          Anuluj
        </Button>
      </Group>
      {extraActions}
    </Group>
  );
}
