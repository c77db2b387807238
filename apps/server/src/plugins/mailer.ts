import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { MSG } from '@serwis/domain';
import { AppError } from '../lib/app-error.js';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  /** Where a reply goes when not to the sender (MAIL_FROM). */
  replyTo?: string;
  subject: string;
  text: string;
  /** Files sent along (e.g. a signed protocol PDF); nodemailer encodes them. */
  attachments?: MailAttachment[];
  /** A stable Message-ID lets mail systems drop a repeat of the same message. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** 'smtp' or the outbox folder the .eml files go to. */
  readonly target: string;
  /** Connects and logs in as a send would, sending nothing (SMTP only; the start's check). */
  check?(): Promise<void>;
}

/** SMTP when configured, otherwise each message becomes an .eml file in DATA_DIR/outbox. */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : outboxMailer(options);
}

/**
 * Sends through any Mailer; a failure becomes a 503 with a Polish message (not a 500), and the
 * caller's transaction rolls back, so no password changes without its mail.
 */
export async function deliver(mailer: Mailer, message: MailMessage) {
  try {
    await mailer.send(message);
  } catch (error) {
    throw Object.assign(new AppError(503, MSG.mailFailed, 'MAIL_FAILED'), { cause: error });
  }
}

/**
 * How long a mail server may keep a request waiting (nodemailer's defaults are 2 min to connect,
 * 30 s for its greeting and 10 min of silence): a new account's and a reset's mail go inside their
 * transaction, so a silent server is answered 503 in seconds, not minutes. Parameters in SMTP_URL
 * (`?connectionTimeout=…`) still win.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * smtp:// with a login: the password goes only over a connection the server made encrypted
 * (STARTTLS); a server that does not offer it is refused rather than sent the password in clear.
 * `?requireTLS=false` in SMTP_URL allows it (a relay on the same machine).
 */
function loginNeedsTls(smtpUrl: string): { requireTLS?: true } {
  const url = new URL(smtpUrl);
  const plainWithLogin = url.protocol === 'smtp:' && url.username !== '';
  return plainWithLogin && !url.searchParams.has('requireTLS') ? { requireTLS: true } : {};
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS, ...loginNeedsTls(smtpUrl) });
  return {
    target: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async check() {
      await transport.verify();
    },
  };
}

/**
 * Tried once at the start, without holding it: a mail server that is away or refuses the login is
 * named in the log at once (error level, with its reason and what it stops), not at the first
 * password reset or the reminders of the next morning. The address is named without its password.
 */
export async function checkMailServer(
  mailer: Mailer,
  smtpUrl: string | undefined,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
): Promise<boolean> {
  if (!mailer.check || !smtpUrl) return true;
  const url = new URL(smtpUrl);
  const where = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
  try {
    await mailer.check();
    log.info(`Serwer poczty ${where} przyjmuje połączenie${url.username ? ' i logowanie' : ''}.`);
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.error(
      { smtp: where, reason },
      `Serwer poczty ${where} (SMTP_URL) nie przyjął próbnego połączenia: ${reason}. ` +
        'Hasła, protokoły i przypomnienia nie wyjdą, dopóki tego nie naprawisz (docs/operations.md, „E-mail and the outbox”).',
    );
    return false;
  }
}

function outboxMailer(options: { from: string; dataDir: string }): Mailer {
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    target: outbox,
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      // As SMTP would: a message without a recipient is refused, not written to the outbox.
      if (info.envelope.to.length === 0) throw new Error('No recipients defined');
      await fs.mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const tmp = path.join(outbox, `.${name}.tmp`);
      await fs.writeFile(tmp, info.message as Buffer);
      await fs.rename(tmp, path.join(outbox, name));
    },
  };
}
