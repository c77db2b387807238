import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RequireSession } from '../features/auth/components/require-session';
import { LoginPage } from '../features/auth/routes/login-page';
import { NotFoundPage } from '../features/misc/routes/not-found-page';
import { protectedRoutes, type ScreenRoute } from './routes';

/** Each screen's code loads when it opens (route-level splitting). */
function toRouteObject(screen: ScreenRoute): RouteObject {
  return {
    path: screen.path,
    lazy: async () => {
      const Screen = await screen.load();
      return {
        Component: () =>
          screen.admin ? (
            <RequireSession admin>
              <Screen />
            </RequireSession>
          ) : (
            <Screen />
          ),
      };
    },
  };
}

export const routeObjects: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <LoginPage /> },
      { path: '/login', element: <LoginPage /> },
      {
        path: '/privacy',
        lazy: async () => ({ Component: (await import('../features/misc/routes/privacy-page')).PrivacyPage }),
      },
      {
        element: (
          <RequireSession>
            <Outlet />
          </RequireSession>
        ),
        children: protectedRoutes.map(toRouteObject),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routeObjects);
