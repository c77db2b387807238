import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ANNA_ADMIN, JAN_USER } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { MyAccountPage } from './my-account-page';

describe('/myAccount', () => {
  it('shows the login, the name and the role label on "Dane użytkownika"', () => {
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: JAN_USER });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Dane użytkownika', 'Zarządzanie kontem', 'Urlopy', 'Powiadomienia', 'Dane firmy']);
    const data = screen.getByRole('tabpanel');
    expect(within(data).getByText('jan@firma.pl')).toBeInTheDocument();
    expect(within(data).getByText('Jan Kowalski')).toBeInTheDocument();
    expect(within(data).getByText('USER')).toBeInTheDocument();
  });

  it('labels an administrator ADMIN and shows the remaining vacation days on "Urlopy"', async () => {
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: ANNA_ADMIN });
    expect(within(screen.getByRole('tabpanel')).getByText('ADMIN')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Urlopy' }));
    expect(screen.getByTestId('vacation-days')).toHaveTextContent(String(ANNA_ADMIN.vacationDays));
  });

  it('opens the password change from "Zarządzanie kontem"', async () => {
    renderScreen(<MyAccountPage />, { url: '/myAccount', session: JAN_USER });
    await userEvent.click(screen.getByRole('tab', { name: 'Zarządzanie kontem' }));
    await userEvent.click(screen.getByRole('button', { name: 'Zmiana hasła' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Zatwierdź' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Anuluj' })).toBeInTheDocument();
  });
});
