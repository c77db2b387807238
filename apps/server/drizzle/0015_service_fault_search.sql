DROP INDEX "services_fault_prefix_idx";--> statement-breakpoint
DROP INDEX "services_internal_fault_trgm";--> statement-breakpoint
DROP INDEX "services_external_fault_trgm";--> statement-breakpoint
-- Filled in one rewrite of the table (a generated column), then made a plain column the trigger
-- keeps: an UPDATE of every event would write each row and each index entry twice.
ALTER TABLE "services" ADD COLUMN "fault_search" text GENERATED ALWAYS AS (lower("fault_description")) STORED;--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "fault_search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "fault_search" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "fault_search" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "services_fault_prefix_idx" ON "services" USING btree (left("fault_search", 64) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "services_internal_fault_trgm" ON "services" USING gin ("fault_search" gin_trgm_ops) WHERE "services"."has_internal";--> statement-breakpoint
CREATE INDEX "services_external_fault_trgm" ON "services" USING gin ("fault_search" gin_trgm_ops) WHERE "services"."has_external";--> statement-breakpoint
-- hand-written
-- The search copy of the description (services.table.ts, faultSearch) is kept by the trigger that
-- keeps the copied sort keys: on every insert, and on every update that writes the description.
CREATE OR REPLACE FUNCTION services_fill_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.short_name INTO NEW.customer_short_name FROM customers c WHERE c.id = NEW.customer_id;
  SELECT u.last_name, u.first_name INTO NEW.user_last_name, NEW.user_first_name
    FROM users u WHERE u.id = NEW.user_created_id;
  NEW.customer_short_name := coalesce(NEW.customer_short_name, '');
  NEW.user_last_name := coalesce(NEW.user_last_name, '');
  NEW.user_first_name := coalesce(NEW.user_first_name, '');
  NEW.fault_search := lower(NEW.fault_description);
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER services_list_keys_upd ON services;
--> statement-breakpoint
CREATE TRIGGER services_list_keys_upd BEFORE UPDATE OF customer_id, user_created_id, fault_description, fault_search
  ON services FOR EACH ROW EXECUTE FUNCTION services_fill_list_keys();
