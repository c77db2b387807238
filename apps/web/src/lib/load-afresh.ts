/**
 * Loads `path` as a new page: nothing of the app's memory (cached answers, forms) survives. For a
 * logout, and for another employee taking over a screen whose session ended.
 */
export function loadAfresh(path: string) {
  window.location.assign(path);
}
