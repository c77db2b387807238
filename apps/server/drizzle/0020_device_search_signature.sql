-- hand-written
-- The machines' trigram signature (docs/decisions.md, "A walk that skips by signature"): 256 bits,
-- four bigints, one bit set for each trigram of the search text (devices.table.ts,
-- deviceSearchText), as pg_trgm extracts them. A machine whose text contains a term has every bit
-- of the term's trigrams set, so a walk of the default order's index, which carries the four
-- columns, passes by every machine missing one of them without reading it, and reads only the few
-- that may match to check them (devices.signature.ts). Derived data: a trigger keeps it from the
-- text columns, never the application.
CREATE OR REPLACE FUNCTION trigram_bits(trigrams text[]) RETURNS bigint[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY[coalesce(bit_or(b) FILTER (WHERE part = 0), 0), coalesce(bit_or(b) FILTER (WHERE part = 1), 0),
               coalesce(bit_or(b) FILTER (WHERE part = 2), 0), coalesce(bit_or(b) FILTER (WHERE part = 3), 0)]
  FROM (SELECT (h >> 6) & 3 AS part, 1::bigint << (h & 63) AS b
        FROM (SELECT hashtext(g) AS h FROM unnest(trigrams) AS g) AS hashes) AS bits
$$;
--> statement-breakpoint
-- A stored text's signature: every trigram pg_trgm finds in it (its words padded, lower-cased).
CREATE OR REPLACE FUNCTION trigram_signature(t text) RETURNS bigint[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT trigram_bits(coalesce(show_trgm(t), '{}'))
$$;
--> statement-breakpoint
-- A searched term's signature: only the trigrams every text containing it also has. The padding
-- of the term's first and last word is left out (the text may go on before and after the term):
-- it is what the term's trigrams do not share with the term between two letters it does not hold.
-- Within the term, a word boundary is the text's too, and its padded trigrams stay.
CREATE OR REPLACE FUNCTION trigram_term_signature(term text) RETURNS bigint[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN filler IS NULL THEN ARRAY[0, 0, 0, 0]::bigint[]
    ELSE trigram_bits(ARRAY(SELECT g FROM unnest(show_trgm(term)) AS g
                            WHERE g = ANY(show_trgm(filler || term || filler)))) END
  FROM (SELECT (SELECT f FROM unnest(ARRAY['q', 'x', 'j', 'v', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']) AS f
                WHERE strpos(lower(term), f) = 0 LIMIT 1) AS filler) AS chosen
$$;
--> statement-breakpoint
DROP INDEX "devices_type_weight_idx";
--> statement-breakpoint
-- Filled in one rewrite of the table (generated columns), then made plain columns the trigger
-- keeps, as the services' search copy (0015).
ALTER TABLE "devices"
  ADD COLUMN "search_sig1" bigint GENERATED ALWAYS AS ((trigram_signature("id"::text || chr(31) || "name" || chr(31) || "serial_number" || chr(31) || "street_address" || chr(31) || "zip_code" || chr(31) || "city" || chr(31) || "province" || chr(31) || "warranty" || chr(31) || "warranty_length"::text))[1]) STORED,
  ADD COLUMN "search_sig2" bigint GENERATED ALWAYS AS ((trigram_signature("id"::text || chr(31) || "name" || chr(31) || "serial_number" || chr(31) || "street_address" || chr(31) || "zip_code" || chr(31) || "city" || chr(31) || "province" || chr(31) || "warranty" || chr(31) || "warranty_length"::text))[2]) STORED,
  ADD COLUMN "search_sig3" bigint GENERATED ALWAYS AS ((trigram_signature("id"::text || chr(31) || "name" || chr(31) || "serial_number" || chr(31) || "street_address" || chr(31) || "zip_code" || chr(31) || "city" || chr(31) || "province" || chr(31) || "warranty" || chr(31) || "warranty_length"::text))[3]) STORED,
  ADD COLUMN "search_sig4" bigint GENERATED ALWAYS AS ((trigram_signature("id"::text || chr(31) || "name" || chr(31) || "serial_number" || chr(31) || "street_address" || chr(31) || "zip_code" || chr(31) || "city" || chr(31) || "province" || chr(31) || "warranty" || chr(31) || "warranty_length"::text))[4]) STORED;
--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "search_sig1" DROP EXPRESSION, ALTER COLUMN "search_sig2" DROP EXPRESSION,
  ALTER COLUMN "search_sig3" DROP EXPRESSION, ALTER COLUMN "search_sig4" DROP EXPRESSION;
--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "search_sig1" SET DEFAULT 0, ALTER COLUMN "search_sig2" SET DEFAULT 0,
  ALTER COLUMN "search_sig3" SET DEFAULT 0, ALTER COLUMN "search_sig4" SET DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "search_sig1" SET NOT NULL, ALTER COLUMN "search_sig2" SET NOT NULL,
  ALTER COLUMN "search_sig3" SET NOT NULL, ALTER COLUMN "search_sig4" SET NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION devices_fill_search_signature() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s bigint[] := coalesce(trigram_signature(NEW.id::text || chr(31) || NEW.name || chr(31) || NEW.serial_number
    || chr(31) || NEW.street_address || chr(31) || NEW.zip_code || chr(31) || NEW.city || chr(31) || NEW.province
    || chr(31) || NEW.warranty || chr(31) || NEW.warranty_length::text), ARRAY[0, 0, 0, 0]::bigint[]);
BEGIN
  NEW.search_sig1 := s[1];
  NEW.search_sig2 := s[2];
  NEW.search_sig3 := s[3];
  NEW.search_sig4 := s[4];
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "devices_search_signature" BEFORE INSERT OR UPDATE OF "id", "name", "serial_number",
  "street_address", "zip_code", "city", "province", "warranty", "warranty_length", "search_sig1",
  "search_sig2", "search_sig3", "search_sig4" ON "devices" FOR EACH ROW EXECUTE FUNCTION devices_fill_search_signature();
--> statement-breakpoint
-- The default order's index as in 0019, with the signature: 32 bytes more per entry, far under
-- B-tree's 2,704 (devices-list-scale.test.ts, the widest machine).
CREATE INDEX "devices_type_weight_idx" ON "devices" USING btree ("type", "status_weight", "id")
  INCLUDE ("customer_id", "category_id", "transfer_date", "province", "zip_code", "source_power",
    "serial_number", "name", "warranty_length", "search_sig1", "search_sig2", "search_sig3", "search_sig4");
