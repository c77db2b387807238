import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RequireSession } from '../features/auth/components/require-session';
import { LoginPage } from '../features/auth/routes/login-page';
import { protectedRoutes, type ScreenRoute } from './routes';

/*
 * Declarative routes with React.lazy: the data router (loaders, actions, fetchers) is not used, and
 * leaving it out keeps the login screen light (bench/bundle-size.ts). Each screen's code loads when
 * it opens; the layout's Suspense shows the spinner meanwhile.
 */
const lazyNamed = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

const SignedInArea = lazyNamed(() => import('./signed-in-area'), 'SignedInArea');
const PrivacyPage = lazyNamed(() => import('../features/misc/routes/privacy-page'), 'PrivacyPage');
const NotFoundPage = lazyNamed(() => import('../features/misc/routes/not-found-page'), 'NotFoundPage');

function screenElement(screen: ScreenRoute) {
  const Screen = lazy(async () => ({ default: await screen.load() }));
  return screen.admin ? (
    <RequireSession admin>
      <Screen />
    </RequireSession>
  ) : (
    <Screen />
  );
}

const screens = protectedRoutes.map((screen) => ({ path: screen.path, element: screenElement(screen) }));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/" element={<LoginPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route element={<SignedInArea />}>
          {screens.map((screen) => (
            <Route key={screen.path} path={screen.path} element={screen.element} />
          ))}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
