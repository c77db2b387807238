import { MSG } from '@serwis/domain';
import { ApiError } from '../../../../lib/api-client';
import { orConnectionError } from '../../../../lib/failure-text';

/**
 * Notes and parts (spec §8): a refusal reads "Brak uprawnień do tej operacji.", anything else
 * "Błąd!", followed by the server's reason when what was written to is gone ("Błąd! Nie znaleziono
 * maszyny.": the machine deleted meanwhile; "Błąd!" alone was tried again in vain). No answer at
 all reads "Błąd połączenia z serwerem.", as on every other form.
 */
export function forbiddenOrError(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return MSG.forbidden;
  return goneOrError(error);
}

/**
 * "Błąd!" (spec §8), with the server's reason when the record is gone (404); "Błąd połączenia z
 * serwerem." when no answer came.
 */
export function goneOrError(error: unknown): string {
  return error instanceof ApiError && error.status === 404
    ? `${MSG.error} ${error.message}`
    : orConnectionError(MSG.error, error);
}
