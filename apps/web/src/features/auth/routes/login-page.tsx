import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX, MSG } from '@serwis/domain';
import { useSession } from '../api/session';
import { loginErrorMessage, useLogin } from '../api/login';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { returnPath } from '../return-path';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const target = returnPath(location.state);
  const session = useSession();
  const login = useLogin();
  const [resetOpen, setResetOpen] = useState(false);
  const [info, setInfo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    // An empty field would reach the server as a malformed Basic header; say what is missing instead.
    validate: {
      email: (value) => (value.trim() ? null : MSG.requiredField),
      password: (value) => (value ? null : MSG.requiredField),
    },
  });

  useEffect(() => {
    if (session.data) navigate(target, { replace: true });
  }, [session.data, navigate, target]);

  const submit = form.onSubmit((values) => {
    setInfo(null);
    login.mutate(values, { onSuccess: () => navigate(target, { replace: true }) });
  });

  return (
    <Center mih="70vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={2}>Logowanie</Title>
            {login.isError && (
              <Alert color="red" role="alert">
                {loginErrorMessage(login.error)}
              </Alert>
            )}
            {info && (
              <Alert color="blue" role="status">
                {info}
              </Alert>
            )}
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="username"
              required
              maxLength={MAX.email}
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Hasło"
              autoComplete="current-password"
              required
              maxLength={MAX.password}
              {...form.getInputProps('password')}
            />
            <Button type="submit" loading={login.isPending}>
              Zaloguj
            </Button>
            <Anchor component="button" type="button" size="sm" onClick={() => setResetOpen(true)}>
              Nie pamiętasz hasła?
            </Anchor>
          </Stack>
        </form>
      </Paper>
      <ResetPasswordModal
        opened={resetOpen}
        onClose={() => setResetOpen(false)}
        onSent={(message) => {
          setResetOpen(false);
          setInfo(message);
        }}
      />
    </Center>
  );
}
