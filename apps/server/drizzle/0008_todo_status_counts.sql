CREATE TABLE "todo_status_counts" (
	"status" varchar(10) PRIMARY KEY NOT NULL,
	"todos" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- hand-written
-- Kept like inspection_due_counts (0005) and service_day_counts: statement-level triggers with
-- transition tables, one grouped upsert per statement in status order.
CREATE FUNCTION "todo_status_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "todo_status_counts";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "todo_status_counts" AS c ("status", "todos")
    SELECT "to_do_status", count(*)::int FROM "new_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("status") DO UPDATE SET "todos" = c."todos" + excluded."todos";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "todo_status_counts" AS c ("status", "todos")
    SELECT "to_do_status", -count(*)::int FROM "old_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("status") DO UPDATE SET "todos" = c."todos" + excluded."todos";
  ELSE
    INSERT INTO "todo_status_counts" AS c ("status", "todos")
    SELECT d."status", sum(d."delta")::int FROM (
      SELECT "to_do_status" AS "status", 1 AS "delta" FROM "new_rows"
      UNION ALL
      SELECT "to_do_status", -1 FROM "old_rows"
    ) d
    GROUP BY d."status" HAVING sum(d."delta") <> 0 ORDER BY d."status"
    ON CONFLICT ("status") DO UPDATE SET "todos" = c."todos" + excluded."todos";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
LOCK TABLE "todos" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER "todo_status_counts_insert" AFTER INSERT ON "todos"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "todo_status_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "todo_status_counts_update" AFTER UPDATE ON "todos"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "todo_status_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "todo_status_counts_delete" AFTER DELETE ON "todos"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "todo_status_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "todo_status_counts_truncate" AFTER TRUNCATE ON "todos"
  FOR EACH STATEMENT EXECUTE FUNCTION "todo_status_counts_follow"();
--> statement-breakpoint
-- Backfill from the to-dos as they are (under the lock above, in the migration's transaction).
INSERT INTO "todo_status_counts" ("status", "todos")
SELECT "to_do_status", count(*)::int FROM "todos" GROUP BY 1;
