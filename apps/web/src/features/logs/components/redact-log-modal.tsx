import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LOG_REDACT_MIN, LOG_REDACT_TEXT } from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { errorMessage } from '../../../lib/api-client';
import { useRedactLog } from '../api/logs';

/**
 * "Usuń dane osobowe z dziennika": a person's name, phone or e-mail taken out of every entry, for a
 * request to erase it. Counted first ("Sprawdź"), then removed after a second, final press.
 */
export function RedactLogModal({
  opened,
  initialText,
  onClose,
}: {
  opened: boolean;
  /** The list's search when it opens: the administrator has usually just looked the person up. */
  initialText: string;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={LOG_REDACT_TEXT.open} size="lg">
      {opened && <RedactLogForm initialText={initialText} onClose={onClose} />}
    </Modal>
  );
}

function RedactLogForm({ initialText, onClose }: { initialText: string; onClose: () => void }) {
  const [text, setText] = useState(initialText.trim());
  /** The count for the text as it was checked; typing again asks for a new check. */
  const [checked, setChecked] = useState<{ text: string; entries: number } | null>(null);
  const redact = useRedactLog();
  const term = text.trim();
  const tooShort = [...term].length < LOG_REDACT_MIN;
  const count = checked && checked.text === term ? checked.entries : null;

  const check = () =>
    redact.mutate(
      { text: term, preview: true },
      { onSuccess: ({ entries }) => setChecked({ text: term, entries }) },
    );
  const remove = () =>
    redact.mutate(
      { text: term },
      {
        onSuccess: ({ entries }) => {
          notifications.show({ color: 'green', message: LOG_REDACT_TEXT.done(entries) });
          onClose();
        },
      },
    );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!tooShort && count === null) check();
      }}
      noValidate
    >
      <Stack gap="sm">
        <ErrorBanner message={redact.isError ? errorMessage(redact.error) : null} />
        <TextInput
          label={LOG_REDACT_TEXT.label}
          description={LOG_REDACT_TEXT.hint}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={term && tooShort ? LOG_REDACT_TEXT.tooShort : undefined}
          maxLength={254}
          data-autofocus
        />
        {count !== null && (
          <Text role="status" fw={500}>
            {LOG_REDACT_TEXT.found(count)}
          </Text>
        )}
        {count !== null && count > 0 && (
          <Alert color="yellow" title={LOG_REDACT_TEXT.final}>
            {LOG_REDACT_TEXT.elsewhere}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Anuluj
          </Button>
          {count !== null && count > 0 ? (
            <Button color="red" loading={redact.isPending} onClick={remove}>
              {LOG_REDACT_TEXT.remove(count)}
            </Button>
          ) : (
            <Button type="submit" disabled={tooShort || count !== null} loading={redact.isPending}>
              {LOG_REDACT_TEXT.check}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
