import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useResetPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<{ message: string }>('/api/user/resetPassword', { recipients: [email] }),
  });
}

export function useSetNewPassword() {
  return useMutation({
    mutationFn: (input: { oldPassword: string; newPassword: string }) =>
      api.patch<{ message: string }>('/api/user/setNewPassword', input),
  });
}
