/** What can take the keyboard's focus in a list: buttons, links, fields and the rows that open. */
const FOCUSABLE =
  'button:not(:disabled), a[href], input:not(:disabled):not([type="hidden"]), textarea:not(:disabled), tr[tabindex]';

/** Where the neighbours are looked for: the tab, or the screen, the control belongs to. */
const AREA = '[role="tabpanel"], main, [role="dialog"]';

/** How long a removal is waited for (a slow network), and the focus then (a dialog's closing). */
const WAIT_FOR_REMOVAL_MS = 30_000;
const WAIT_FOR_LOST_FOCUS_MS = 1_000;

const controlsOfRow = (row: HTMLTableRowElement) =>
  [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((c) => c.closest('tr') === row);

/** What a control does, by its name before the record's ("Usuń część: Pompa" → "Usuń część"). */
const kindOf = (control: HTMLElement) => (control.getAttribute('aria-label') ?? '').split(':')[0]!.trim();

/**
 * Where the focus goes from a row's button (a part's "Usuń część", a file's "Usuń"): the same
 * button of the next row, else of the row above (the next row itself opens its record, and a
 * keyboard user deleting parts one after another would open one instead); with no row left, the
 * controls before the table (its tab's search and add button), then after it (the pager). Found
 * by what the button does, else by its place in the row: a file that cannot be previewed has one
 * button fewer before its "Usuń".
 */
function rowNeighbours(trigger: HTMLElement, controls: HTMLElement[]): HTMLElement[] | null {
  const row = trigger.closest('tr');
  const table = row?.closest('table');
  if (!row || !table) return null;
  const kind = kindOf(trigger);
  const place = controlsOfRow(row).indexOf(trigger);
  const rows = [...table.querySelectorAll<HTMLTableRowElement>('tbody tr')];
  const at = rows.indexOf(row);
  const sameButton = (other: HTMLTableRowElement) => {
    const own = controlsOfRow(other);
    return (kind ? own.find((c) => kindOf(c) === kind) : undefined) ?? own[place];
  };
  const inRows = [...rows.slice(at + 1), ...rows.slice(0, at).reverse()]
    .map(sameButton)
    .filter((c): c is HTMLElement => c !== undefined);
  const outside = controls.filter((c) => !table.contains(c));
  const before = outside.filter((c) => c.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING);
  const after = outside.filter((c) => !before.includes(c));
  return [...inRows, ...before.reverse(), ...after];
}

/**
 * When `trigger` (the delete button of a note, a part, a file's row) is gone with its record, the
 * focus went to the page and the next Tab started at its top: a keyboard user deleting a note had
 * to find the notes again. Once `trigger` leaves the page, and the focus is lost, the focus goes to
 * the nearest control after it in the same tab or screen (the next note's), else before it.
 * A focus the user moved meanwhile stays where it is.
 */
export function keepFocusNearRemoved(trigger: Element | null) {
  if (!(trigger instanceof HTMLElement) || !trigger.isConnected) return;
  const area = trigger.closest(AREA) ?? document.body;
  const controls = [...area.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const at = controls.indexOf(trigger);
  if (at < 0) return;
  const candidates = rowNeighbours(trigger, controls) ?? [
    ...controls.slice(at + 1),
    ...controls.slice(0, at).reverse(),
  ];

  let lostSince = 0;
  const observer = new MutationObserver(() => {
    if (trigger.isConnected) return;
    observer.disconnect();
    clearTimeout(giveUp);
    lostSince = Date.now();
    focusWhenLost();
  });
  const giveUp = setTimeout(() => observer.disconnect(), WAIT_FOR_REMOVAL_MS);
  observer.observe(document.body, { childList: true, subtree: true });

  // The confirming dialog may still hold the focus while it closes; the focus is taken only once
  // it has fallen to the page.
  function focusWhenLost() {
    const active = document.activeElement;
    if (active === null || active === document.body) {
      candidates.find((c) => c.isConnected && !c.matches(':disabled'))?.focus();
      return;
    }
    if (!active.closest('[role="dialog"]') || Date.now() - lostSince > WAIT_FOR_LOST_FOCUS_MS) return;
    setTimeout(focusWhenLost, 50);
  }
}
