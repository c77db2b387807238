import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { ChangePasswordModal } from './change-password-modal';

export function AccountManagementTab() {
  const [opened, setOpened] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <Stack align="flex-start">
      {done && (
        <Alert color="green" role="status">
          {done}
        </Alert>
      )}
      <Button onClick={() => setOpened(true)}>Zmiana hasła</Button>
      <ChangePasswordModal
        opened={opened}
        onClose={() => setOpened(false)}
        onChanged={(message) => {
          setOpened(false);
          setDone(message);
        }}
      />
    </Stack>
  );
}
