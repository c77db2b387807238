/**
 * The request header naming the employee a browser tab shows (its id); the server refuses a call
 * whose session is now another employee's (logged in in another tab). Kept apart from the schemas:
 * the login screen's code reads it, and importing a schema's module brings zod with it.
 */
export const SHOWN_USER_HEADER = 'x-serwis-user';

/**
 * The response header naming the build of the browser app the server serves (its entry script's
 * address in index.html). A tab whose own entry script is another one was loaded from an older
 * build: it says a new version is there (a deploy while the tab stayed open).
 */
export const APP_VERSION_HEADER = 'x-serwis-app';
