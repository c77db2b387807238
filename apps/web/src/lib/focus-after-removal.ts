/** What can take the keyboard's focus in a list: buttons, links, fields and the rows that open. */
const FOCUSABLE =
  'button:not(:disabled), a[href], input:not(:disabled):not([type="hidden"]), textarea:not(:disabled), tr[tabindex]';

/** Where the neighbours are looked for: the tab, or the screen, the control belongs to. */
const AREA = '[role="tabpanel"], main, [role="dialog"]';

/** How long a removal is waited for (a slow network), and the focus then (a dialog's closing). */
const WAIT_FOR_REMOVAL_MS = 30_000;
const WAIT_FOR_LOST_FOCUS_MS = 1_000;

/**
 * A row's button (a part's "Usuń część") is followed by the next row itself, which opens the record:
 * a keyboard user deleting parts one after another would open the next instead. For a button in a
 * row, a neighbouring row stands for its own button in the same place, when it has one.
 */
function sameControlInRow(trigger: HTMLElement) {
  const row = trigger.closest('tr');
  const place = row ? controlsOfRow(row).indexOf(trigger) : -1;
  return (candidate: HTMLElement) =>
    place >= 0 && candidate instanceof HTMLTableRowElement
      ? (controlsOfRow(candidate)[place] ?? candidate)
      : candidate;
}

const controlsOfRow = (row: HTMLTableRowElement) =>
  [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((c) => c.closest('tr') === row);

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
  const sameControlOf = sameControlInRow(trigger);
  const nearest = [...controls.slice(at + 1), ...controls.slice(0, at).reverse()];
  // From a row's button, the other rows' come first, the next ones' then the ones before: the last
  // part deleted hands the focus to the part above it, not to the pager's "10".
  const rowsFirst = trigger.closest('tr')
    ? [...nearest.filter((c) => c instanceof HTMLTableRowElement), ...nearest]
    : nearest;
  const candidates = rowsFirst.map(sameControlOf);

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
