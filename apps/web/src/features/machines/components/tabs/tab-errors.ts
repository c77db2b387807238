import { MSG } from '@serwis/domain';
import { ApiError } from '../../../../lib/api-client';

/** Notes and parts (spec §8): a refusal reads "Brak uprawnień do tej operacji.", anything else "Błąd!". */
export function forbiddenOrError(error: unknown): string {
  return error instanceof ApiError && error.status === 403 ? MSG.forbidden : MSG.error;
}
