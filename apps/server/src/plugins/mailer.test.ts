import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@serwis/domain';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { checkMailServer, createMailer } from './mailer.js';
import { XHR, createUserAndLogin, useTestApp } from '../../test/test-app.js';
import { basic } from '../../test/accounts-helpers.js';

/** The database for the end-to-end cases. */
const ctx = useTestApp();

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(r)),
  };
}

/** A server that asks for a login and offers no STARTTLS: what it was told, in the clear. */
async function startPlainLoginSmtp() {
  const logins: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(`${auth.username}:${auth.password}`);
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { logins, port, close: () => new Promise<void>((r) => server.close(r)) };
}

/** A port nothing listens on. */
async function closedPort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Headers and decoded text body of a single-part message, enough to read what nodemailer writes. */
function parseMail(raw: string) {
  const [head, ...rest] = raw.replace(/\r\n/g, '\n').split('\n\n');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const words = (value: string) =>
    value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : qp(data.replace(/_/g, ' ')),
    );
  const qp = (text: string) =>
    Buffer.from(
      text
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  const body = rest.join('\n\n');
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? qp(body)
        : body;
  return {
    to: headers.get('to'),
    from: headers.get('from'),
    subject: words(headers.get('subject') ?? ''),
    contentType: headers.get('content-type'),
    text: text.replace(/\n$/, ''),
  };
}

const message = {
  to: 'jan@firma.pl',
  subject: 'Serwis: zażółć gęślą jaźń',
  text: 'Dzień dobry,\n\nZAŻÓŁĆ GĘŚLĄ JAŹŃ — hasło: Ąę-123\n\nPozdrawiamy',
};

