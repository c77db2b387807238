DROP INDEX "inspection_summaries_search_trgm";--> statement-breakpoint
-- Filled in one rewrite of the table (a generated column), then made a plain column the trigger
-- below keeps (as services.fault_search in 0015).
ALTER TABLE "inspection_summaries" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("device_name" || chr(31) || "city" || chr(31) || "customer_short_name" || chr(31) || "category_name")) STORED;--> statement-breakpoint
ALTER TABLE "inspection_summaries" ALTER COLUMN "search_text" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "inspection_summaries" ALTER COLUMN "search_text" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "inspection_summaries" ALTER COLUMN "search_text" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "inspection_summaries_search_trgm" ON "inspection_summaries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- hand-written
-- The search copy (inspection-summaries.table.ts, searchText) is kept with the copied sort keys, by
-- the BEFORE trigger that fills them on every insert and update of a summary.
CREATE OR REPLACE FUNCTION inspection_summaries_fill_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT d.name, d.city, d.status_weight, d.transfer_date,
         (d.transfer_date + make_interval(months => d.warranty_length))::date, c.short_name, k.name
    INTO NEW.device_name, NEW.city, NEW.status_weight, NEW.transfer_date, NEW.warranty_end,
         NEW.customer_short_name, NEW.category_name
    FROM devices d JOIN customers c ON c.id = d.customer_id JOIN categories k ON k.id = d.category_id
    WHERE d.id = NEW.device_id;
  NEW.search_text := lower(NEW.device_name || chr(31) || NEW.city || chr(31) || NEW.customer_short_name
    || chr(31) || NEW.category_name);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The default order's indexes carry the search copy (INCLUDE, which Drizzle cannot declare; see
-- inspection-summaries.table.ts): a deep page of a broad search is then a walk of the index alone.
DROP INDEX "inspection_summaries_all_idx";
--> statement-breakpoint
CREATE INDEX "inspection_summaries_all_idx" ON "inspection_summaries" USING btree ("next_inspection" ASC NULLS LAST, "device_id")
  INCLUDE ("search_text") WHERE "inspection_summaries"."listed";
--> statement-breakpoint
DROP INDEX "inspection_summaries_actual_idx";
--> statement-breakpoint
CREATE INDEX "inspection_summaries_actual_idx" ON "inspection_summaries" USING btree ("next_inspection" ASC NULLS LAST, "device_id")
  INCLUDE ("search_text") WHERE "inspection_summaries"."actual";
