import { Alert } from '@mantine/core';

/** The red banner above a form or list that shows a refusal in the spec's words. */
export function ErrorBanner({ message, onClose }: { message?: string | null; onClose?: () => void }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" mb="md" withCloseButton={Boolean(onClose)} onClose={onClose}>
      {message}
    </Alert>
  );
}
