import crypto from 'node:crypto';
import fs from 'node:fs';
import { answerReason, retryAfterMs } from './google-drive.answer.js';
import { TutorialSourceUnavailableError } from './tutorials.source.js';

/** Read-only access is all the tutorials need. */
export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

export interface ServiceAccountKey {
  clientEmail: string;
  privateKey: crypto.KeyObject;
  tokenUri: string;
}

/**
 * The service-account key file Google hands out (JSON with client_email, private_key and
 * token_uri). A bad file stops the start with a message that names the variable and never
 * the key's contents.
 */
export function readServiceAccountKey(file: string): ServiceAccountKey {
  let json: { client_email?: unknown; private_key?: unknown; token_uri?: unknown };
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      `GOOGLE_DRIVE_KEY_FILE: nie można odczytać pliku klucza konta usługi (${code ?? 'nieprawidłowy JSON'}).`,
    );
  }
  if (typeof json.client_email !== 'string' || typeof json.private_key !== 'string') {
    throw new Error('GOOGLE_DRIVE_KEY_FILE: plik klucza nie zawiera client_email i private_key.');
  }
  let privateKey: crypto.KeyObject;
  try {
    privateKey = crypto.createPrivateKey(json.private_key);
  } catch {
    throw new Error('GOOGLE_DRIVE_KEY_FILE: private_key nie jest prawidłowym kluczem prywatnym.');
  }
  return {
    clientEmail: json.client_email,
    privateKey,
    tokenUri: typeof json.token_uri === 'string' ? json.token_uri : GOOGLE_TOKEN_URL,
  };
}

/** A signed service-account assertion (RFC 7523, RS256) for the token endpoint `audience`. */
export function signAssertion(key: ServiceAccountKey, audience: string, nowSeconds: number) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({
    iss: key.clientEmail,
    scope: DRIVE_SCOPE,
    aud: audience,
    iat: nowSeconds,
    exp: nowSeconds + 3600,
  })}`;
  const signature = crypto.sign('RSA-SHA256', Buffer.from(unsigned), key.privateKey).toString('base64url');
  return `${unsigned}.${signature}`;
}

/**
 * Access tokens of one service account, fetched when needed and kept until a minute before they
 * expire. Concurrent callers share one request. The token stays in this object: it is sent only
 * in the Authorization header to the Drive API and never logged.
 */
export class DriveTokens {
  private current?: { value: string; expiresAt: number };
  private pending?: Promise<string>;

  constructor(
    private readonly key: ServiceAccountKey,
    private readonly tokenUrl: string,
    private readonly timeoutMs: number,
  ) {}

  async get(): Promise<string> {
    if (this.current && this.current.expiresAt > Date.now()) return this.current.value;
    this.pending ??= this.fetchToken().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Forgets the token (the API refused it); the next call fetches a new one. */
  drop() {
    this.current = undefined;
  }

  private async fetchToken(): Promise<string> {
    const assertion = signAssertion(this.key, this.tokenUrl, Math.floor(Date.now() / 1000));
    let response: Response;
    try {
      response = await fetch(this.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion,
        }).toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new TutorialSourceUnavailableError(`token endpoint unreachable (${describeFetchError(error)})`);
    }
    if (!response.ok) {
      // Google's reason ("invalid_grant: Invalid JWT Signature.") tells a wrong key from a wrong clock.
      const reason = await answerReason(response, [assertion]).catch(() => '');
      throw new TutorialSourceUnavailableError(`token endpoint answered ${response.status}${reason}`, {
        retryAfterMs: retryAfterMs(response),
      });
    }
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: unknown;
      expires_in?: unknown;
    };
    if (typeof body.access_token !== 'string' || !body.access_token) {
      throw new TutorialSourceUnavailableError('token endpoint sent no access_token');
    }
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    this.current = { value: body.access_token, expiresAt: Date.now() + Math.max(0, lifetime - 60) * 1000 };
    return body.access_token;
  }
}

/** "ECONNREFUSED", "TimeoutError"…: the cause of a failed fetch, without any request data. */
export function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; name?: string } })?.cause;
  return cause?.code ?? cause?.name ?? (error as Error)?.name ?? 'error';
}
