import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { leaveAfterAsking } from '../lib/unsaved-changes';

interface FormFooterProps {
  /** Shows "Anuluj", which calls it (after asking, when the form holds changes); a form without a way back has none. */
  onCancel?: () => void;
  /** Shows progress on the submit button while the request runs. */
  saving: boolean;
  submitLabel?: string;
  /** Beside the submit button: another way to save (e.g. "Zapisz i dodaj kolejną"). */
  afterSubmit?: ReactNode;
  /** On the right, apart from saving: e.g. the record's "Usuń". */
  extraActions?: ReactNode;
  mt?: string;
}

/** The footer of a record's form on its page: submit and "Anuluj" on the left, the rest on the right. */
export function FormFooter({
  onCancel,
  saving,
  submitLabel = 'Zapisz',
  afterSubmit,
  extraActions,
  mt,
}: FormFooterProps) {
  return (
    <Group justify="space-between" mt={mt}>
      <Group>
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
        {afterSubmit}
        {onCancel && (
          <Button variant="default" onClick={() => leaveAfterAsking(onCancel)}>
            Anuluj
          </Button>
        )}
      </Group>
      {extraActions}
    </Group>
  );
}
