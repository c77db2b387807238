import { Alert } from '@mantine/core';
import { MSG } from '@serwis/domain';
import { useSessionEnded } from '../lib/session-ended';

/** Refusals for want of a session: answered by logging in again in the dialog (SessionEndedModal). */
const SESSION_REFUSALS: ReadonlySet<string> = new Set([MSG.sessionRequired, MSG.sessionOfAnotherAccount]);

/**
 * The red banner above a form or list that shows a refusal in the spec's words. A refusal for want
 * of a session goes once the employee has logged in again: it told them to, and the dialog's notice
 * says to save again.
 */
export function ErrorBanner({ message, onClose }: { message?: string | null; onClose?: () => void }) {
  const sessionEnded = useSessionEnded();
  if (!message || (SESSION_REFUSALS.has(message) && !sessionEnded)) return null;
  return (
    <Alert color="red" role="alert" mb="md" withCloseButton={Boolean(onClose)} onClose={onClose}>
      {message}
    </Alert>
  );
}
