import type { MailMessage } from '../../plugins/mailer.js';

/**
 * The e-mail carrying a generated password: after a reset or for a new account, with the address
 * to log in at (PUBLIC_BASE_URL): a new employee was not told where the application is.
 */
export function newPasswordMail(
  to: string,
  password: string,
  reason: 'reset' | 'new-account',
  appUrl: string,
): MailMessage {
  const intro =
    reason === 'reset'
      ? 'Na Twoją prośbę wygenerowaliśmy nowe hasło do systemu Serwis.'
      : 'Utworzono dla Ciebie konto w systemie Serwis.';
  return {
    to,
    subject: reason === 'reset' ? 'Serwis: nowe hasło' : 'Serwis: Twoje konto',
    text: [
      'Dzień dobry,',
      '',
      intro,
      '',
      `Adres: ${appUrl}/login`,
      `Login: ${to}`,
      `Hasło: ${password}`,
      '',
      'Po zalogowaniu zmień hasło w zakładce Moje konto → Zarządzanie kontem.',
      '',
      'Wiadomość wysłana automatycznie, prosimy na nią nie odpowiadać.',
    ].join('\n'),
  };
}
