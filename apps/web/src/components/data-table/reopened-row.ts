/**
 * The row a list last opened (its screen's address and the row's id). Back on that list (the
 * card's back arrow, or the save that returns to it), the row takes the focus again: a keyboard
 * user who opened the 30th machine, saved it and came back was sent to the top of the page, 32 Tabs
 * away from where they had been.
 */
let opened: { path: string; rowId: string; label: string | null } | null = null;

/** `label`: the row's name, which tells it from a row of the same id in another table of the screen. */
export function rememberOpenedRow(rowId: string, label: string | undefined) {
  opened = { path: window.location.pathname, rowId, label: label ?? null };
}

/**
 * Gives the focus to the remembered row when `body` shows it, once, and only while the focus is on
 * no control (the page has just been drawn): a field the user is already in keeps it.
 */
export function focusReopenedRow(body: HTMLElement | null) {
  if (!opened || !body || opened.path !== window.location.pathname) return;
  const row = body.querySelector<HTMLElement>(`tr[data-row-id="${CSS.escape(opened.rowId)}"]`);
  if (!row || row.getAttribute('aria-label') !== opened.label) return;
  opened = null;
  const active = document.activeElement;
  if (active === null || active === document.body) row.focus();
}
