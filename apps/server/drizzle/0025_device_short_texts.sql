-- hand-written
-- The street, the city and the warranty on the default order's entry (docs/decisions.md, "Short
-- copies on the machines' walk"), each when it is short: `street_short`, `city_short`,
-- `warranty_short` hold the column when it has at most 40, 30, 40 characters, else NULL. With them
-- every column the list's conditions read is on the entry (0019, 0020), so the signature walk
-- decides a machine there and reads only one whose texts are longer (devices.signature.ts). Short
-- copies rather than the columns themselves: the widest machine (every text in four-byte
-- characters) must still fit a B-tree entry (2,704 bytes), and the copies add at most 452 bytes.
-- Filled in one rewrite (generated columns), then plain columns the search signature's trigger
-- keeps, as the signature (0020): a restore writes every column back. The default order's index
-- is made once, after the rewrite.
DROP INDEX "devices_type_weight_idx";
--> statement-breakpoint
ALTER TABLE "devices"
  ADD COLUMN "street_short" varchar(40)
    GENERATED ALWAYS AS (CASE WHEN char_length("street_address") <= 40 THEN "street_address" END) STORED,
  ADD COLUMN "city_short" varchar(30)
    GENERATED ALWAYS AS (CASE WHEN char_length("city") <= 30 THEN "city" END) STORED,
  ADD COLUMN "warranty_short" varchar(40)
    GENERATED ALWAYS AS (CASE WHEN char_length("warranty") <= 40 THEN "warranty" END) STORED;
--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "street_short" DROP EXPRESSION, ALTER COLUMN "city_short" DROP EXPRESSION,
  ALTER COLUMN "warranty_short" DROP EXPRESSION;
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
  NEW.street_short := CASE WHEN char_length(NEW.street_address) <= 40 THEN NEW.street_address END;
  NEW.city_short := CASE WHEN char_length(NEW.city) <= 30 THEN NEW.city END;
  NEW.warranty_short := CASE WHEN char_length(NEW.warranty) <= 40 THEN NEW.warranty END;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER "devices_search_signature" ON "devices";
--> statement-breakpoint
CREATE TRIGGER "devices_search_signature" BEFORE INSERT OR UPDATE OF "id", "name", "serial_number",
  "street_address", "zip_code", "city", "province", "warranty", "warranty_length", "search_sig1",
  "search_sig2", "search_sig3", "search_sig4", "street_short", "city_short", "warranty_short" ON "devices"
  FOR EACH ROW EXECUTE FUNCTION devices_fill_search_signature();
--> statement-breakpoint
CREATE INDEX "devices_type_weight_idx" ON "devices" USING btree ("type", "status_weight", "id")
  INCLUDE ("customer_id", "category_id", "transfer_date", "province", "zip_code", "source_power",
    "serial_number", "name", "warranty_length", "search_sig1", "search_sig2", "search_sig3", "search_sig4",
    "street_short", "city_short", "warranty_short");
