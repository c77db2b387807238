import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { MSG } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { useSession } from '../api/session';
import { useServerSettings } from '../../../lib/server-settings';

/** Every screen but login and privacy: shown only with a valid session, else off to /login. */
export function RequireSession({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const { data: user, isPending, refetch } = useSession();
  // Asked beside the session: the screens show moments and "today" on the company's clock.
  const settings = useServerSettings();
  const location = useLocation();
  // Spec §4: the session is checked on each screen, not only on the first one. An administrator's
  // screen sits inside the signed-in area's own check, which asks already: the admin gate asking
  // again sent two requests on every visit.
  useEffect(() => {
    if (!admin) void refetch();
  }, [location.pathname, refetch, admin]);
  // The settings asked again after a failure (the network back on a tablet) keep the screen: it
  // was drawn without them, and unmounting it lost a protocol's state mid-save.
  if (isPending || (settings.isPending && !settings.isFetched)) {
    return (
      <Center h="50vh" aria-label={MSG.loading}>
        <Loader />
      </Center>
    );
  }
  // Only "no session" (a 401 answers null) leads to the login. A check that failed otherwise (the
  // network or the server away for a moment, as a tablet comes back to the tab) keeps the employee
  // last seen and the screen, with whatever was typed on it; the next check decides.
  if (!user)
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  // Said on the home screen, not left to guess why a typed address led there.
  if (admin && !user.isAdmin)
    return <Navigate to={paths.home} replace state={{ notice: MSG.adminOnlyScreen }} />;
  return <>{children}</>;
}
