-- hand-written
-- The family lists' order indexes narrow again, as before 0021, and the signature walk's own wide
-- copies beside them (docs/decisions.md, "A walk that skips by signature"). With the signature and
-- the names carried in the order index itself, the planner walked the narrower index of both
-- families for the lists' own query and checked the family on every event it passed ("wyciek" of
-- the third-party machines, page 1,000: 69 → 87–127 ms at 5,000,000 events).
DROP INDEX "services_internal_order_idx";
--> statement-breakpoint
DROP INDEX "services_external_order_idx";
--> statement-breakpoint
CREATE INDEX "services_internal_order_idx" ON "services" USING btree ("year", "month", "number", "number_extension", "id")
  WHERE "services"."has_internal";
--> statement-breakpoint
CREATE INDEX "services_external_order_idx" ON "services" USING btree ("year", "month", "number", "number_extension", "id")
  WHERE "services"."has_external";
--> statement-breakpoint
CREATE INDEX "services_internal_walk_idx" ON "services" USING btree ("year", "month", "number", "number_extension", "id")
  INCLUDE ("customer_id", "user_created_id", "fault_head", "fault_sig1", "fault_sig2", "fault_sig3", "fault_sig4")
  WHERE "services"."has_internal";
--> statement-breakpoint
CREATE INDEX "services_external_walk_idx" ON "services" USING btree ("year", "month", "number", "number_extension", "id")
  INCLUDE ("customer_id", "user_created_id", "fault_head", "fault_sig1", "fault_sig2", "fault_sig3", "fault_sig4")
  WHERE "services"."has_external";
