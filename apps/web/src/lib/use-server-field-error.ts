import { useEffect } from 'react';
import { ApiError } from './api-client';

interface FieldErrorTarget {
  getValues(): object;
  setFieldError(path: string, error: string): void;
}

/**
 * Puts a server's 400 message under the input it is about (the answer's `field`), when the form
 * has that input; `toFormField` translates API paths (`customer.id`) to the form's own names.
 */
export function useServerFieldError(
  form: FieldErrorTarget,
  error: unknown,
  toFormField: (field: string) => string | undefined = (field) => field.split('.')[0],
) {
  useEffect(() => {
    if (!(error instanceof ApiError) || error.status !== 400 || !error.field) return;
    const target = toFormField(error.field);
    if (target && target.split('.')[0]! in form.getValues()) form.setFieldError(target, error.message);
    // The form object is stable for the component's life; react to a new error only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
}
