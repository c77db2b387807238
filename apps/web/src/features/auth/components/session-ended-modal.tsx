import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, type SessionUser } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { loadAfresh } from '../../../lib/load-afresh';
import { forgetSession, refreshAfterWrites, SESSION_QUERY_KEY } from '../../../lib/query-client';
import { sessionEndReason, setSessionEnded, useSessionEnded } from '../../../lib/session-ended';
import { leaveAfterAsking } from '../../../lib/unsaved-changes';
import { MODAL_LEVELS } from '../../../components/modal-levels';
import { loginErrorMessage, useLogin } from '../api/login';
import { CredentialFields } from './credential-fields';

/**
 * Over a screen whose session ended while it was open: log in again right here, and the screen
 * stays as it was, with everything typed on it, to be saved once more. The same employee goes on;
 * anyone else starts afresh at the home screen (the typed work was not theirs). "Przejdź do
 * logowania" gives the screen up.
 */
export function SessionEndedModal() {
  const ended = useSessionEnded();
  return (
    <Modal
      opened={ended}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={MSG.sessionEndedTitle}
      centered
      // Over any dialog open on the screen (a new service event, a note): at the same level, the
      // one drawn later covered it, and the only way out in sight was that dialog's "Anuluj".
      zIndex={MODAL_LEVELS.sessionEnded}
    >
      {/* Mounted afresh each time the session ends: no password or refusal left from the last time. */}
      {ended && <LoginAgainForm />}
    </Modal>
  );
}

function LoginAgainForm() {
  const client = useQueryClient();
  const onScreen = client.getQueryData<SessionUser | null>(SESSION_QUERY_KEY);
  const login = useLogin({ keepSession: true });
  const [email, setEmail] = useState(onScreen?.email ?? '');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setMissing(true);
      return;
    }
    login.mutate(
      { email, password },
      {
        onSuccess: (user) => {
          if (onScreen && user.id !== onScreen.id) {
            // Someone else on this device: nothing of the screen before is theirs.
            loadAfresh(paths.home);
            return;
          }
          client.setQueryData(SESSION_QUERY_KEY, user);
          setSessionEnded(false);
          // What failed while the session was away is asked again (the forms keep their values).
          refreshAfterWrites(client);
          notifications.show({ color: 'green', message: MSG.sessionResumed });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          {sessionEndReason() === 'ANOTHER_ACCOUNT'
            ? MSG.sessionOfAnotherAccountKeepWork
            : MSG.sessionEndedKeepWork}
        </Text>
        {login.isError && (
          <Alert color="red" role="alert">
            {loginErrorMessage(login.error)}
          </Alert>
        )}
        <CredentialFields
          email={{
            value: email,
            error: missing && !email.trim() ? MSG.requiredField : undefined,
            onChange: (event) => setEmail(event.currentTarget.value),
          }}
          password={{
            value: password,
            error: missing && !password ? MSG.requiredField : undefined,
            onChange: (event) => setPassword(event.currentTarget.value),
          }}
          focusPassword
        />
        <Group justify="space-between">
          {/* Gives the screen up: what was typed on it is lost, so that is asked first. */}
          <Button variant="default" onClick={() => leaveAfterAsking(() => forgetSession(client))}>
            Przejdź do logowania
          </Button>
          <Button type="submit" loading={login.isPending}>
            Zaloguj
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
