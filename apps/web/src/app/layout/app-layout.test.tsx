import { lazy } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APP_NAME } from '@serwis/domain';
import { AppProviders } from '../providers';
import { sessionQueryKey } from '../../features/auth/api/session';
import { createQueryClient } from '../../lib/query-client';
import { usePageTitle } from '../../lib/use-page-title';
import { TITLE_SETTLES_MS } from '../route-announcer';
import { AppLayout } from './app-layout';

function Screen({ title }: { title: string }) {
  usePageTitle(title);
  return <h2>{title}</h2>;
}

/** A screen whose code comes well after the address changed, as React.lazy loads it on a slow line. */
const LateScreen = lazy(
  () =>
    new Promise<{ default: () => React.JSX.Element }>((resolve) =>
      setTimeout(() => resolve({ default: () => <Screen title="Karta maszyny" /> }), TITLE_SETTLES_MS + 500),
    ),
);

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

function renderApp() {
  const client = createQueryClient();
  client.setQueryData(sessionQueryKey, null);
  client.setQueryDefaults(sessionQueryKey, { staleTime: Infinity });
  render(
    <AppProviders queryClient={client}>
      <MemoryRouter initialEntries={['/home']}>
        <Link to="/machineList">Maszyny</Link>
        <Link to="/machineList?page=2">Strona 2</Link>
        <Link to="/machine/7">Tokarka</Link>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="/home" element={<Screen title="Strona główna" />} />
            <Route path="/machineList" element={<Screen title="Lista maszyn" />} />
            <Route path="/machine/:id" element={<LateScreen />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return screen.getByTestId('route-announcer');
}

afterEach(() => {
  document.title = APP_NAME;
});

describe('the app layout announces another screen', () => {
  it("says the new screen's title once set, not the first screen's, not another page of it", async () => {
    const announcer = renderApp();
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    expect(announcer).toHaveAttribute('aria-atomic', 'true');
    // The first screen is read by the browser as the page loads.
    await pause(TITLE_SETTLES_MS + 100);
    expect(document.title).toBe(`Strona główna – ${APP_NAME}`);
    expect(announcer).toHaveTextContent(/^$/);

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Maszyny' }));
    await waitFor(() => expect(announcer).toHaveTextContent(/^Lista maszyn$/));
    // The focus stays where it was (a list may put it on a row), not moved to the region or the page.
    expect(screen.getByRole('link', { name: 'Maszyny' })).toHaveFocus();

    // Another page of the same screen: not a new screen, nothing said again.
    const said = announcer.firstChild;
    await user.click(screen.getByRole('link', { name: 'Strona 2' }));
    await pause(TITLE_SETTLES_MS + 100);
    expect(announcer.firstChild).toBe(said);

    // A screen whose code comes later: its own title is said once it is drawn, not the title of
    // the screen before (kept, hidden, while the code loads) nor the bare app name meanwhile.
    await user.click(screen.getByRole('link', { name: 'Tokarka' }));
    await pause(TITLE_SETTLES_MS + 200);
    expect(announcer.firstChild).toBe(said);
    await waitFor(() => expect(announcer).toHaveTextContent(/^Karta maszyny$/), { timeout: 2000 });
    expect(await screen.findByRole('heading', { name: 'Karta maszyny' })).toBeInTheDocument();
  });
});
