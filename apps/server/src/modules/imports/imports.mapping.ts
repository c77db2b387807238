import { IMPORT_MSG, detectMapping, importFields, type ImportKind, type ImportOptions } from '@serwis/domain';
import { badRequest } from '../../lib/app-error.js';

/**
 * The field of each column: the one sent, else the one its header names; and the required fields
 * no column is mapped to (the import refuses those, the preview asks for them).
 */
export function mapColumns(kind: ImportKind, headers: string[], options: ImportOptions) {
  const fields = importFields(kind);
  const mapping = options.mapping
    ? headers.map((_, i) => options.mapping![i] || null)
    : detectMapping(kind, headers);
  const seen = new Set<string>();
  for (const key of mapping) {
    if (key === null) continue;
    const field = fields.find((f) => f.key === key);
    if (!field) throw badRequest(IMPORT_MSG.unknownField, 'IMPORT_MAPPING', 'mapping');
    if (seen.has(key)) throw badRequest(IMPORT_MSG.duplicateField(field.label), 'IMPORT_MAPPING', 'mapping');
    seen.add(key);
  }
  const missing = fields.filter((field) => field.required && !seen.has(field.key));
  return { mapping, missing };
}

/** The field of each column; a required field without one refuses the file. */
export function resolveMapping(kind: ImportKind, headers: string[], options: ImportOptions) {
  const { mapping, missing } = mapColumns(kind, headers, options);
  if (missing[0]) throw badRequest(IMPORT_MSG.missingColumn(missing[0].label), 'IMPORT_MAPPING', 'mapping');
  return mapping;
}
