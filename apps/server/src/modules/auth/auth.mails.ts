import { MAIL_GREETING, PASSWORD_MAIL, type NewPasswordReason } from '@serwis/domain';
import type { MailMessage } from '../../plugins/mailer.js';

/**
 * The e-mail carrying a generated password: after a reset or for a new account, with the address
 * to log in at (PUBLIC_BASE_URL): a new employee was not told where the application is.
 */
export function newPasswordMail(
  to: string,
  password: string,
  reason: NewPasswordReason,
  appUrl: string,
): MailMessage {
  return {
    to,
    subject: PASSWORD_MAIL.subject(reason),
    text: [
      MAIL_GREETING,
      '',
      PASSWORD_MAIL.intro(reason),
      '',
      PASSWORD_MAIL.address(appUrl),
      PASSWORD_MAIL.login(to),
      PASSWORD_MAIL.password(password),
      '',
      PASSWORD_MAIL.changeIt,
      '',
      PASSWORD_MAIL.noReply,
    ].join('\n'),
  };
}
