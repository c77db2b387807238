-- One-line fields are saved single-spaced (schemas/common.ts, singleSpaced); values saved before
-- with two spaces in a row ("Nowa  Huta") were found by no search, and a re-import of the same
-- serial number would no longer match them. Only rows holding such a run are rewritten; the
-- triggers carry a machine's new name into its copies as for any edit.
UPDATE "devices" SET
  "name" = regexp_replace("name", '\s{2,}', ' ', 'g'),
  "serial_number" = regexp_replace("serial_number", '\s{2,}', ' ', 'g'),
  "source_power" = regexp_replace("source_power", '\s{2,}', ' ', 'g'),
  "warranty" = regexp_replace("warranty", '\s{2,}', ' ', 'g'),
  "street_address" = regexp_replace("street_address", '\s{2,}', ' ', 'g'),
  "zip_code" = regexp_replace("zip_code", '\s{2,}', ' ', 'g'),
  "city" = regexp_replace("city", '\s{2,}', ' ', 'g')
WHERE "name" ~ '\s{2,}' OR "serial_number" ~ '\s{2,}' OR "source_power" ~ '\s{2,}' OR "warranty" ~ '\s{2,}'
  OR "street_address" ~ '\s{2,}' OR "zip_code" ~ '\s{2,}' OR "city" ~ '\s{2,}';
--> statement-breakpoint
UPDATE "customers" SET
  "full_name" = regexp_replace("full_name", '\s{2,}', ' ', 'g'),
  "street_address" = regexp_replace("street_address", '\s{2,}', ' ', 'g'),
  "zip_code" = regexp_replace("zip_code", '\s{2,}', ' ', 'g'),
  "city" = regexp_replace("city", '\s{2,}', ' ', 'g'),
  "nip" = regexp_replace("nip", '\s{2,}', ' ', 'g'),
  "regon" = regexp_replace("regon", '\s{2,}', ' ', 'g'),
  "phone_number" = regexp_replace("phone_number", '\s{2,}', ' ', 'g')
WHERE "full_name" ~ '\s{2,}' OR "street_address" ~ '\s{2,}' OR "zip_code" ~ '\s{2,}' OR "city" ~ '\s{2,}'
  OR "nip" ~ '\s{2,}' OR "regon" ~ '\s{2,}' OR "phone_number" ~ '\s{2,}';
