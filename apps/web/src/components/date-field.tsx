import { useRef } from 'react';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';

/**
 * A form's date field: after a day is picked, the focus is back on the field. Mantine leaves it on
 * the calendar's day, which closes with the calendar, so the focus fell to the page: in a dialog the
 * next Tab left it for the screen behind, where Enter in a field saved that screen's form (a keyboard
 * tester's finding); on the machine form the next Tab went to the top bar, 12 stops from the form (a
 * clerk's). Used by the forms (dialogs and the machine form); the filters keep Mantine's own field:
 * its `returnFocus`, tried on every field, reopened a list beside it after a click.
 */
export function DateField(props: DatePickerInputProps) {
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
