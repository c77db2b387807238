import { useMutation } from '@tanstack/react-query';
import { MSG, type SessionUser } from '@serwis/domain';
import { api, ApiError } from '../../../lib/api-client';
import { useSetSession } from './session';

function basic(email: string, password: string) {
  const bytes = new TextEncoder().encode(`${email}:${password}`);
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return `Basic ${btoa(binary)}`;
}

/** Spec §8: 401 → wrong credentials, 500 or no answer → connection error, anything else → unknown. */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MSG.unknownError;
  if (error.status === 401) return MSG.loginFailed;
  if (error.status === 0 || error.status >= 500) return MSG.connectionError;
  if (error.status === 429) return error.message;
  return MSG.unknownError;
}

/** `keepSession`: the caller decides what the answered employee replaces (SessionEndedModal). */
export function useLogin({ keepSession = false }: { keepSession?: boolean } = {}) {
  const setSession = useSetSession();
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) =>
      api.get<SessionUser>('/api/user/auth', { headers: { Authorization: basic(email.trim(), password) } }),
    onSuccess: (user) => {
      if (!keepSession) setSession(user);
    },
  });
}
