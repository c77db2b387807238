import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMutation, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APP_VERSION_HEADER } from '@serwis/domain';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { api } from '../lib/api-client';
import { NEW_VERSION_TEXT, NEW_VERSION_TITLE, useNewVersionNotice } from './new-version-notice';

/** A screen of the app: a list it loads, and a save the user makes. */
function Screen() {
  useNewVersionNotice();
  const list = useQuery({ queryKey: ['things'], queryFn: () => api.get<string[]>('/api/things') });
  const save = useMutation({ mutationFn: () => api.post('/api/things', { name: 'Tokarka' }) });
  return (
    <>
      <p>{list.data?.join(', ')}</p>
      <button type="button" onClick={() => save.mutate()}>
        Zapisz
      </button>
    </>
  );
}

let entry: HTMLScriptElement;
beforeEach(() => {
  // The page as the built index.html starts it.
  entry = document.createElement('script');
  entry.type = 'module';
  entry.setAttribute('src', '/assets/index-old.js');
  document.head.append(entry);
});
afterEach(() => {
  entry.remove();
  vi.unstubAllGlobals();
});

const served = (build: string) => ({ [APP_VERSION_HEADER]: build });

describe('useNewVersionNotice', () => {
  it('says nothing while the server serves the build the page started from', async () => {
    fakeApi({ 'GET /api/things': { body: ['Tokarka'], headers: served('/assets/index-old.js') } });
    renderScreen(<Screen />);
    expect(await screen.findByText('Tokarka')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(NEW_VERSION_TITLE)).not.toBeInTheDocument();
  });

  it('offers a reload once an answer names a new build (a deploy), and takes it back when the old one is served again', async () => {
    let build = '/assets/index-old.js';
    fakeApi({
      'GET /api/things': () => ({ body: ['Tokarka'], headers: served(build) }),
      'POST /api/things': () => ({ body: {}, headers: served(build) }),
    });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderScreen(<Screen />);
    expect(await screen.findByText('Tokarka')).toBeInTheDocument();

    build = '/assets/index-new.js';
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(NEW_VERSION_TITLE)).toBeInTheDocument();
    expect(screen.getByText(NEW_VERSION_TEXT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Odśwież stronę' }));
    expect(reload).toHaveBeenCalledTimes(1);

    build = '/assets/index-old.js';
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(screen.queryByText(NEW_VERSION_TITLE)).not.toBeInTheDocument());
  });

  it('says nothing where the page names no built entry (development, tests)', async () => {
    entry.remove();
    fakeApi({ 'GET /api/things': { body: ['Tokarka'], headers: served('/assets/index-new.js') } });
    renderScreen(<Screen />);
    expect(await screen.findByText('Tokarka')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(NEW_VERSION_TITLE)).not.toBeInTheDocument();
  });
});
