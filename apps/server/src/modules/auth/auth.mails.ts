import type { MailMessage } from '../../plugins/mailer.js';

/** The e-mail carrying a generated password: after a reset or for a new account. */
export function newPasswordMail(to: string, password: string, reason: 'reset' | 'new-account'): MailMessage {
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
      `Login: ${to}`,
      `Hasło: ${password}`,
      '',
      'Po zalogowaniu zmień hasło w zakładce Moje konto → Zarządzanie kontem.',
      '',
      'Wiadomość wysłana automatycznie, prosimy na nią nie odpowiadać.',
    ].join('\n'),
  };
}
