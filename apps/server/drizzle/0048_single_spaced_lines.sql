-- One-line fields are saved single-spaced (schemas/common.ts, singleSpaced): every run of white
-- space (two spaces, a tab, a line break, a no-break space) as one space, trimmed. Values saved before
-- as typed ("Nowa  Huta") were found by no search (a search squeezes what is typed), and a re-import
-- of the same serial number would no longer match them. Only rows holding such a value are
-- rewritten; the triggers carry a machine's or an employee's new name into its copies as for an
-- edit. No log entry: nothing a reader could tell apart changes.
UPDATE "devices" SET
  "name" = btrim(regexp_replace("name", '[\s\u00a0]+', ' ', 'g')),
  "serial_number" = btrim(regexp_replace("serial_number", '[\s\u00a0]+', ' ', 'g')),
  "source_power" = btrim(regexp_replace("source_power", '[\s\u00a0]+', ' ', 'g')),
  "warranty" = btrim(regexp_replace("warranty", '[\s\u00a0]+', ' ', 'g')),
  "street_address" = btrim(regexp_replace("street_address", '[\s\u00a0]+', ' ', 'g')),
  "zip_code" = btrim(regexp_replace("zip_code", '[\s\u00a0]+', ' ', 'g')),
  "city" = btrim(regexp_replace("city", '[\s\u00a0]+', ' ', 'g'))
WHERE "name" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$'
  OR "serial_number" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$'
  OR "source_power" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$'
  OR "warranty" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$'
  OR "street_address" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$'
  OR "zip_code" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$'
  OR "city" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$';
--> statement-breakpoint
UPDATE "customers" SET
  "full_name" = btrim(regexp_replace("full_name", '[\s\u00a0]+', ' ', 'g')),
  "street_address" = btrim(regexp_replace("street_address", '[\s\u00a0]+', ' ', 'g')),
  "zip_code" = btrim(regexp_replace("zip_code", '[\s\u00a0]+', ' ', 'g')),
  "city" = btrim(regexp_replace("city", '[\s\u00a0]+', ' ', 'g')),
  "nip" = btrim(regexp_replace("nip", '[\s\u00a0]+', ' ', 'g')),
  "regon" = btrim(regexp_replace("regon", '[\s\u00a0]+', ' ', 'g')),
  "phone_number" = btrim(regexp_replace("phone_number", '[\s\u00a0]+', ' ', 'g'))
WHERE "full_name" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$'
  OR "street_address" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$'
  OR "zip_code" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$'
  OR "city" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$'
  OR "nip" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$'
  OR "regon" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$'
  OR "phone_number" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$';
--> statement-breakpoint
UPDATE "users" SET
  "user_name" = btrim(regexp_replace("user_name", '[\s\u00a0]+', ' ', 'g')),
  "first_name" = btrim(regexp_replace("first_name", '[\s\u00a0]+', ' ', 'g')),
  "last_name" = btrim(regexp_replace("last_name", '[\s\u00a0]+', ' ', 'g')),
  "country" = btrim(regexp_replace("country", '[\s\u00a0]+', ' ', 'g'))
WHERE "user_name" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$'
  OR "first_name" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$'
  OR "last_name" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$'
  OR "country" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$';
--> statement-breakpoint
UPDATE "parts" SET
  "name" = btrim(regexp_replace("name", '[\s\u00a0]+', ' ', 'g')),
  "serial_number" = btrim(regexp_replace("serial_number", '[\s\u00a0]+', ' ', 'g')),
  "producer" = btrim(regexp_replace("producer", '[\s\u00a0]+', ' ', 'g'))
WHERE "name" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$'
  OR "serial_number" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$'
  OR "producer" ~ '[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0]|^\s|\s$';
