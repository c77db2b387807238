import { Alert, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod';
import { MAX, MSG, email } from '@serwis/domain';
import { ModalActions } from '../../../components/modal-actions';
import { errorMessage } from '../../../lib/api-client';
import { useResetPassword } from '../api/password';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';

const schema = z.object({ email });

export function ResetPasswordModal(props: {
  opened: boolean;
  onClose: () => void;
  onSent: (message: string) => void;
}) {
  const reset = useResetPassword();
  const form = useForm({ initialValues: { email: '' }, validate: zod4Resolver(schema) });
  const close = () => {
    reset.reset();
    form.reset();
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={close} title="Resetowanie hasła">
      <form
        noValidate
        onSubmit={form.onSubmit(
          ({ email: address }) =>
            reset.mutate(address, {
              onSuccess: () => {
                // Opened again later, the modal starts empty rather than showing the last address.
                form.reset();
                reset.reset();
                props.onSent(MSG.resetSent);
              },
            }),
          focusFirstInvalid,
        )}
      >
        <Stack>
          {reset.isError && (
            <Alert color="red" role="alert">
              {errorMessage(reset.error, { 404: MSG.resetUnknownEmail })}
            </Alert>
          )}
          <TextInput
            label="Adres e-mail"
            type="email"
            data-autofocus
            maxLength={MAX.email}
            {...form.getInputProps('email')}
          />
          <ModalActions onCancel={close} saving={reset.isPending} submitLabel="Wyślij nowe hasło" />
        </Stack>
      </form>
    </Modal>
  );
}
