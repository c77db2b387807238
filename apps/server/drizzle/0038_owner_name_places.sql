-- hand-written
-- A customer's and a category's machines by name also carry their family, city and province
-- (INCLUDE, which Drizzle cannot declare): a family list filtered by customers or categories with a
-- city or provinces filter counts its matches on these entries alone (countsOnOneIndex in
-- devices.query.ts), where the planner intersected the city's trigram entries with the owner's.
DROP INDEX "devices_customer_name_idx";--> statement-breakpoint
CREATE INDEX "devices_customer_name_idx" ON "devices" USING btree ("customer_id","name","id") INCLUDE ("type","city","province");--> statement-breakpoint
DROP INDEX "devices_category_name_idx";--> statement-breakpoint
CREATE INDEX "devices_category_name_idx" ON "devices" USING btree ("category_id","name","id") INCLUDE ("type","city","province");
