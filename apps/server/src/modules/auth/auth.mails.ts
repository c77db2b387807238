import { MAIL_GREETING, PASSWORD_MAIL, type NewPasswordReason } from '@serwis/domain';
import type { MailMessage } from '../../plugins/mailer.js';

/**
 * The e-mail carrying a generated password: after a reset or for a new account, with the address
 * to log in at (PUBLIC_BASE_URL): a new employee was not told where the application is. A new
 * account saved as not active says so: its password is refused until an administrator switches it
 * on, and the employee would take it for a wrong one.
 */
export function newPasswordMail(
  to: string,
  password: string,
  reason: NewPasswordReason,
  appUrl: string,
  options: { active?: boolean } = {},
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
      ...(options.active === false ? ['', PASSWORD_MAIL.notActiveYet] : []),
      '',
      PASSWORD_MAIL.changeIt,
      '',
      PASSWORD_MAIL.noReply,
    ].join('\n'),
  };
}
