CREATE TABLE "inspection_due_counts" (
	"due_date" date PRIMARY KEY NOT NULL,
	"machines" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- hand-written
-- The per-day counts follow inspection_summaries through statement-level triggers with transition
-- tables: one grouped upsert per statement (a bulk recomputation of 100,000 machines is one
-- statement, not 100,000), the days in ascending order so two transactions never wait for each
-- other in a circle. Every way a summary changes (the application's upserts, a machine's cascaded
-- delete, a repair written by hand, a truncate) goes through them.
CREATE FUNCTION "inspection_due_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "inspection_due_counts";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "inspection_due_counts" AS c ("due_date", "machines")
    SELECT "next_inspection", count(*)::int FROM "new_rows"
    WHERE "actual" AND "next_inspection" IS NOT NULL
    GROUP BY "next_inspection" ORDER BY "next_inspection"
    ON CONFLICT ("due_date") DO UPDATE SET "machines" = c."machines" + excluded."machines";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "inspection_due_counts" AS c ("due_date", "machines")
    SELECT "next_inspection", -count(*)::int FROM "old_rows"
    WHERE "actual" AND "next_inspection" IS NOT NULL
    GROUP BY "next_inspection" ORDER BY "next_inspection"
    ON CONFLICT ("due_date") DO UPDATE SET "machines" = c."machines" + excluded."machines";
  ELSE
    INSERT INTO "inspection_due_counts" AS c ("due_date", "machines")
    SELECT d."due_date", sum(d."delta")::int FROM (
      SELECT "next_inspection" AS "due_date", 1 AS "delta" FROM "new_rows"
      WHERE "actual" AND "next_inspection" IS NOT NULL
      UNION ALL
      SELECT "next_inspection", -1 FROM "old_rows"
      WHERE "actual" AND "next_inspection" IS NOT NULL
    ) d
    GROUP BY d."due_date" HAVING sum(d."delta") <> 0 ORDER BY d."due_date"
    ON CONFLICT ("due_date") DO UPDATE SET "machines" = c."machines" + excluded."machines";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
LOCK TABLE "inspection_summaries" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER "inspection_due_counts_insert" AFTER INSERT ON "inspection_summaries"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "inspection_due_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "inspection_due_counts_update" AFTER UPDATE ON "inspection_summaries"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "inspection_due_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "inspection_due_counts_delete" AFTER DELETE ON "inspection_summaries"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "inspection_due_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "inspection_due_counts_truncate" AFTER TRUNCATE ON "inspection_summaries"
  FOR EACH STATEMENT EXECUTE FUNCTION "inspection_due_counts_follow"();
--> statement-breakpoint
-- Backfill from the summaries as they are (under the lock above, in the migration's transaction).
INSERT INTO "inspection_due_counts" ("due_date", "machines")
SELECT "next_inspection", count(*)::int FROM "inspection_summaries"
WHERE "actual" AND "next_inspection" IS NOT NULL
GROUP BY "next_inspection";
