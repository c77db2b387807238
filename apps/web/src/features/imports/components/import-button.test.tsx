import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@serwis/domain';
import { ANNA_ADMIN, fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { ImportButton } from './import-button';

// The dialog's code of an earlier release, gone from the server after a deploy.
vi.mock('./import-dialog', () => ({
  get ImportDialog() {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/import-dialog-old.js');
  },
}));

describe('"Importuj z CSV" whose dialog cannot be loaded', () => {
  // The whole web suite keeps both cores busy: the failed import takes its time to be told.
  it('says so beside the button and keeps the list screen', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    fakeApi({});
    renderScreen(
      <>
        <h1>Lista kontrahentów</h1>
        <ImportButton kind="customers" />
      </>,
      { session: ANNA_ADMIN },
    );
    await user.click(screen.getByRole('button', { name: 'Importuj z CSV' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent(MSG.codeLoadFailedTitle);
    expect(screen.getByRole('heading', { name: 'Lista kontrahentów' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importuj z CSV' })).toBeInTheDocument();
  });
});
