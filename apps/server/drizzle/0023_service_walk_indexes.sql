-- hand-written
-- The signature walk's indexes (docs/decisions.md, "A walk that skips by signature"): each family's
-- default order (the full number) with the customer, the creator, the description's start and its
-- trigram signature, beside the family's narrow order index. Carried in the order index itself,
-- the bits made it three times its size, and the planner walked the narrower index of both
-- families for the lists' own query, checking the family on every event it passed ("wyciek" of the
-- third-party machines, page 1,000: 69 → 87–127 ms at 5,000,000 events).
CREATE INDEX "services_internal_walk_idx" ON "services" USING btree ("year", "month", "number", "number_extension", "id")
  INCLUDE ("customer_id", "user_created_id", "fault_head", "fault_sig1", "fault_sig2", "fault_sig3", "fault_sig4")
  WHERE "services"."has_internal";
--> statement-breakpoint
CREATE INDEX "services_external_walk_idx" ON "services" USING btree ("year", "month", "number", "number_extension", "id")
  INCLUDE ("customer_id", "user_created_id", "fault_head", "fault_sig1", "fault_sig2", "fault_sig3", "fault_sig4")
  WHERE "services"."has_external";
