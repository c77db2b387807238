import { Outlet } from 'react-router';
import { RequireSession } from '../features/auth/components/require-session';
import { SessionEndedModal } from '../features/auth/components/session-ended-modal';
import { ScreenProviders } from './screen-providers';
import { useLinksAskFirst } from '../lib/unsaved-changes';
import { useOpenedFromTracking } from '../lib/back-arrow';
import { useScrollOverReload } from '../lib/scroll-over-reload';
import { useRecoveryAfterOutage } from '../lib/recovery-after-outage';
import { useNewVersionNotice } from './new-version-notice';

/** Every screen behind the session check, with the providers they share. */
export function SignedInArea() {
  // A link (menus, drawer, footer) asks before it leaves a form with changes.
  useLinksAskFirst();
  // The back arrows step back in history to the screen they were opened from (lib/back-arrow.ts).
  useOpenedFromTracking();
  // A reload comes back where the screen was scrolled, once its rows are back.
  useScrollOverReload();
  // A load that failed without the server's answer is asked again once the server answers again.
  useRecoveryAfterOutage();
  // A tab open over a deploy says a new version is there.
  useNewVersionNotice();
  return (
    <RequireSession>
      <ScreenProviders>
        <Outlet />
        <SessionEndedModal />
      </ScreenProviders>
    </RequireSession>
  );
}
