import { types, type PGlite, type QueryOptions } from '@electric-sql/pglite';

/**
 * The types drizzle keeps as PostgreSQL's text (its date and time columns map the text
 * themselves): the ones whose parsers drizzle's PGlite driver hands over with every query.
 */
export const TEXT_TYPE_IDS: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const textTypeIds = new Set(TEXT_TYPE_IDS);
const asText = (value: string) => value;

/**
 * A query's options without the parsers drizzle sends along when they only keep text types as text,
 * which the client already does. PGlite merges a query's own parsers into a copy of all of its 355
 * (about 0.1 ms a query, a tenth of a short list call); without them it reads its own map.
 */
export function withoutTextParsers(options?: QueryOptions): QueryOptions | undefined {
  if (!options?.parsers) return options;
  if (!Object.keys(options.parsers).every((id) => textTypeIds.has(Number(id)))) return options;
  const { parsers: _parsers, ...rest } = options;
  return rest;
}

/** Sets the client's own parsers of drizzle's text types (and their arrays) to keep the text. */
export function keepTextTypesAsText(client: PGlite): void {
  // After start PGlite builds each array type's parser from its element's; these stay text.
  for (const id of TEXT_TYPE_IDS) client.parsers[id] = asText;
}
