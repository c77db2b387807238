import { useEffect } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { leaveAfterAsking } from './unsaved-changes';

/*
 * The back arrow of a screen opened from the screen it leads back to (a machine's card from the
 * list) steps back in the browser's history instead of opening that screen anew: the list comes back
 * where it was scrolled to, and a tablet's own back button then leaves the list rather than returning
 * to the card. Opened otherwise (a link from elsewhere, a reload, a QR label), it opens its screen.
 */

/** The address (path and query) the current screen was opened from by the app, when known. */
let openedFrom: string | undefined;
let here: string | undefined;

/** Follows the app's navigations (SignedInArea): what each screen was opened from. */
export function useOpenedFromTracking() {
  const location = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    const address = location.pathname + location.search;
    // A push opens a screen from the one on view; a step back or forward leaves unknown what lies
    // behind; a replace keeps the entry behind as it was.
    if (type === 'PUSH') openedFrom = here;
    else if (type === 'POP') openedFrom = undefined;
    here = address;
  }, [location, type]);
}

/** Whether `address` is the screen behind: the same path, and the same query when `backTo` names one. */
function isBehind(backTo: string) {
  if (openedFrom === undefined) return false;
  return backTo.includes('?') ? openedFrom === backTo : openedFrom.split('?')[0] === backTo;
}

/** The back arrow's action: a step back when it leads where the screen was opened from (asking first when a form holds changes). */
export function useBackArrow() {
  const navigate = useNavigate();
  return (backTo: string) =>
    leaveAfterAsking(() => {
      if (isBehind(backTo)) navigate(-1);
      else navigate(backTo);
    });
}
