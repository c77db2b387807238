import { lazy, Suspense, useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Center, Paper, Stack, Title } from '@mantine/core';
import { MSG } from '@serwis/domain';
import { useSession } from '../api/session';
import { loginErrorMessage, useLogin } from '../api/login';
import { CredentialFields } from '../components/credential-fields';

/** Loaded when first asked for: its e-mail validation brings zod, which the login form does not need. */
const ResetPasswordModal = lazy(async () => ({
  default: (await import('../components/reset-password-modal')).ResetPasswordModal,
}));
import { returnPath } from '../return-path';
import { usePageTitle } from '../../../lib/use-page-title';
import { preloadAfterLogin } from '../../../app/preload-signed-in';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { servesAnotherBuild } from '../../../lib/api-client';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const target = returnPath(location.state);
  const session = useSession();
  const login = useLogin();
  usePageTitle('Logowanie');
  const [resetOpen, setResetOpen] = useState(false);
  const [info, setInfo] = useState<string | null>(null);
  // Two fields need no form library: the login screen is the lightest one (bench/bundle-size.ts).
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const field = (name: 'email' | 'password') => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  useEffect(() => {
    if (!session.data) return;
    // A deploy since this page loaded: the app after the login loads afresh, the new build.
    if (servesAnotherBuild()) window.location.replace(target);
    else navigate(target, { replace: true });
  }, [session.data, navigate, target]);
  // The code after the login is fetched while the e-mail and password are typed.
  useEffect(() => preloadAfterLogin(target), [target]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // An empty field would reach the server as a malformed Basic header; say what is missing instead.
    const missing = {
      email: values.email.trim() ? undefined : MSG.requiredField,
      password: values.password ? undefined : MSG.requiredField,
    };
    setErrors(missing);
    if (missing.email || missing.password) {
      // The focus goes to the first field to fill in, whose message a screen reader then reads.
      focusFirstInvalid(missing, values, event);
      return;
    }
    setInfo(null);
    const form = event.currentTarget;
    login.mutate(values, {
      // The session it sets takes the page on (above).
      // The refusal is read above; the password, to be typed again, takes the focus (it fell to
      // the page while the button was busy, and the next Tab started at the top).
      onError: () => {
        const password = form.querySelector<HTMLInputElement>('input[type="password"]');
        password?.focus();
        password?.select();
      },
    });
  };

  return (
    <Center mih="70vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={2}>Logowanie</Title>
            {login.isError ? (
              <Alert color="red" role="alert">
                {loginErrorMessage(login.error)}
              </Alert>
            ) : (
              // The session could not be checked (a tablet started without the network): said at
              // once, not only after the password was typed in vain. Back online, it is checked again.
              session.isError && (
                <Alert color="red" role="alert">
                  {MSG.connectionError}
                </Alert>
              )
            )}
            {info && (
              <Alert color="blue" role="status">
                {info}
              </Alert>
            )}
            <CredentialFields email={field('email')} password={field('password')} focusEmail />
            <Button type="submit" loading={login.isPending}>
              Zaloguj
            </Button>
            <Anchor
              component="button"
              type="button"
              size="sm"
              className="touch-link"
              onClick={() => setResetOpen(true)}
            >
              Nie pamiętasz hasła?
            </Anchor>
          </Stack>
        </form>
      </Paper>
      {resetOpen && (
        <Suspense fallback={null}>
          <ResetPasswordModal
            opened={resetOpen}
            onClose={() => setResetOpen(false)}
            onSent={(message) => {
              setResetOpen(false);
              setInfo(message);
            }}
          />
        </Suspense>
      )}
    </Center>
  );
}
