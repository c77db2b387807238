import { MemoryRouter } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@serwis/domain';
import { AppProviders } from '../../../app/providers';
import { theme } from '../../../app/theme';
import { createQueryClient } from '../../../lib/query-client';
import { fakeApi } from '../../../../test/fake-api';
import { AccountManagementTab } from './account-management-tab';

function renderTab() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MantineProvider theme={theme} env="test">
        <MemoryRouter>
          <AccountManagementTab />
        </MemoryRouter>
      </MantineProvider>
    </AppProviders>,
  );
}

async function openModal() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Zmiana hasła' }));
  const dialog = await screen.findByRole('dialog');
  const fill = async (values: { old?: string; next?: string; repeat?: string }) => {
    if (values.old !== undefined) await user.type(within(dialog).getByLabelText('Stare hasło'), values.old);
    if (values.next !== undefined) await user.type(within(dialog).getByLabelText('Nowe hasło'), values.next);
    if (values.repeat !== undefined)
      await user.type(within(dialog).getByLabelText('Powtórz nowe hasło'), values.repeat);
  };
  const submit = () => user.click(within(dialog).getByRole('button', { name: 'Zatwierdź' }));
  return { user, dialog, fill, submit };
}

const patches = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((c) => c.url === '/api/user/setNewPassword');

afterEach(() => vi.unstubAllGlobals());

describe('change-password modal', () => {
  it('shows what is missing and that the new password is too short, sending nothing', async () => {
    const api = fakeApi({});
    renderTab();
    const { dialog, fill, submit } = await openModal();
    await submit();
    expect(await within(dialog).findByText(MSG.requiredField)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.newPasswordTooShort)).toBeInTheDocument();

    await fill({ old: 'Stare-haslo-1', next: 'krotkie', repeat: 'krotkie' });
    await submit();
    expect(await within(dialog).findByText(MSG.newPasswordTooShort)).toBeInTheDocument();
    expect(within(dialog).queryByText(MSG.requiredField)).not.toBeInTheDocument();
    expect(patches(api)).toHaveLength(0);
  });

  it('says when the two new passwords differ', async () => {
    const api = fakeApi({});
    renderTab();
    const { dialog, fill, submit } = await openModal();
    await fill({ old: 'Stare-haslo-1', next: 'Nowe-haslo-1', repeat: 'Nowe-haslo-2' });
    await submit();
    expect(await within(dialog).findByText(MSG.newPasswordsDiffer)).toBeInTheDocument();
    expect(patches(api)).toHaveLength(0);
  });

  it.each([
    [400, MSG.wrongOldPassword],
    [429, MSG.tooManyAttempts],
  ])('shows the server refusal (%i) in the banner and keeps the modal open', async (status, message) => {
    fakeApi({ 'PATCH /api/user/setNewPassword': { status, body: { message } } });
    renderTab();
    const { dialog, fill, submit } = await openModal();
    await fill({ old: 'zle-haslo', next: 'Nowe-haslo-1', repeat: 'Nowe-haslo-1' });
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByLabelText('Nowe hasło')).toHaveValue('Nowe-haslo-1');
  });

  it('drops the last refusal at the next attempt, so it never stands beside another field’s message', async () => {
    fakeApi({ 'PATCH /api/user/setNewPassword': { status: 400, body: { message: MSG.wrongOldPassword } } });
    renderTab();
    const { user, dialog, fill, submit } = await openModal();
    await fill({ old: 'zle-haslo', next: 'Nowe-haslo-1', repeat: 'Nowe-haslo-1' });
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG.wrongOldPassword);
    await user.type(within(dialog).getByLabelText('Powtórz nowe hasło'), 'X');
    await submit();
    expect(await within(dialog).findByText(MSG.newPasswordsDiffer)).toBeInTheDocument();
    expect(within(dialog).queryByText(MSG.wrongOldPassword)).toBeNull();
  });

  it('sends old and new password only, then closes and confirms', async () => {
    const api = fakeApi({ 'PATCH /api/user/setNewPassword': { body: { message: MSG.passwordChanged } } });
    renderTab();
    const { fill, submit } = await openModal();
    await fill({ old: 'Stare-haslo-1', next: 'Nowe-haslo-1', repeat: 'Nowe-haslo-1' });
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent(MSG.passwordChanged);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = patches(api);
    expect(call.method).toBe('PATCH');
    expect(call.body).toEqual({ oldPassword: 'Stare-haslo-1', newPassword: 'Nowe-haslo-1' });
    expect(call.headers['x-requested-with']).toBe('XMLHttpRequest');
  });
});
