import { z } from 'zod';
import { FILE_TYPES, MACHINE_STATUS_NAMES } from '../reference-data.js';

/** REFERENCE_DATA is `as const`: its arrays are readonly. */
const list = <T extends z.ZodType>(item: T) => z.array(item).readonly();
const named = z.object({ name: z.string(), label: z.string() });
const pageSizes = z.object({ sizes: list(z.number().int()), default: z.number().int() });

/**
 * The answer of `GET /api/reference-data`: REFERENCE_DATA, the company's time zone and the upload
 * limit. Keys missing here would be dropped from the answer; system.test.ts compares the answer with
 * REFERENCE_DATA and the two settings as a whole.
 */
export const referenceDataSchema = z.object({
  provinces: list(z.string()),
  statuses: list(
    z.object({
      name: z.enum(MACHINE_STATUS_NAMES),
      label: z.string(),
      weight: z.number().int(),
      colorBackground: z.string(),
      colorText: z.string(),
    }),
  ),
  serviceTypes: list(named),
  paymentTypes: list(named),
  serviceStates: list(named),
  pageSizes: z.object({ machines: pageSizes, services: pageSizes, inspections: pageSizes, other: pageSizes }),
  fileTypes: list(z.enum(FILE_TYPES)),
  roles: list(z.object({ id: z.number().int(), role: z.string() })),
  /** TZ_COMPANY (IANA name): the browser shows moments and takes "today" on the company's clock. */
  companyTimeZone: z.string(),
  /** MAX_UPLOAD_MB: the browser refuses a larger file before sending it. */
  maxUploadMb: z.number(),
});
export type ReferenceDataAnswer = z.infer<typeof referenceDataSchema>;
