DROP INDEX "todos_description_trgm";--> statement-breakpoint
DROP INDEX "todos_description_prefix_idx";--> statement-breakpoint
-- hand-written
-- The to-dos' search copy (todos.table.ts, descriptionSearch; docs/decisions.md, "The to-dos' search
-- copy"): filled in one rewrite of the table (a generated column), then made a plain column the
-- trigger below keeps, as the events' fault_search (0015).
ALTER TABLE "todos" ADD COLUMN "description_search" text GENERATED ALWAYS AS (lower("description")) STORED;--> statement-breakpoint
ALTER TABLE "todos" ALTER COLUMN "description_search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "todos" ALTER COLUMN "description_search" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "todos" ALTER COLUMN "description_search" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "todos_description_search_trgm" ON "todos" USING gin ("description_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "todos_description_search_prefix_idx" ON "todos" USING btree (left("description_search", 64) text_pattern_ops);--> statement-breakpoint
-- On every insert, and on every update that writes the description or the copy: whatever a
-- statement (or a restore) writes into the copy, it holds the description lower-cased.
CREATE FUNCTION "todos_fill_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.description_search := lower(NEW.description);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "todos_search_ins" BEFORE INSERT ON "todos" FOR EACH ROW EXECUTE FUNCTION "todos_fill_search"();
--> statement-breakpoint
CREATE TRIGGER "todos_search_upd" BEFORE UPDATE OF "description", "description_search" ON "todos"
  FOR EACH ROW EXECUTE FUNCTION "todos_fill_search"();
