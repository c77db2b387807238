CREATE INDEX "devices_type_id_idx" ON "devices" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "todos_open_date_idx" ON "todos" USING btree ("date","id") WHERE "todos"."to_do_status" = 'TODO';--> statement-breakpoint
CREATE INDEX "todos_open_date_asc_idx" ON "todos" USING btree ("date","id" DESC NULLS FIRST) WHERE "todos"."to_do_status" = 'TODO';--> statement-breakpoint
CREATE INDEX "todos_open_description_idx" ON "todos" USING btree (left("description", 100),"id") WHERE "todos"."to_do_status" = 'TODO';--> statement-breakpoint
CREATE INDEX "todos_open_description_asc_idx" ON "todos" USING btree (left("description", 100),"id" DESC NULLS FIRST) WHERE "todos"."to_do_status" = 'TODO';