import type { ChangeEvent } from 'react';
import { PasswordInput, TextInput } from '@mantine/core';
import { MAX } from '@serwis/domain';

export interface CredentialField {
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** "E-mail" and "Hasło" as the login screen and the dialog of an ended session ask for them. */
export function CredentialFields({
  email,
  password,
  focusPassword = false,
  focusEmail = false,
}: {
  email: CredentialField;
  password: CredentialField;
  /** The e-mail is known (filled in): the cursor waits in the password. */
  focusPassword?: boolean;
  /** The screen opens on these fields (the login screen): the cursor waits in the e-mail. */
  focusEmail?: boolean;
}) {
  return (
    <>
      <TextInput
        label="E-mail"
        type="email"
        autoComplete="username"
        required
        maxLength={MAX.email}
        autoFocus={focusEmail}
        {...email}
      />
      <PasswordInput
        label="Hasło"
        autoComplete="current-password"
        required
        maxLength={MAX.password}
        data-autofocus={focusPassword || undefined}
        {...password}
        // Mantine marks its PasswordInput invalid only for the eye (data-invalid): a screen reader is
        // told too, as for "E-mail", and the form's first invalid field is found (focus-first-invalid).
        aria-invalid={password.error ? true : undefined}
      />
    </>
  );
}
