import { MAX } from '@serwis/domain';

export type BasicCredentials = { email: string; password: string };

/**
 * Reads `Authorization: Basic base64(email:password)`. Returns null when absent and 'malformed'
 * when present but unreadable, so the route can answer 400 rather than 500.
 */
export function parseBasicAuth(header: string | undefined): BasicCredentials | null | 'malformed' {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]{1,1000})\s*$/i.exec(header);
  if (!match) return 'malformed';
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return 'malformed';
  const email = decoded.slice(0, colon).trim();
  const password = decoded.slice(colon + 1);
  if (email.length > MAX.email || password.length > MAX.password) return 'malformed';
  return { email, password };
}
