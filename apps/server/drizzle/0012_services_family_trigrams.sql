DROP INDEX "services_fault_trgm";--> statement-breakpoint
CREATE INDEX "services_internal_fault_trgm" ON "services" USING gin ("fault_description" gin_trgm_ops) WHERE "services"."has_internal";--> statement-breakpoint
CREATE INDEX "services_external_fault_trgm" ON "services" USING gin ("fault_description" gin_trgm_ops) WHERE "services"."has_external";