import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isEmailAddress, MSG } from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { errorMessage } from '../../../lib/api-client';
import { useSendProtocol } from '../api/protocols';

interface SendProtocolModalProps {
  serviceId: number;
  opened: boolean;
  defaultEmail: string;
  onClose: () => void;
}

/** "Wyślij do klienta": the signed PDF to the customer's address, or one typed here. */
export function SendProtocolModal(props: SendProtocolModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Wyślij protokół do klienta">
      {props.opened && <SendForm {...props} />}
    </Modal>
  );
}

function SendForm({ serviceId, defaultEmail, onClose }: SendProtocolModalProps) {
  const send = useSendProtocol(serviceId);
  const [email, setEmail] = useState(defaultEmail);
  const valid = isEmailAddress(email);
  return (
    <Stack>
      <ErrorBanner message={send.isError ? errorMessage(send.error) : null} />
      <TextInput
        type="email"
        label="Adres e-mail klienta"
        value={email}
        error={email && !valid ? MSG.invalidEmail : undefined}
        onChange={(e) => setEmail(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Anuluj
        </Button>
        <Button
          disabled={!valid}
          loading={send.isPending}
          onClick={() =>
            send.mutate(email.trim(), {
              onSuccess: (r) => {
                notifications.show({ color: 'green', message: `${r.message} Adres: ${r.sentTo}.` });
                onClose();
              },
            })
          }
        >
          Wyślij
        </Button>
      </Group>
    </Stack>
  );
}
