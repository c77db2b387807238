import { useEffect } from 'react';
import type L from 'leaflet';
import { useMap } from 'react-leaflet';

/** Leaflet's close button of a popup is named in English ("Close popup"). */
export const POPUP_CLOSE_LABEL = 'Zamknij';

/** What can take the focus in a popup's content, first to last. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The layer (a marker) whose popup it is: Leaflet keeps it, though its types do not say so. */
const openerOf = (popup: L.Popup) =>
  (popup as L.Popup & { _source?: L.Layer & { getElement?: () => HTMLElement | undefined } })._source;

/**
 * A popup built where the keyboard reaches it: its close button is named in Polish, its first link or
 * button (else its content) takes the focus as it opens, Escape inside it closes it, and closing it
 * gives the focus back to the marker that opened it. Without this the focus stayed on the marker and
 * the popup came after every marker in the Tab order (the popup pane follows the marker pane).
 */
function focusIntoPopup(map: L.Map, popup: L.Popup, prepared: WeakSet<HTMLElement>) {
  const container = popup.getElement();
  if (!container) return;
  if (!prepared.has(container)) {
    prepared.add(container);
    container.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', POPUP_CLOSE_LABEL);
    // Leaflet closes with Escape only while the map itself has the focus.
    container.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      map.closePopup(popup);
    });
  }
  const content = container.querySelector<HTMLElement>('.leaflet-popup-content');
  if (!content) return;
  let target = content.querySelector<HTMLElement>(FOCUSABLE);
  if (!target) {
    content.tabIndex = -1;
    target = content;
  }
  // The map's container hides its overflow: a focus that scrolled it would shift the whole map.
  target.focus({ preventScroll: true });
}

/** Back to the opening marker, if it is still on the map and the focus was in the popup (or lost with it). */
function focusBackToOpener(popup: L.Popup) {
  const opener = openerOf(popup)?.getElement?.();
  if (!opener?.isConnected) return;
  const active = document.activeElement;
  const container = popup.getElement();
  const focusWasInPopup = !active || active === document.body || Boolean(container?.contains(active));
  if (focusWasInPopup) opener.focus({ preventScroll: true });
}

/**
 * The map's keyboard access: its focusable container (Leaflet gives it tabindex 0) is named `label`
 * (without a role and a name, a screen reader read out its text: the groups' numbers, digit after
 * digit), and its popups behave as `focusIntoPopup` says.
 */
export function MapKeyboard({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'group');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  useEffect(() => {
    const prepared = new WeakSet<HTMLElement>();
    const opened = (event: L.PopupEvent) => focusIntoPopup(map, event.popup, prepared);
    const closed = (event: L.PopupEvent) => focusBackToOpener(event.popup);
    map.on('popupopen', opened);
    map.on('popupclose', closed);
    return () => {
      map.off('popupopen', opened);
      map.off('popupclose', closed);
    };
  }, [map]);
  return null;
}
