/**
 * Whether `path` (from an address's parameter or a navigation's state) is a path of this app:
 * it starts with one "/" and not "//" or "/\" (which a browser reads as another host), so a link
 * made elsewhere can never send a back button or a login out of the app.
 */
export function isOwnPath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !/^\/[/\\]/.test(path);
}
