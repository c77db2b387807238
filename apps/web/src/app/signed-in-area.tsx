import { Outlet } from 'react-router';
import { RequireSession } from '../features/auth/components/require-session';
import { SessionEndedModal } from '../features/auth/components/session-ended-modal';
import { ScreenProviders } from './screen-providers';
import { useLinksAskFirst } from '../lib/unsaved-changes';

/** Every screen behind the session check, with the providers they share. */
export function SignedInArea() {
  // A link (menus, drawer, footer) asks before it leaves a form with changes.
  useLinksAskFirst();
  return (
    <RequireSession>
      <ScreenProviders>
        <Outlet />
        <SessionEndedModal />
      </ScreenProviders>
    </RequireSession>
  );
}
