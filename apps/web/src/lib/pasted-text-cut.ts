import { useEffect } from 'react';
import { MSG } from '@serwis/domain';

/** The field's name as its label shows it, without the asterisk of a required one. */
function fieldName(field: HTMLInputElement | HTMLTextAreaElement): string {
  const label = field.labels?.[0]?.textContent ?? field.getAttribute('aria-label') ?? '';
  return label.replace(/\s*\*\s*$/, '').trim();
}

/**
 * A paste longer than the field's limit (`maxLength`): the browser keeps the beginning and drops
 * the rest without a word, so a description pasted from an e-mail was saved cut (a tester's
 * finding). Typing stops visibly at the limit; a paste is told.
 */
export function tellWhenPasteIsCut(event: ClipboardEvent) {
  const field = event.target;
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  const max = field.maxLength;
  if (max <= 0) return;
  // A text area keeps a line break as one character; a one-line field makes it a space (Chromium).
  const raw = event.clipboardData?.getData('text/plain') ?? '';
  const pasted = raw.replace(/\r\n?/g, '\n');
  const replaced = (field.selectionEnd ?? field.value.length) - (field.selectionStart ?? field.value.length);
  if (field.value.length - replaced + pasted.length <= max) return;
  const name = fieldName(field);
  // One notice per field: a second field's paste, within the first's notice, is told too (an id
  // already shown is not shown again).
  // Loaded when needed: the login screen's code stays without the notifications' (its size budget).
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      id: `pasted-text-cut:${name}:${max}`,
      color: 'orange',
      message: MSG.pastedTextCut(name, max),
    }),
  );
}

/** Listens for pastes on the whole page, every field with a limit at once. */
export function usePastedTextCutNotice() {
  useEffect(() => {
    document.addEventListener('paste', tellWhenPasteIsCut, true);
    return () => document.removeEventListener('paste', tellWhenPasteIsCut, true);
  }, []);
}