describe('createMailer with SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  it('delivers to the server with recipient, subject and Polish body intact', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Serwis <serwis@firma.pl>',
      dataDir: os.tmpdir(),
    });
    expect(mailer.target).toBe('smtp');
    await mailer.send(message);
    expect(smtp.received).toHaveLength(1);
    const [got] = smtp.received;
    expect(got.from).toBe('serwis@firma.pl');
    expect(got.to).toEqual(['jan@firma.pl']);
    const mail = parseMail(got.raw);
    expect(mail.to).toBe('jan@firma.pl');
    expect(mail.subject).toBe(message.subject);
    expect(mail.contentType).toMatch(/text\/plain; charset=utf-8/i);
    expect(mail.text).toBe(message.text);
  });

  it('end to end: a password reset through the app arrives by SMTP and the password works', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-mail-'));
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, SMTP_URL: smtp.url, FAST_HASH_FOR_TESTS: 'true' }),
      database: ctx.database,
      logger: false,
    });
    try {
      await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Stare-haslo-1' });
      const response = await app.inject({
        method: 'POST',
        url: '/api/user/resetPassword',
        headers: XHR,
        payload: { recipients: ['jan@firma.pl'] },
      });
      expect(response.statusCode).toBe(200);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to).toEqual(['jan@firma.pl']);
      const mail = parseMail(smtp.received[0].raw);
      expect(mail.subject).toBe('Serwis: nowe hasło');
      expect(mail.text).toMatch(/Na Twoją prośbę wygenerowaliśmy nowe hasło/);
      const password = /^Hasło: (\S+)$/m.exec(mail.text)?.[1];
      expect(password).toBeDefined();
      const login = await app.inject({
        method: 'GET',
        url: '/api/user/auth',
        headers: { ...XHR, authorization: basic('jan@firma.pl', password!) },
      });
      expect(login.statusCode).toBe(200);
      expect(fs.existsSync(path.join(dataDir, 'outbox'))).toBe(false);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('end to end: with the SMTP server unreachable the reset answers 503, changes nothing and logs an error', async () => {
    const lines: { level: number; msg: string }[] = [];
    const app = await buildApp({
      config: loadConfig({
        DATA_DIR: os.tmpdir(),
        SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
        FAST_HASH_FOR_TESTS: 'true',
      }),
      database: ctx.database,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    try {
      await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Stare-haslo-1' });
      // Over a real connection: the request's stream, its body read, is no sign of a client gone away.
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const response = await fetch(`${address}/api/user/resetPassword`, {
        method: 'POST',
        headers: { ...XHR, 'content-type': 'application/json' },
        body: JSON.stringify({ recipients: ['jan@firma.pl'] }),
      });
      expect(response.status).toBe(503);
      expect(((await response.json()) as { message: string }).message).toBe(MSG.mailFailed);
      // An administrator watching the log for errors sees it (it was logged as a client gone away).
      expect(lines).toContainEqual(expect.objectContaining({ level: 50, msg: 'MAIL_FAILED' }));
      // With the mail server's reason, not a stack of the app's own throw.
      const logged = lines.find((l) => l.msg === 'MAIL_FAILED') as unknown as Record<string, unknown>;
      expect(logged).toMatchObject({ code: 'MAIL_FAILED', cause: expect.stringMatching(/ECONNREFUSED/) });
      expect(JSON.stringify(logged)).not.toContain('at deliver');
      const login = await app.inject({
        method: 'GET',
        url: '/api/user/auth',
        headers: { ...XHR, authorization: basic('jan@firma.pl', 'Stare-haslo-1') },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('createMailer with a login over smtp://', () => {
  it('does not send the password to a server that offers no encryption, unless told to', async () => {
    const smtp = await startPlainLoginSmtp();
    try {
      const url = `smtp://serwis%40firma.pl:tajne-haslo@127.0.0.1:${smtp.port}`;
      const mailer = createMailer({ smtpUrl: url, from: 'Serwis <serwis@firma.pl>', dataDir: os.tmpdir() });
      await expect(mailer.send(message)).rejects.toThrow(/STARTTLS/);
      expect(smtp.logins).toEqual([]);
      // Said in so many words (a relay on the same machine): the login goes as it is.
      const allowed = createMailer({
        smtpUrl: `${url}?requireTLS=false`,
        from: 'Serwis <serwis@firma.pl>',
        dataDir: os.tmpdir(),
      });
      await allowed.send(message);
      expect(smtp.logins).toEqual(['serwis@firma.pl:tajne-haslo']);
    } finally {
      await smtp.close();
    }
  });
});

describe('checkMailServer (at the start)', () => {
  const logger = () => {
    const lines: { level: string; text: string; fields?: object }[] = [];
    return {
      lines,
      info: (text: string) => lines.push({ level: 'info', text }),
      error: (fields: object, text: string) => lines.push({ level: 'error', text, fields }),
    } as unknown as Parameters<typeof checkMailServer>[2] & { lines: typeof lines };
  };

  it('says the mail server answers, or names it and its reason without the password', async () => {
    const smtp = await startSmtp();
    try {
      const log = logger();
      const mailer = createMailer({
        smtpUrl: smtp.url,
        from: 'Serwis <serwis@firma.pl>',
        dataDir: os.tmpdir(),
      });
      expect(await checkMailServer(mailer, smtp.url, log)).toBe(true);
      expect(log.lines).toEqual([
        { level: 'info', text: `Serwer poczty ${new URL(smtp.url).host} przyjmuje połączenie.` },
      ]);
      expect(smtp.received).toEqual([]); // nothing was sent
    } finally {
      await smtp.close();
    }
    const port = await closedPort();
    const url = `smtp://serwis%40firma.pl:tajne-haslo@127.0.0.1:${port}`;
    const log = logger();
    const away = createMailer({ smtpUrl: url, from: 'Serwis <serwis@firma.pl>', dataDir: os.tmpdir() });
    expect(await checkMailServer(away, url, log)).toBe(false);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0].level).toBe('error');
    expect(log.lines[0].text).toMatch(
      new RegExp(
        `^Serwer poczty 127\\.0\\.0\\.1:${port} \\(SMTP_URL\\) nie przyjął próbnego połączenia: .*ECONNREFUSED`,
      ),
    );
    expect(JSON.stringify(log.lines)).not.toContain('tajne-haslo');
    // The outbox needs no check.
    const outbox = createMailer({ from: 'Serwis <serwis@firma.pl>', dataDir: os.tmpdir() });
    const quiet = logger();
    expect(await checkMailServer(outbox, undefined, quiet)).toBe(true);
    expect(quiet.lines).toEqual([]);
  });
});

describe('createMailer without SMTP_URL', () => {
  it('writes each message as a readable .eml file in DATA_DIR/outbox', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-outbox-'));
    try {
      const mailer = createMailer({ from: 'Serwis <serwis@localhost>', dataDir });
      expect(mailer.target).toBe(path.join(dataDir, 'outbox'));
      await mailer.send(message);
      await mailer.send({ ...message, to: 'ewa@firma.pl' });
      const files = fs.readdirSync(path.join(dataDir, 'outbox')).sort();
      expect(files).toHaveLength(2);
      expect(files.every((f) => f.endsWith('.eml') && !f.startsWith('.'))).toBe(true);
      const mails = files.map((f) => parseMail(fs.readFileSync(path.join(dataDir, 'outbox', f), 'utf8')));
      expect(mails.map((m) => m.to).sort()).toEqual(['ewa@firma.pl', 'jan@firma.pl']);
      for (const mail of mails) {
        expect(mail.from).toBe('Serwis <serwis@localhost>');
        expect(mail.subject).toBe(message.subject);
        expect(mail.text).toBe(message.text);
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses, as SMTP does, a message with no address to go to, and keeps a reply address', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-outbox-'));
    try {
      const mailer = createMailer({ from: 'Serwis <serwis@localhost>', dataDir });
      await expect(mailer.send({ ...message, to: 'brak – dzwonić do p. Zenka' })).rejects.toThrow(
        /No recipients/,
      );
      expect(fs.existsSync(path.join(dataDir, 'outbox'))).toBe(false);
      await mailer.send({ ...message, replyTo: 'biuro@firma.pl' });
      const [file] = fs.readdirSync(path.join(dataDir, 'outbox'));
      expect(fs.readFileSync(path.join(dataDir, 'outbox', file!), 'utf8')).toMatch(
        /^Reply-To: biuro@firma\.pl$/m,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
