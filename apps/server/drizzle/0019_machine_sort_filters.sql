-- hand-written
-- The machine lists' main orders (status, id, name, customer, category, serial number, handover
-- date) carry the columns of the filters that name a value rather than search a text: status,
-- customer, category, handover date and province (INCLUDE, which Drizzle cannot declare; see
-- devices.table.ts). The default order (status) also carries the zip code, power, serial number,
-- name and warranty length: its filters on those and the search's short terms check the index
-- entry. A deep page of such a filter in such an order is then a walk of the index alone, where it
-- read the machine of every entry it passed (docs/decisions.md, "The main orders carry the
-- filters"). Its entry holds at most 525 characters (type 10, name 255, serial number and power
-- 100 each, zip code 20, province 40 by the columns' limits): under a B-tree entry's 2,704 bytes
-- even in four-byte characters. The city, street and warranty are not carried: the city's own
-- trigram index serves its filter better, the other two would pass that size.
DROP INDEX "devices_type_weight_idx";
--> statement-breakpoint
CREATE INDEX "devices_type_weight_idx" ON "devices" USING btree ("type", "status_weight", "id")
  INCLUDE ("customer_id", "category_id", "transfer_date", "province", "zip_code", "source_power",
    "serial_number", "name", "warranty_length");
--> statement-breakpoint
DROP INDEX "devices_type_id_idx";
--> statement-breakpoint
CREATE INDEX "devices_type_id_idx" ON "devices" USING btree ("type", "id")
  INCLUDE ("status_weight", "customer_id", "category_id", "transfer_date", "province");
--> statement-breakpoint
DROP INDEX "devices_type_name_idx";
--> statement-breakpoint
CREATE INDEX "devices_type_name_idx" ON "devices" USING btree ("type", "name", "id")
  INCLUDE ("status_weight", "customer_id", "category_id", "transfer_date", "province");
--> statement-breakpoint
DROP INDEX "devices_type_customer_name_idx";
--> statement-breakpoint
CREATE INDEX "devices_type_customer_name_idx" ON "devices" USING btree ("type", "customer_short_name", "id")
  INCLUDE ("status_weight", "customer_id", "category_id", "transfer_date", "province");
--> statement-breakpoint
DROP INDEX "devices_type_category_name_idx";
--> statement-breakpoint
CREATE INDEX "devices_type_category_name_idx" ON "devices" USING btree ("type", "category_name", "id")
  INCLUDE ("status_weight", "customer_id", "category_id", "transfer_date", "province");
--> statement-breakpoint
DROP INDEX "devices_type_serial_idx";
--> statement-breakpoint
CREATE INDEX "devices_type_serial_idx" ON "devices" USING btree ("type", "serial_number", "id")
  INCLUDE ("status_weight", "customer_id", "category_id", "transfer_date", "province");
--> statement-breakpoint
DROP INDEX "devices_transfer_date_idx";
--> statement-breakpoint
CREATE INDEX "devices_transfer_date_idx" ON "devices" USING btree ("type", "transfer_date", "id")
  INCLUDE ("status_weight", "customer_id", "category_id", "province");
--> statement-breakpoint
DROP INDEX "devices_transfer_date_desc_idx";
--> statement-breakpoint
CREATE INDEX "devices_transfer_date_desc_idx" ON "devices" USING btree ("type", "transfer_date" DESC NULLS LAST, "id" DESC)
  INCLUDE ("status_weight", "customer_id", "category_id", "province");
