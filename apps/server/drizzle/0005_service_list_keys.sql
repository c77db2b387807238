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
