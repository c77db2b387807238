ALTER TABLE "services" ADD COLUMN "customer_short_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "user_last_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "user_first_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "incidents_text_trgm" ON "incidents" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "incidents_text_prefix_idx" ON "incidents" USING btree (lower(left("text", 64)) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "logs_search_trgm" ON "logs" USING gin (("formatted_message" || chr(31) || coalesce("arg0", '') || chr(31) || coalesce("arg1", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "logs_message_prefix_idx" ON "logs" USING btree (lower(left("formatted_message", 64)) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "services_state_order_idx" ON "services" USING btree ("state","year","month","number","number_extension","id","has_internal","has_external");--> statement-breakpoint
CREATE INDEX "services_payment_order_idx" ON "services" USING btree ("payment_type","year","month","number","number_extension","id","has_internal","has_external");--> statement-breakpoint
CREATE INDEX "services_fault_order_idx" ON "services" USING btree (left("fault_description", 100),"year","month","number","number_extension","id","has_internal","has_external");--> statement-breakpoint
CREATE INDEX "services_customer_order_idx" ON "services" USING btree ("customer_short_name","year","month","number","number_extension","id","has_internal","has_external");--> statement-breakpoint
CREATE INDEX "services_user_order_idx" ON "services" USING btree ("user_last_name","user_first_name","year","month","number","number_extension","id","has_internal","has_external");--> statement-breakpoint
CREATE INDEX "services_number_idx" ON "services" USING btree ("number");--> statement-breakpoint
CREATE INDEX "services_fault_prefix_idx" ON "services" USING btree (lower(left("fault_description", 64)) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "todos_status_asc_idx" ON "todos" USING btree ("to_do_status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "todos_date_idx" ON "todos" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "todos_date_asc_idx" ON "todos" USING btree ("date","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "todos_description_idx" ON "todos" USING btree (left("description", 100),"id");--> statement-breakpoint
CREATE INDEX "todos_description_asc_idx" ON "todos" USING btree (left("description", 100),"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "todos_description_trgm" ON "todos" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "todos_description_prefix_idx" ON "todos" USING btree (lower(left("description", 64)) text_pattern_ops);--> statement-breakpoint
-- hand-written
-- Sort keys copied into services (services.table.ts), kept by the database in the writing
-- transaction: filled on every insert and on a change of customer or creator, followed when a
-- customer or a user is renamed.
CREATE OR REPLACE FUNCTION services_fill_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.short_name INTO NEW.customer_short_name FROM customers c WHERE c.id = NEW.customer_id;
  SELECT u.last_name, u.first_name INTO NEW.user_last_name, NEW.user_first_name
    FROM users u WHERE u.id = NEW.user_created_id;
  NEW.customer_short_name := coalesce(NEW.customer_short_name, '');
  NEW.user_last_name := coalesce(NEW.user_last_name, '');
  NEW.user_first_name := coalesce(NEW.user_first_name, '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER services_list_keys_ins BEFORE INSERT ON services
  FOR EACH ROW EXECUTE FUNCTION services_fill_list_keys();
--> statement-breakpoint
CREATE TRIGGER services_list_keys_upd BEFORE UPDATE OF customer_id, user_created_id ON services
  FOR EACH ROW EXECUTE FUNCTION services_fill_list_keys();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customers_follow_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE services SET customer_short_name = NEW.short_name
    WHERE customer_id = NEW.id AND customer_short_name IS DISTINCT FROM NEW.short_name;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_list_keys AFTER UPDATE OF short_name ON customers
  FOR EACH ROW WHEN (OLD.short_name IS DISTINCT FROM NEW.short_name)
  EXECUTE FUNCTION customers_follow_list_keys();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_follow_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE services SET user_last_name = NEW.last_name, user_first_name = NEW.first_name
    WHERE user_created_id = NEW.id
      AND (user_last_name, user_first_name) IS DISTINCT FROM (NEW.last_name, NEW.first_name);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_list_keys AFTER UPDATE OF first_name, last_name ON users
  FOR EACH ROW WHEN ((OLD.first_name, OLD.last_name) IS DISTINCT FROM (NEW.first_name, NEW.last_name))
  EXECUTE FUNCTION users_follow_list_keys();
--> statement-breakpoint
-- The rows already there, in one pass.
UPDATE services s
  SET customer_short_name = c.short_name, user_last_name = u.last_name, user_first_name = u.first_name
  FROM customers c, users u WHERE c.id = s.customer_id AND u.id = s.user_created_id;

--> statement-breakpoint
ALTER TABLE "inspection_summaries" ADD COLUMN "device_name" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inspection_summaries" ADD COLUMN "city" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inspection_summaries" ADD COLUMN "status_weight" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "inspection_summaries" ADD COLUMN "transfer_date" date;--> statement-breakpoint
ALTER TABLE "inspection_summaries" ADD COLUMN "warranty_end" date;--> statement-breakpoint
ALTER TABLE "inspection_summaries" ADD COLUMN "customer_short_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inspection_summaries" ADD COLUMN "category_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "inspection_summaries_search_trgm" ON "inspection_summaries" USING gin (("device_name" || chr(31) || "city" || chr(31) || "customer_short_name" || chr(31) || "category_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inspection_summaries_name_prefix_idx" ON "inspection_summaries" USING btree (lower(left("device_name", 64)) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "inspection_summaries_city_prefix_idx" ON "inspection_summaries" USING btree (lower(left("city", 64)) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "inspection_summaries_customer_prefix_idx" ON "inspection_summaries" USING btree (lower(left("customer_short_name", 64)) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "inspection_summaries_category_prefix_idx" ON "inspection_summaries" USING btree (lower(left("category_name", 64)) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "inspection_summaries_last_asc_idx" ON "inspection_summaries" USING btree ("last_inspection","device_id","listed","actual");--> statement-breakpoint
CREATE INDEX "inspection_summaries_last_desc_idx" ON "inspection_summaries" USING btree ("last_inspection" DESC NULLS LAST,"device_id","listed","actual");--> statement-breakpoint
CREATE INDEX "inspection_summaries_status_asc_idx" ON "inspection_summaries" USING btree ("status_weight","device_id","listed","actual");--> statement-breakpoint
CREATE INDEX "inspection_summaries_status_desc_idx" ON "inspection_summaries" USING btree ("status_weight" DESC NULLS LAST,"device_id","listed","actual");--> statement-breakpoint
CREATE INDEX "inspection_summaries_name_asc_idx" ON "inspection_summaries" USING btree ("device_name","device_id","listed","actual");--> statement-breakpoint
CREATE INDEX "inspection_summaries_name_desc_idx" ON "inspection_summaries" USING btree ("device_name" DESC NULLS LAST,"device_id","listed","actual");--> statement-breakpoint
CREATE INDEX "inspection_summaries_category_asc_idx" ON "inspection_summaries" USING btree ("category_name","device_id","listed","actual");--> statement-breakpoint
CREATE INDEX "inspection_summaries_category_desc_idx" ON "inspection_summaries" USING btree ("category_name" DESC NULLS LAST,"device_id","listed","actual");--> statement-breakpoint
CREATE INDEX "inspection_summaries_customer_asc_idx" ON "inspection_summaries" USING btree ("customer_short_name","device_id","listed","actual");--> statement-breakpoint
CREATE INDEX "inspection_summaries_customer_desc_idx" ON "inspection_summaries" USING btree ("customer_short_name" DESC NULLS LAST,"device_id","listed","actual");--> statement-breakpoint
CREATE INDEX "inspection_summaries_city_asc_idx" ON "inspection_summaries" USING btree ("city","device_id","listed","actual");--> statement-breakpoint
CREATE INDEX "inspection_summaries_city_desc_idx" ON "inspection_summaries" USING btree ("city" DESC NULLS LAST,"device_id","listed","actual");--> statement-breakpoint
CREATE INDEX "inspection_summaries_transfer_asc_idx" ON "inspection_summaries" USING btree ("transfer_date","device_id","listed","actual");--> statement-breakpoint
CREATE INDEX "inspection_summaries_transfer_desc_idx" ON "inspection_summaries" USING btree ("transfer_date" DESC NULLS LAST,"device_id","listed","actual");--> statement-breakpoint
CREATE INDEX "inspection_summaries_warranty_end_asc_idx" ON "inspection_summaries" USING btree ("warranty_end","device_id","listed","actual");--> statement-breakpoint
CREATE INDEX "inspection_summaries_warranty_end_desc_idx" ON "inspection_summaries" USING btree ("warranty_end" DESC NULLS LAST,"device_id","listed","actual");--> statement-breakpoint
-- hand-written
-- The list's sort keys copied into the summaries (inspection-summaries.table.ts), kept by the
-- database in the writing transaction: filled whenever a summary row is written, refreshed when its
-- machine, the machine's customer or its category changes what the list shows.
CREATE OR REPLACE FUNCTION inspection_summaries_fill_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT d.name, d.city, d.status_weight, d.transfer_date,
         (d.transfer_date + make_interval(months => d.warranty_length))::date, c.short_name, k.name
    INTO NEW.device_name, NEW.city, NEW.status_weight, NEW.transfer_date, NEW.warranty_end,
         NEW.customer_short_name, NEW.category_name
    FROM devices d JOIN customers c ON c.id = d.customer_id JOIN categories k ON k.id = d.category_id
    WHERE d.id = NEW.device_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER inspection_summaries_keys BEFORE INSERT OR UPDATE ON inspection_summaries
  FOR EACH ROW EXECUTE FUNCTION inspection_summaries_fill_keys();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION devices_follow_inspection_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A no-op update: the BEFORE trigger above copies the keys again.
  UPDATE inspection_summaries SET device_id = device_id WHERE device_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER devices_inspection_keys AFTER UPDATE ON devices
  FOR EACH ROW WHEN ((OLD.name, OLD.city, OLD.status_weight, OLD.transfer_date, OLD.warranty_length,
    OLD.customer_id, OLD.category_id) IS DISTINCT FROM (NEW.name, NEW.city, NEW.status_weight,
    NEW.transfer_date, NEW.warranty_length, NEW.customer_id, NEW.category_id))
  EXECUTE FUNCTION devices_follow_inspection_keys();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customers_follow_inspection_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inspection_summaries s SET customer_short_name = NEW.short_name
    FROM devices d WHERE d.id = s.device_id AND d.customer_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_inspection_keys AFTER UPDATE OF short_name ON customers
  FOR EACH ROW WHEN (OLD.short_name IS DISTINCT FROM NEW.short_name)
  EXECUTE FUNCTION customers_follow_inspection_keys();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION categories_follow_inspection_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inspection_summaries s SET category_name = NEW.name
    FROM devices d WHERE d.id = s.device_id AND d.category_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_inspection_keys AFTER UPDATE OF name ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION categories_follow_inspection_keys();
--> statement-breakpoint
-- The rows already there (the BEFORE trigger fills them).
UPDATE inspection_summaries SET device_id = device_id;
