import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Switch, Table, TagsInput, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  MSG,
  REMINDER_MSG,
  reminderLeadDay,
  reminderSettingsInput,
  type ReminderRunResult,
  type ReminderSettings,
} from '@serwis/domain';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dayjs';
import { useKeepFocusWhileSaving } from '../../../lib/keep-focus-while-saving';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useCurrentUser } from '../../auth/api/session';
import {
  useReminderRuns,
  useReminderSettings,
  useRunReminders,
  useSaveReminderSettings,
} from '../api/reminders';

/** My account → Powiadomienia: the employee's inspection reminders; admins also run the job. */
export function NotificationsTab() {
  const user = useCurrentUser();
  return (
    <Stack gap="xl">
      <ReminderSettingsSection />
      {user.isAdmin && <ReminderJobPanel />}
    </Stack>
  );
}

function ReminderSettingsSection() {
  const settings = useReminderSettings();
  if (!settings.data) {
    return <Text c="dimmed">{settings.isError ? errorMessage(settings.error) : MSG.loading}</Text>;
  }
  return (
    <Stack maw={720}>
      <ReminderSettingsForm initial={settings.data} />
    </Stack>
  );
}

function ReminderSettingsForm({ initial }: { initial: ReminderSettings }) {
  const save = useSaveReminderSettings();
  const saveButton = useRef<HTMLButtonElement>(null);
  useKeepFocusWhileSaving(save.isPending, saveButton);
  const [values, setValues] = useState<ReminderSettings>(initial);
  // What the server holds: settings changed from it ask before another tab or screen drops them.
  const [stored, setStored] = useState<ReminderSettings>(initial);
  useUnsavedChanges(JSON.stringify(values) !== JSON.stringify(stored));
  const [error, setError] = useState<string | null>(null);
  // A lead time typed wrong ("abc", "3,5", 400) is not taken as a value, and says why at once.
  const [leadError, setLeadError] = useState<string | null>(null);
  const takeLeadDays = (tags: string[]) => {
    const days = tags.map((tag) => reminderLeadDay.safeParse(tag));
    setLeadError(days.every((d) => d.success) ? null : REMINDER_MSG.leadDaysInvalid);
    setValues({ ...values, leadDays: days.flatMap((d) => (d.success ? [d.data] : [])) });
  };

  const submit = () => {
    const parsed = reminderSettingsInput.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? REMINDER_MSG.leadDaysInvalid);
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setValues(saved);
        setStored(saved);
        setLeadError(null);
        notifications.show({ color: 'green', message: REMINDER_MSG.settingsSaved });
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };

  return (
    <Stack>
      <Title order={4}>Przypomnienia o przeglądach</Title>
      <Text size="sm" c="dimmed">
        Raz dziennie jedna wiadomość e-mail z listą maszyn, których przegląd okresowy lub gwarancyjny zbliża
        się lub minął, z odnośnikami do kart maszyn.
      </Text>
      <Switch
        label="Wysyłaj mi przypomnienia e-mailem"
        checked={values.enabled}
        onChange={(e) => setValues({ ...values, enabled: e.currentTarget.checked })}
      />
      <TagsInput
        label="Wyprzedzenie (dni przed terminem)"
        description="Wpisz liczbę dni i naciśnij Enter, np. 30 i 7."
        value={values.leadDays.map(String)}
        onChange={takeLeadDays}
        error={leadError}
        errorProps={{ role: 'alert' }}
        disabled={!values.enabled}
        maxTags={5}
        maw={360}
      />
      <Checkbox
        label="Także w dniu, w którym przegląd staje się zaległy"
        checked={values.overdue}
        disabled={!values.enabled}
        onChange={(e) => setValues({ ...values, overdue: e.currentTarget.checked })}
      />
      {error && <Alert color="red">{error}</Alert>}
      <Group>
        <Button ref={saveButton} onClick={submit} loading={save.isPending}>
          Zapisz
        </Button>
      </Group>
    </Stack>
  );
}

/** What "Uruchom teraz" answered: done, still sending (the runs table follows it), or stopped. */
function runNotice(r: ReminderRunResult) {
  if (r.state === 'RUNNING')
    return { color: 'blue', message: REMINDER_MSG.runGoesOn(r.mailsQueued, r.mailsSent) };
  if (r.state === 'INTERRUPTED')
    return { color: 'orange', message: REMINDER_MSG.runInterrupted(r.mailsQueued, r.mailsSent) };
  return {
    color: r.mailsFailed ? 'orange' : 'green',
    message: REMINDER_MSG.runDone(r.mailsQueued, r.mailsSent, r.mailsFailed),
  };
}

function ReminderJobPanel() {
  const runs = useReminderRuns(true);
  const run = useRunReminders();
  // "Wysyłanie przypomnień właśnie trwa" (409) is true only while a run is "w toku": once the list
  // shows none, it goes.
  const runningNow = runs.data?.some((r) => r.state === 'RUNNING') ?? false;
  const { isError, reset } = run;
  const settledList = runs.isSuccess && !runs.isFetching;
  useEffect(() => {
    if (isError && settledList && !runningNow) reset();
  }, [isError, settledList, runningNow, reset]);
  const runButton = useRef<HTMLButtonElement>(null);
  useKeepFocusWhileSaving(run.isPending, runButton);
  return (
    <Stack>
      <Title order={4}>Wysyłka przypomnień (administrator)</Title>
      <Group>
        <Button
          ref={runButton}
          variant="light"
          loading={run.isPending}
          onClick={() =>
            run.mutate(undefined, {
              onSuccess: (r) => notifications.show(runNotice(r)),
            })
          }
        >
          Uruchom teraz
        </Button>
      </Group>
      {run.isError && <Alert color="red">{errorMessage(run.error)}</Alert>}
      <Table.ScrollContainer minWidth={600}>
        <Table striped withTableBorder aria-label="Ostatnie uruchomienia">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rozpoczęte</Table.Th>
              <Table.Th>Tryb</Table.Th>
              <Table.Th>Przypomnienia</Table.Th>
              <Table.Th>Wiadomości</Table.Th>
              <Table.Th>Wysłane</Table.Th>
              <Table.Th>Błędy</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(runs.data ?? []).map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.startedAt)}</Table.Td>
                <Table.Td>
                  {r.trigger === 'MANUAL' ? `ręcznie (${r.startedBy ?? ''})` : 'według harmonogramu'}
                  {r.state !== 'FINISHED' && (
                    <Text size="xs" c={r.state === 'RUNNING' ? 'blue' : 'orange'}>
                      {REMINDER_MSG.runState[r.state]}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{r.reminders}</Table.Td>
                <Table.Td>{r.mailsQueued}</Table.Td>
                <Table.Td>{r.mailsSent}</Table.Td>
                <Table.Td>
                  {r.mailsFailed}
                  {r.error && (
                    <Text size="xs" c="dimmed">
                      {REMINDER_MSG.runFailedBecause(r.error)}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {runs.data?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>{MSG.noData}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
