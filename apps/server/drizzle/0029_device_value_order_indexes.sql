CREATE INDEX "devices_type_city_weight_idx" ON "devices" USING btree ("type","city","status_weight","id");--> statement-breakpoint
CREATE INDEX "devices_type_power_weight_idx" ON "devices" USING btree ("type","source_power","status_weight","id");--> statement-breakpoint
CREATE INDEX "devices_type_warranty_weight_idx" ON "devices" USING btree ("type","warranty","status_weight","id");--> statement-breakpoint
-- hand-written
-- A customer's and a category's machines in list order also carry their family (INCLUDE, which
-- Drizzle cannot declare): a family list filtered by customers or categories takes each one's
-- machines of the family in the default order from the index alone (devices.value-walk.ts), and
-- counts them there.
DROP INDEX "devices_customer_idx";--> statement-breakpoint
CREATE INDEX "devices_customer_idx" ON "devices" USING btree ("customer_id","status_weight","id") INCLUDE ("type");--> statement-breakpoint
DROP INDEX "devices_category_idx";--> statement-breakpoint
CREATE INDEX "devices_category_idx" ON "devices" USING btree ("category_id","status_weight","id") INCLUDE ("type");
