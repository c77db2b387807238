import { Outlet } from 'react-router';
import { RequireSession } from '../features/auth/components/require-session';
import { SessionEndedModal } from '../features/auth/components/session-ended-modal';
import { ScreenProviders } from './screen-providers';

/** Every screen behind the session check, with the providers they share. */
export function SignedInArea() {
  return (
    <RequireSession>
      <ScreenProviders>
        <Outlet />
        <SessionEndedModal />
      </ScreenProviders>
    </RequireSession>
  );
}
