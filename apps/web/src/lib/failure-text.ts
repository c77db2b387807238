import { MSG } from '@serwis/domain';
import { ApiError } from './api-client';

/** Whether the call got no answer at all (the server stopped, the connection down). */
export const noAnswer = (error: unknown) => error instanceof ApiError && error.code === 'NETWORK';

/**
 * A failed call's message: `text` (the screen's own, "Błąd!", "Nieznany błąd."), but "Błąd
 * połączenia z serwerem." when no answer came, so that a technician tells "no signal" from a fault
 * on every form alike.
 */
export function orConnectionError(text: string, error: unknown): string {
  return noAnswer(error) ? MSG.connectionError : text;
}
