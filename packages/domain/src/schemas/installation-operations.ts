import { z } from 'zod';
import { PROTOCOL_MSG } from '../protocol-messages.js';
import { containsMarker, normaliseOperationName } from '../rules/service-operations.js';
import { MSG, validationMessage } from '../messages.js';
import { id } from './common.js';

export const INSTALLATION_OPERATION_TEXT_MAX = 1000;

/** One line, as a category's operation: the list, the protocol and its PDF show the same text. */
const operationText = z
  .string({ error: PROTOCOL_MSG.installationOperationTextRequired })
  .transform(normaliseOperationName)
  .pipe(
    z
      .string()
      .min(1, PROTOCOL_MSG.installationOperationTextRequired)
      .max(INSTALLATION_OPERATION_TEXT_MAX, validationMessage.tooLong(INSTALLATION_OPERATION_TEXT_MAX))
      // The marker of a category's measurement fields means nothing here: it was printed as typed.
      .refine((text) => !containsMarker(text), MSG.operationMarkerInName),
  );

/** POST /api/installation-operation. */
export const installationOperationCreateSchema = z.object({ text: operationText });

/** PUT /api/installation-operation: a changed orderNumber moves the operation to that place. */
export const installationOperationUpdateSchema = z.object({
  id,
  text: operationText,
  orderNumber: z.coerce.number().int().min(1).max(100_000).optional(),
});

export const installationOperationSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  orderNumber: z.number().int(),
});
export type InstallationOperation = z.infer<typeof installationOperationSchema>;

export const installationOperationIdQuery = z.object({ installationOperationId: id });
export const installationOperationDeleteQuery = z.object({ id });
