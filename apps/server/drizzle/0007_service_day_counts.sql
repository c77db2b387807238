CREATE TABLE "service_day_counts" (
	"day" date NOT NULL,
	"state" varchar(20) NOT NULL,
	"services" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_day_counts_day_state_pk" PRIMARY KEY("day","state")
);
--> statement-breakpoint
-- hand-written
-- Kept like inspection_due_counts (0005): statement-level triggers with transition tables, one
-- grouped upsert per statement in (day, state) order; an update that changes no date or state
-- nets to nothing and touches no row.
CREATE FUNCTION "service_day_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "service_day_counts";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "service_day_counts" AS c ("day", "state", "services")
    SELECT "date", "state", count(*)::int FROM "new_rows"
    GROUP BY "date", "state" ORDER BY "date", "state"
    ON CONFLICT ("day", "state") DO UPDATE SET "services" = c."services" + excluded."services";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "service_day_counts" AS c ("day", "state", "services")
    SELECT "date", "state", -count(*)::int FROM "old_rows"
    GROUP BY "date", "state" ORDER BY "date", "state"
    ON CONFLICT ("day", "state") DO UPDATE SET "services" = c."services" + excluded."services";
  ELSE
    INSERT INTO "service_day_counts" AS c ("day", "state", "services")
    SELECT d."day", d."state", sum(d."delta")::int FROM (
      SELECT "date" AS "day", "state", 1 AS "delta" FROM "new_rows"
      UNION ALL
      SELECT "date", "state", -1 FROM "old_rows"
    ) d
    GROUP BY d."day", d."state" HAVING sum(d."delta") <> 0 ORDER BY d."day", d."state"
    ON CONFLICT ("day", "state") DO UPDATE SET "services" = c."services" + excluded."services";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
LOCK TABLE "services" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER "service_day_counts_insert" AFTER INSERT ON "services"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "service_day_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "service_day_counts_update" AFTER UPDATE ON "services"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "service_day_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "service_day_counts_delete" AFTER DELETE ON "services"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "service_day_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "service_day_counts_truncate" AFTER TRUNCATE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION "service_day_counts_follow"();
--> statement-breakpoint
-- Backfill from the events as they are (under the lock above, in the migration's transaction).
INSERT INTO "service_day_counts" ("day", "state", "services")
SELECT "date", "state", count(*)::int FROM "services" GROUP BY "date", "state";
