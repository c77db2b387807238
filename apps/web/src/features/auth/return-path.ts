import { paths } from '../../config/paths';
import { isOwnPath } from '../../lib/own-path';

/**
 * Where to go after logging in: the screen the session guard sent us away from (a QR label's card
 * address, a bookmark), when it is one of ours; else the home screen.
 */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (!isOwnPath(from)) return paths.home;
  return from === paths.login || from.startsWith(`${paths.login}?`) || from === paths.root
    ? paths.home
    : from;
}
