import { Alert, Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { MAX, MSG, changePasswordFormSchema } from '@serwis/domain';
import { ModalActions } from '../../../components/modal-actions';
import { errorMessage } from '../../../lib/api-client';
import { useSetNewPassword } from '../../auth/api/password';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';

export function ChangePasswordModal(props: {
  opened: boolean;
  onClose: () => void;
  onChanged: (message: string) => void;
}) {
  const change = useSetNewPassword();
  const form = useForm({
    initialValues: { oldPassword: '', newPassword: '', repeatPassword: '' },
    validate: zod4Resolver(changePasswordFormSchema),
  });
  const close = () => {
    form.reset();
    change.reset();
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={close} title="Zmiana hasła">
      <form
        noValidate
        onSubmit={(event) => {
          // The server's last refusal ("Błędne hasło.") goes with a new attempt: it may not be the
          // reason any more, and it stood beside the form's own message for another field.
          change.reset();
          form.onSubmit(
            ({ oldPassword, newPassword }) =>
              change.mutate(
                { oldPassword, newPassword },
                {
                  onSuccess: () => {
                    form.reset();
                    props.onChanged(MSG.passwordChanged);
                  },
                },
              ),
            focusFirstInvalid,
          )(event);
        }}
      >
        <Stack>
          {change.isError && (
            <Alert color="red" role="alert">
              {errorMessage(change.error)}
            </Alert>
          )}
          <PasswordInput
            label="Stare hasło"
            autoComplete="current-password"
            maxLength={MAX.password}
            {...form.getInputProps('oldPassword')}
          />
          <PasswordInput
            label="Nowe hasło"
            autoComplete="new-password"
            maxLength={MAX.password}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Powtórz nowe hasło"
            autoComplete="new-password"
            maxLength={MAX.password}
            {...form.getInputProps('repeatPassword')}
          />
          <ModalActions onCancel={close} saving={change.isPending} submitLabel="Zatwierdź" />
        </Stack>
      </form>
    </Modal>
  );
}
