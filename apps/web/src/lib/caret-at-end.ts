import type { FocusEvent } from 'react';

type TextField = HTMLTextAreaElement | HTMLInputElement;

/**
 * A text field opened to be edited: focused by its dialog, its caret stood before the text, and the
 * first keys typed went in front of it. On that focus the caret goes after the text. A click inside
 * the text places the caret where it was clicked, as always (the browser sets it after this).
 */
function caretAtEnd(event: FocusEvent<TextField>) {
  const field = event.currentTarget;
  if (field.selectionStart === 0 && field.selectionEnd === 0 && field.value.length > 0)
    field.setSelectionRange(field.value.length, field.value.length);
}

/** A form field's props (Mantine's `getInputProps`, which marks it touched on focus) with `caretAtEnd`. */
export function withCaretAtEnd<P extends { onFocus?: (event: FocusEvent<TextField>) => void }>(props: P) {
  return {
    ...props,
    onFocus: (event: FocusEvent<TextField>) => {
      caretAtEnd(event);
      props.onFocus?.(event);
    },
  };
}
