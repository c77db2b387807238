DROP INDEX "devices_customer_idx";--> statement-breakpoint
DROP INDEX "devices_category_idx";--> statement-breakpoint
DROP INDEX "devices_transfer_date_idx";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "machine_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "customer_short_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "category_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
-- hand-written (here, before the new indexes exist: one pass over the machines, no index upkeep)
UPDATE "devices" d SET "customer_short_name" = cu."short_name", "category_name" = ca."name"
FROM "customers" cu, "categories" ca
WHERE cu."id" = d."customer_id" AND ca."id" = d."category_id";--> statement-breakpoint
CREATE INDEX "customers_short_name_trgm" ON "customers" USING gin ("short_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_short_name_prefix_idx" ON "customers" USING btree (lower("short_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "devices_type_name_idx" ON "devices" USING btree ("type","name","id");--> statement-breakpoint
CREATE INDEX "devices_type_customer_name_idx" ON "devices" USING btree ("type","customer_short_name","id");--> statement-breakpoint
CREATE INDEX "devices_type_category_name_idx" ON "devices" USING btree ("type","category_name","id");--> statement-breakpoint
CREATE INDEX "devices_type_serial_idx" ON "devices" USING btree ("type","serial_number","id");--> statement-breakpoint
CREATE INDEX "devices_type_source_power_idx" ON "devices" USING btree ("type","source_power","id");--> statement-breakpoint
CREATE INDEX "devices_type_warranty_idx" ON "devices" USING btree ("type","warranty_length","warranty","id");--> statement-breakpoint
CREATE INDEX "devices_type_warranty_length_idx" ON "devices" USING btree ("type","warranty_length","id");--> statement-breakpoint
CREATE INDEX "devices_type_street_idx" ON "devices" USING btree ("type","street_address","id");--> statement-breakpoint
CREATE INDEX "devices_type_zip_idx" ON "devices" USING btree ("type","zip_code","id");--> statement-breakpoint
CREATE INDEX "devices_type_city_idx" ON "devices" USING btree ("type","city","id");--> statement-breakpoint
CREATE INDEX "devices_type_province_idx" ON "devices" USING btree ("type","province","id");--> statement-breakpoint
CREATE INDEX "devices_transfer_date_desc_idx" ON "devices" USING btree ("type","transfer_date" DESC NULLS LAST,"id" DESC);--> statement-breakpoint
CREATE INDEX "devices_name_prefix_idx" ON "devices" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "devices_serial_prefix_idx" ON "devices" USING btree (lower("serial_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "devices_customer_idx" ON "devices" USING btree ("customer_id","status_weight","id");--> statement-breakpoint
CREATE INDEX "devices_category_idx" ON "devices" USING btree ("category_id","status_weight","id");--> statement-breakpoint
CREATE INDEX "devices_transfer_date_idx" ON "devices" USING btree ("type","transfer_date","id");--> statement-breakpoint
-- hand-written
-- The machine's copies of its customer's short name and its category's name (sort keys of the
-- lists) follow every write in the writing transaction. COALESCE: a missing customer or category
-- is reported by the foreign key (409), not as a NOT NULL violation.
CREATE FUNCTION "devices_fill_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW."customer_id" IS DISTINCT FROM OLD."customer_id" THEN
    NEW."customer_short_name" := COALESCE((SELECT "short_name" FROM "customers" WHERE "id" = NEW."customer_id"), '');
  END IF;
  IF TG_OP = 'INSERT' OR NEW."category_id" IS DISTINCT FROM OLD."category_id" THEN
    NEW."category_name" := COALESCE((SELECT "name" FROM "categories" WHERE "id" = NEW."category_id"), '');
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "devices_fill_names" BEFORE INSERT OR UPDATE OF "customer_id", "category_id" ON "devices"
FOR EACH ROW EXECUTE FUNCTION "devices_fill_names"();--> statement-breakpoint
CREATE FUNCTION "customers_rename_devices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "devices" SET "customer_short_name" = NEW."short_name" WHERE "customer_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_rename_devices" AFTER UPDATE OF "short_name" ON "customers"
FOR EACH ROW WHEN (OLD."short_name" IS DISTINCT FROM NEW."short_name")
EXECUTE FUNCTION "customers_rename_devices"();--> statement-breakpoint
CREATE FUNCTION "categories_rename_devices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "devices" SET "category_name" = NEW."name" WHERE "category_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "categories_rename_devices" AFTER UPDATE OF "name" ON "categories"
FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
EXECUTE FUNCTION "categories_rename_devices"();--> statement-breakpoint
-- categories.machine_count: one UPDATE per category per statement for inserts and deletes
-- (statement triggers over the transition tables), so a 5,000-row import touches each category
-- once, not once per machine. A move to another category is a row trigger that fires only when
-- category_id changes: a statement trigger on every UPDATE would join the transition tables of a
-- rename's thousands of rows for nothing.
CREATE FUNCTION "devices_count_categories"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "categories" c SET "machine_count" = c."machine_count" + d.n
    FROM (SELECT "category_id", count(*)::int AS n FROM new_rows GROUP BY "category_id") d
    WHERE c."id" = d."category_id";
  ELSE
    UPDATE "categories" c SET "machine_count" = c."machine_count" - d.n
    FROM (SELECT "category_id", count(*)::int AS n FROM old_rows GROUP BY "category_id") d
    WHERE c."id" = d."category_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "devices_count_insert" AFTER INSERT ON "devices" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "devices_count_categories"();--> statement-breakpoint
CREATE TRIGGER "devices_count_delete" AFTER DELETE ON "devices" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "devices_count_categories"();--> statement-breakpoint
CREATE FUNCTION "devices_count_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One statement for both rows, so two opposite moves lock them in the same order.
  UPDATE "categories" SET "machine_count" = "machine_count" + CASE WHEN "id" = NEW."category_id" THEN 1 ELSE -1 END
  WHERE "id" IN (OLD."category_id", NEW."category_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "devices_count_move" AFTER UPDATE OF "category_id" ON "devices"
FOR EACH ROW WHEN (OLD."category_id" IS DISTINCT FROM NEW."category_id")
EXECUTE FUNCTION "devices_count_move"();--> statement-breakpoint
UPDATE "categories" c SET "machine_count" = (SELECT count(*)::int FROM "devices" d WHERE d."category_id" = c."id");
