-- hand-written
-- The inspection summaries' trigram signature (docs/decisions.md, "The inspections' walk by
-- signature"): the bits of the search copy, as the machines' (0020) and the events' (0021), kept by
-- the trigger that keeps the copy. The default order's two indexes carry them beside the copy, so a
-- deep page of a long search passes by its bits every machine whose copy cannot hold the term and
-- compares the copy with the pattern only for the rest (inspections.signature.ts). Filled in one
-- rewrite (generated columns), then plain columns the trigger keeps: a restore writes them again.
ALTER TABLE "inspection_summaries"
  ADD COLUMN "search_sig1" bigint GENERATED ALWAYS AS ((trigram_signature("search_text"))[1]) STORED,
  ADD COLUMN "search_sig2" bigint GENERATED ALWAYS AS ((trigram_signature("search_text"))[2]) STORED,
  ADD COLUMN "search_sig3" bigint GENERATED ALWAYS AS ((trigram_signature("search_text"))[3]) STORED,
  ADD COLUMN "search_sig4" bigint GENERATED ALWAYS AS ((trigram_signature("search_text"))[4]) STORED;
--> statement-breakpoint
ALTER TABLE "inspection_summaries" ALTER COLUMN "search_sig1" DROP EXPRESSION,
  ALTER COLUMN "search_sig2" DROP EXPRESSION, ALTER COLUMN "search_sig3" DROP EXPRESSION,
  ALTER COLUMN "search_sig4" DROP EXPRESSION;
--> statement-breakpoint
ALTER TABLE "inspection_summaries" ALTER COLUMN "search_sig1" SET DEFAULT 0,
  ALTER COLUMN "search_sig2" SET DEFAULT 0, ALTER COLUMN "search_sig3" SET DEFAULT 0,
  ALTER COLUMN "search_sig4" SET DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "inspection_summaries" ALTER COLUMN "search_sig1" SET NOT NULL,
  ALTER COLUMN "search_sig2" SET NOT NULL, ALTER COLUMN "search_sig3" SET NOT NULL,
  ALTER COLUMN "search_sig4" SET NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_summaries_fill_keys() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s bigint[];
BEGIN
  SELECT d.name, d.city, d.status_weight, d.transfer_date,
         (d.transfer_date + make_interval(months => d.warranty_length))::date, c.short_name, k.name
    INTO NEW.device_name, NEW.city, NEW.status_weight, NEW.transfer_date, NEW.warranty_end,
         NEW.customer_short_name, NEW.category_name
    FROM devices d JOIN customers c ON c.id = d.customer_id JOIN categories k ON k.id = d.category_id
    WHERE d.id = NEW.device_id;
  NEW.search_text := lower(NEW.device_name || chr(31) || NEW.city || chr(31) || NEW.customer_short_name
    || chr(31) || NEW.category_name);
  s := coalesce(trigram_signature(NEW.search_text), ARRAY[0, 0, 0, 0]::bigint[]);
  NEW.search_sig1 := s[1];
  NEW.search_sig2 := s[2];
  NEW.search_sig3 := s[3];
  NEW.search_sig4 := s[4];
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP INDEX "inspection_summaries_all_idx";
--> statement-breakpoint
CREATE INDEX "inspection_summaries_all_idx" ON "inspection_summaries" USING btree ("next_inspection" ASC NULLS LAST, "device_id")
  INCLUDE ("search_text", "search_sig1", "search_sig2", "search_sig3", "search_sig4") WHERE "inspection_summaries"."listed";
--> statement-breakpoint
DROP INDEX "inspection_summaries_actual_idx";
--> statement-breakpoint
CREATE INDEX "inspection_summaries_actual_idx" ON "inspection_summaries" USING btree ("next_inspection" ASC NULLS LAST, "device_id")
  INCLUDE ("search_text", "search_sig1", "search_sig2", "search_sig3", "search_sig4") WHERE "inspection_summaries"."actual";
