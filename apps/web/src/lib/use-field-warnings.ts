import { useState, type FocusEvent } from 'react';

/** What a Mantine field's `getInputProps` hands over that a warning needs to chain. */
interface FocusProps {
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

/**
 * Warnings under text fields that never refuse the save (a NIP whose check digit does not hold):
 * shown under the field, in the warning colour, once the field has been left, so that a number being
 * typed is not called wrong at its first digit. A record opened with such a value shows it at once.
 */
export function useFieldWarnings<F extends string>() {
  const [typingIn, setTypingIn] = useState<F | null>(null);
  return <P extends FocusProps>(field: F, warning: string | null, inputProps: P) => ({
    ...inputProps,
    onFocus: (event: FocusEvent<HTMLInputElement>) => {
      setTypingIn(field);
      inputProps.onFocus?.(event);
    },
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      setTypingIn(null);
      inputProps.onBlur?.(event);
    },
    description: warning !== null && typingIn !== field ? warning : undefined,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as (
      'label' | 'input' | 'description' | 'error'
    )[],
    styles: { description: { color: 'var(--mantine-color-orange-text)' } },
  });
}
