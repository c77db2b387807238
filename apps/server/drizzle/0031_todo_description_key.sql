DROP INDEX "todos_description_idx";--> statement-breakpoint
DROP INDEX "todos_description_asc_idx";--> statement-breakpoint
DROP INDEX "todos_open_description_idx";--> statement-breakpoint
DROP INDEX "todos_open_description_asc_idx";--> statement-breakpoint
-- hand-written
-- The description's sort key (todos.table.ts, descriptionKey): filled in one rewrite (a generated
-- column), then a plain column the trigger keeps beside the search copy (0028).
ALTER TABLE "todos" ADD COLUMN "description_key" text GENERATED ALWAYS AS (left("description", 100)) STORED;--> statement-breakpoint
ALTER TABLE "todos" ALTER COLUMN "description_key" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "todos" ALTER COLUMN "description_key" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "todos" ALTER COLUMN "description_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "todos_description_idx" ON "todos" USING btree ("description_key","id");--> statement-breakpoint
CREATE INDEX "todos_description_asc_idx" ON "todos" USING btree ("description_key","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "todos_open_description_idx" ON "todos" USING btree ("description_key","id") WHERE "todos"."to_do_status" = 'TODO';--> statement-breakpoint
CREATE INDEX "todos_open_description_asc_idx" ON "todos" USING btree ("description_key","id" DESC NULLS FIRST) WHERE "todos"."to_do_status" = 'TODO';--> statement-breakpoint
-- One trigger keeps both copies: on every insert, and on every update that writes the description
-- or either copy.
DROP TRIGGER "todos_search_ins" ON "todos";--> statement-breakpoint
DROP TRIGGER "todos_search_upd" ON "todos";--> statement-breakpoint
DROP FUNCTION "todos_fill_search"();--> statement-breakpoint
CREATE FUNCTION "todos_fill_copies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.description_search := lower(NEW.description);
  NEW.description_key := left(NEW.description, 100);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "todos_copies_ins" BEFORE INSERT ON "todos" FOR EACH ROW EXECUTE FUNCTION "todos_fill_copies"();
--> statement-breakpoint
CREATE TRIGGER "todos_copies_upd" BEFORE UPDATE OF "description", "description_search", "description_key" ON "todos"
  FOR EACH ROW EXECUTE FUNCTION "todos_fill_copies"();
