import { useEffect } from 'react';
import { ApiError } from './api-client';

interface FieldErrorTarget {
  getValues(): object;
  setFieldError(path: string, error: string): void;
}

/**
 * Puts a server's 400 (or 409: a name taken) message under the input it is about (the answer's
 * `field`), when the form has that input, and takes the focus there: a clerk's duplicate name was
 * said only at the top of the page, with the focus lost. `toFormField` translates API paths
 * (`customer.id`) to the form's own names.
 */
export function useServerFieldError(
  form: FieldErrorTarget,
  error: unknown,
  toFormField: (field: string) => string | undefined = (field) => field.split('.')[0],
) {
  useEffect(() => {
    if (!(error instanceof ApiError) || ![400, 409].includes(error.status) || !error.field) return;
    const target = toFormField(error.field);
    if (!target || !(target.split('.')[0]! in form.getValues())) return;
    form.setFieldError(target, error.message);
    document.querySelector<HTMLElement>(`[data-path="${CSS.escape(target)}"]`)?.focus();
    // The form object is stable for the component's life; react to a new error only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
}
