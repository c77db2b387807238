import { useRef } from 'react';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';

/**
 * A date field for a dialog: after a day is picked, the focus is back on the field. Mantine leaves
 * it on the calendar's day, which closes with the calendar, so the focus fell to the page: the next
 * Tab left the dialog for the screen behind it, where Enter in a field saved that screen's form and
 * the dialog's typing went without a question (a keyboard tester's finding). Only dialogs use it:
 * Mantine's own `returnFocus`, tried on every field, reopened a list beside it after a click.
 */
export function ModalDateField(props: DatePickerInputProps) {
  const field = useRef<HTMLButtonElement>(null);
  return (
    <DatePickerInput
      {...props}
      ref={field}
      onChange={(value) => {
        props.onChange?.(value);
        // After the calendar has closed and its day left the page.
        requestAnimationFrame(() => field.current?.focus());
      }}
    />
  );
}
