/**
 * The request header naming the employee a browser tab shows (its id); the server refuses a call
 * whose session is now another employee's (logged in in another tab). Kept apart from the schemas:
 * the login screen's code reads it, and importing a schema's module brings zod with it.
 */
export const SHOWN_USER_HEADER = 'x-serwis-user';
