import { z } from 'zod';
import { MAX } from '../limits.js';
import { MSG, validationMessage } from '../messages.js';
import { OPERATION_LIMITS, operationNameError } from '../rules/service-operations.js';
import { id, singleSpaced } from './common.js';

export const CATEGORY_NAME_MIN = 3;

export const categoryName = z
  .string({ error: MSG.categoryNameMin })
  .trim()
  .min(CATEGORY_NAME_MIN, MSG.categoryNameMin)
  .max(MAX.short, validationMessage.tooLong(MAX.short))
  .transform(singleSpaced);

export const categoryInsertSchema = z.object({ name: categoryName });
export type CategoryInsert = z.infer<typeof categoryInsertSchema>;

/**
 * `serviceReviewOperationsList` is the encoded text of spec §3; absent or null leaves the list as
 * it is. Its content is checked by the codec on the server (decodeOperations).
 */
export const categoryUpdateSchema = z.object({
  id,
  name: categoryName,
  serviceReviewOperationsList: z
    .string({ error: MSG.operationsListInvalid })
    .max(OPERATION_LIMITS.listText, MSG.operationsListTooLong)
    .nullish(),
});
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Machines in the category, both families. */
  count: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryDetailsSchema = categorySchema.extend({
  serviceReviewOperationsList: z.string(),
  /** The version saved (ISO time): an update made on it passes it as `base`. */
  updatedAt: z.string(),
});
export type CategoryDetails = z.infer<typeof categoryDetailsSchema>;

/** The add/edit modal of one service operation. */
export const serviceOperationFormSchema = z.object({
  name: z
    .string()
    .max(OPERATION_LIMITS.name, MSG.operationNameTooLong)
    .superRefine((value, ctx) => {
      const problem = operationNameError(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  fields: z
    .array(
      z.object({
        name: z
          .string()
          .trim()
          .min(1, MSG.requiredField)
          .max(OPERATION_LIMITS.fieldName, MSG.operationFieldTooLong),
        unit: z.string().trim().max(OPERATION_LIMITS.fieldUnit, MSG.operationFieldTooLong),
      }),
    )
    .max(OPERATION_LIMITS.fieldsPerOperation),
});
export type ServiceOperationForm = z.infer<typeof serviceOperationFormSchema>;
