import fs from 'node:fs';
import path from 'node:path';
import { appServer } from './app-server';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const joined = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i++) {
      const hex = joined.slice(i + 1, i + 3);
      if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(joined[i], 'utf8'));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

/** Reads one single-part text message as the server's outbox writes it (nodemailer stream transport). */
export function parseEml(file: string): OutboxMail {
  const raw = fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1].trim() ?? '';
  return {
    file,
    to: header('To'),
    subject: header('Subject'),
    text: decodeBody(raw.slice(split + 2), header('Content-Transfer-Encoding').toLowerCase()),
  };
}

/** Every message in DATA_DIR/outbox addressed to `to`, newest first. */
export function mailsTo(to: string): OutboxMail[] {
  const outbox = path.join(appServer().dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith('.eml') && !name.startsWith('.'))
    .map((name) => path.join(outbox, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs || b.localeCompare(a))
    .map(parseEml)
    .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
}

/** Waits for the newest message addressed to `to`. */
export async function newestMailTo(to: string, timeoutMs = 10_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [mail] = mailsTo(to);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} in ${appServer().dataDir}/outbox.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The password line of the account or reset e-mail ("Hasło: ..."). */
export function passwordFromMail(mail: OutboxMail): string {
  const match = /^Hasło:\s*(\S+)\s*$/m.exec(mail.text);
  if (!match) throw new Error(`No "Hasło:" line in ${mail.file}:\n${mail.text}`);
  return match[1];
}
