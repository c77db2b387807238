import { fieldErrorMessage, fieldPath, MSG } from '@serwis/domain';

/** The one error type of the app: a status and a Polish message for the user. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string = 'ERROR',
    /** The dotted path of the field a validation failure is about (`customer.id`), sent as `field`. */
    readonly field?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string = MSG.invalidInput, code = 'BAD_REQUEST', field?: string) =>
  new AppError(400, message, code, field);

/** A 400 about one field: its path in `field` and a Polish message that names it. */
export const invalidField = (
  path: readonly PropertyKey[] | string,
  message?: string,
  code = 'VALIDATION',
) => {
  const field = typeof path === 'string' ? path : fieldPath(path);
  return new AppError(400, fieldErrorMessage(field, message), code, field);
};
export const unauthorized = (message: string = MSG.sessionRequired, code = 'UNAUTHORIZED') =>
  new AppError(401, message, code);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message, 'FORBIDDEN');
export const notFound = (message: string = MSG.notFound) => new AppError(404, message, 'NOT_FOUND');
/** `field`: the one input the conflict is about (a name taken), shown under it by the forms. */
export const conflict = (message: string = MSG.conflict, code = 'CONFLICT', field?: string) =>
  new AppError(409, message, code, field);
