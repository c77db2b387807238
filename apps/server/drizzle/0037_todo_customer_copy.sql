ALTER TABLE "todos" ADD COLUMN "customer_id" integer;--> statement-breakpoint
-- hand-written
-- The customer of each to-do's event, copied before the index is built (todos.table.ts, customerId).
UPDATE "todos" SET "customer_id" = "services"."customer_id"
  FROM "services" WHERE "services"."id" = "todos"."service_id";--> statement-breakpoint
CREATE INDEX "todos_customer_idx" ON "todos" USING btree ("customer_id","to_do_status","id");--> statement-breakpoint
-- A to-do takes its event's customer when it is added or moved to another event; a value the
-- application might write is replaced.
CREATE FUNCTION "todos_fill_customer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.customer_id := (SELECT "customer_id" FROM "services" WHERE "id" = NEW.service_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "todos_customer_ins" BEFORE INSERT ON "todos" FOR EACH ROW EXECUTE FUNCTION "todos_fill_customer"();
--> statement-breakpoint
CREATE TRIGGER "todos_customer_upd" BEFORE UPDATE OF "service_id", "customer_id" ON "todos"
  FOR EACH ROW EXECUTE FUNCTION "todos_fill_customer"();
--> statement-breakpoint
-- An event given another customer hands it to its to-do (at most one: todos_service_uq).
CREATE FUNCTION "services_follow_todo_customer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "todos" SET "customer_id" = NEW.customer_id WHERE "service_id" = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "services_todo_customer" AFTER UPDATE OF "customer_id" ON "services" FOR EACH ROW
  WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id) EXECUTE FUNCTION "services_follow_todo_customer"();
